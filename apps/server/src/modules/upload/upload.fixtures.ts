import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Test images and multipart bodies, generated on the fly so no binary fixtures live in the repo. */

const gpsExif = {
  IFD0: { Make: 'FixtureCam', Model: 'Model 1' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '51/1 30/1 26/1',
    GPSLongitudeRef: 'W',
    GPSLongitude: '0/1 7/1 39/1',
  },
};

/** A 64x48 JPEG that says "rotate 90 degrees" and where it was taken. */
export function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#c03020' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif(gpsExif)
    .toBuffer();
}

export function pngImage(width = 32, height = 24): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: '#2080c0' } })
    .png()
    .toBuffer();
}

export function webpImage(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: '#20c080' } })
    .webp()
    .toBuffer();
}

export function gifImage(): Promise<Buffer> {
  return sharp({ create: { width: 20, height: 10, channels: 4, background: '#ffcc00' } })
    .gif()
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, checksum]);
}

/**
 * A real, valid 1-bit PNG of side x side pixels of one colour: tiny on disk, huge once decoded.
 * Built by hand because asking an encoder for 400 megapixels takes seconds.
 */
export function pixelBombPng(side = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rowBytes = 1 + Math.ceil(side / 8); // filter byte + packed pixels
  const pixels = deflateSync(Buffer.alloc(side * rowBytes), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export type MultipartPart = {
  readonly name: string;
  readonly content: Buffer | string;
  readonly filename?: string;
  readonly contentType?: string;
};

/** A multipart/form-data body as a browser would send it. */
export function multipartBody(parts: readonly MultipartPart[]): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----fairex${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const type = part.contentType === undefined ? '' : `\r\nContent-Type: ${part.contentType}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}${type}\r\n\r\n`,
      ),
      Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
