import jsQR from 'jsqr';
import sharp from 'sharp';

/**
 * Screenshots are scaled down to this many pixels on their longer side before the QR search: a
 * phone screenshot's code stays dozens of pixels per module, and jsQR's time grows with the area.
 */
const qrSearchSidePx = 1200;

/**
 * The text of the QR code in an image (an upload, already re-encoded by the upload module), or
 * null when none can be read. sharp gives raw RGBA pixels; jsQR finds and decodes the code,
 * dark-on-light or inverted.
 */
export async function readQrText(image: Uint8Array): Promise<string | null> {
  try {
    const { data, info } = await sharp(image, { failOn: 'error' })
      .rotate()
      .resize({ width: qrSearchSidePx, height: qrSearchSidePx, fit: 'inside', withoutEnlargement: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
    const code = jsQR(pixels, info.width, info.height, { inversionAttempts: 'attemptBoth' });
    return code ? code.data : null;
  } catch {
    return null;
  }
}
