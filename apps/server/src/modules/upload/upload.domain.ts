/**
 * Pure rules of uploads: what an image is (by its first bytes, never by its name or declared
 * type), how a stored file is named, and who may read it.
 */

export type ImageType = 'jpeg' | 'png' | 'webp' | 'gif';
export type FileVisibility = 'public' | 'private';

export const imageFormats: Readonly<Record<ImageType, { contentType: string; extension: string }>> = {
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  png: { contentType: 'image/png', extension: 'png' },
  webp: { contentType: 'image/webp', extension: 'webp' },
  gif: { contentType: 'image/gif', extension: 'gif' },
};

/** Random part of a stored name: 16 bytes as hex, so names can be neither guessed nor chosen. */
export const storedNameHexLength = 32;
export const uploadsPathPrefix = '/uploads/';

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, expected: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + expected.length) return false;
  return expected.every((byte, index) => bytes[offset + index] === byte);
}

function asciiAt(bytes: Uint8Array, offset: number, text: string): boolean {
  return startsWith(
    bytes,
    [...text].map((character) => character.charCodeAt(0)),
    offset,
  );
}

/**
 * The image type announced by the file's magic bytes, or null for anything else (SVG, HTML, PDF,
 * TIFF, HEIF...). The decoder later confirms the whole file really is that type.
 */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, pngSignature)) return 'png';
  if (asciiAt(bytes, 0, 'RIFF') && asciiAt(bytes, 8, 'WEBP')) return 'webp';
  if (asciiAt(bytes, 0, 'GIF87a') || asciiAt(bytes, 0, 'GIF89a')) return 'gif';
  return null;
}

/** Decoders trust header dimensions, so the pixel budget is checked on them before decoding. */
export function exceedsPixelLimit(
  image: { width: number; height: number; frames: number },
  pixelsMax: number,
): boolean {
  return image.width * image.height * Math.max(1, image.frames) > pixelsMax;
}

/** `2026/11/<32 hex>.jpg`: a month folder keeps directories small; the name is pure randomness. */
export function storageKeyFor(params: { now: Date; randomHex: string; type: ImageType }): string {
  const year = params.now.getUTCFullYear().toString().padStart(4, '0');
  const month = (params.now.getUTCMonth() + 1).toString().padStart(2, '0');
  return `${year}/${month}/${params.randomHex}.${imageFormats[params.type].extension}`;
}

const uploadKeyPattern = new RegExp(
  `^\\d{4}/(0[1-9]|1[0-2])/[0-9a-f]{${storedNameHexLength}}\\.(jpg|png|webp|gif)$`,
);

/** Only keys this module could have made are looked up; `../`, odd names and encodings are not. */
export function isUploadKey(key: string): boolean {
  return uploadKeyPattern.test(key);
}

export function publicPathOf(key: string): string {
  return `${uploadsPathPrefix}${key}`;
}

/** Who asks for a file: a signed-in user, a staff member, or nobody (a Principal fits). */
export type FileReader =
  | { readonly kind: 'user'; readonly userId: number }
  | { readonly kind: 'staff'; readonly roles: readonly string[] };

/**
 * The staff role that reviews a private file, and so may read it besides its owner and admins:
 * compliance for identity photos, finance for deposit vouchers and withdrawal QR codes.
 */
export type FileReviewer = 'compliance' | 'finance';

/**
 * Public files are for everyone; private ones (ID photos, vouchers) only for their owner and for
 * compliance (or admin) staff.
 */
export function mayRead(
  file: { visibility: FileVisibility; ownerUserId: number | null; reviewer?: FileReviewer | null },
  reader: FileReader | null,
): boolean {
  if (file.visibility === 'public') return true;
  if (reader === null) return false;
  if (reader.kind === 'staff') {
    const reviewer = file.reviewer ?? 'compliance';
    return reader.roles.some((role) => role === 'admin' || role === reviewer);
  }
  return file.ownerUserId !== null && file.ownerUserId === reader.userId;
}

/** The storage key inside a public path (`/uploads/<key>`), or null when it is not one of ours. */
export function uploadKeyOfPath(path: string): string | null {
  if (!path.startsWith(uploadsPathPrefix)) return null;
  const key = path.slice(uploadsPathPrefix.length);
  return isUploadKey(key) ? key : null;
}
