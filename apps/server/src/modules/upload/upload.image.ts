import { uploadMaxPixels } from '@fairex/contract';
import sharp, { type Sharp } from 'sharp';
import { assertNever } from '../../platform/http/route-policy';
import { createSemaphore } from '../../platform/semaphore';
import { exceedsPixelLimit, type ImageType } from './upload.domain';

/**
 * The image codec adapter: every accepted upload is decoded and encoded afresh, so nothing of the
 * original file survives but its pixels (no EXIF, GPS, comments, trailing HTML or script).
 */
export type ReencodeOutcome =
  | { readonly ok: true; readonly bytes: Buffer; readonly width: number; readonly height: number }
  | { readonly ok: false; readonly reason: 'tooManyPixels' | 'unreadable' };

/**
 * Image decoding and encoding run on libuv's thread pool (4 threads), which password hashing
 * (argon2) needs too: twelve big GIFs at once made sign-in wait seconds (issue 22 defect 5). One
 * image at a time keeps the other threads for sign-in; a long queue is refused, not grown.
 */
export const imageWorkConcurrency = 1;
export const imageWorkWaitingMax = 16;
export const imageWork = createSemaphore(imageWorkConcurrency, imageWorkWaitingMax);

const jpegQuality = 85;
const webpQuality = 85;

type Header = { format: string; width: number; height: number; frames: number };

/** Reads only the header; the pixel budget is then checked before anything is decoded. */
async function readHeader(bytes: Buffer): Promise<Header | null> {
  try {
    const metadata = await sharp(bytes, { limitInputPixels: false, failOn: 'error' }).metadata();
    return {
      format: metadata.format,
      width: metadata.width,
      height: metadata.height,
      frames: metadata.pages ?? 1,
    };
  } catch {
    return null;
  }
}

function encoderFor(type: ImageType, image: Sharp): Sharp {
  switch (type) {
    case 'jpeg':
      return image.jpeg({ quality: jpegQuality, mozjpeg: true });
    case 'png':
      return image.png();
    case 'webp':
      return image.webp({ quality: webpQuality });
    case 'gif':
      return image.gif();
    default:
      return assertNever(type);
  }
}

function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

/**
 * Decodes `bytes` as `type` (the type the magic bytes announced; the decoder must agree), turns it
 * upright by its EXIF orientation, and encodes it again in the same format with no metadata.
 */
export function reencodeImage(bytes: Buffer, type: ImageType): Promise<ReencodeOutcome> {
  return imageWork.run(() => reencodeNow(bytes, type));
}

async function reencodeNow(bytes: Buffer, type: ImageType): Promise<ReencodeOutcome> {
  const header = await readHeader(bytes);
  if (!header || header.format !== type) return { ok: false, reason: 'unreadable' };
  if (exceedsPixelLimit(header, uploadMaxPixels)) return { ok: false, reason: 'tooManyPixels' };
  const animated = header.frames > 1;
  try {
    // limitInputPixels again: the header was read by a separate decoder instance, so the real
    // decode keeps its own guard; failOn 'error' refuses truncated or corrupt pixel data.
    const decoder = sharp(bytes, {
      limitInputPixels: uploadMaxPixels,
      failOn: 'error',
      animated,
      autoOrient: !animated,
    });
    const { data, info } = await encoderFor(type, decoder).toBuffer({ resolveWithObject: true });
    return { ok: true, bytes: data, width: info.width, height: info.pageHeight ?? info.height };
  } catch (error) {
    return { ok: false, reason: isPixelLimitError(error) ? 'tooManyPixels' : 'unreadable' };
  }
}
