import { describe, expect, it } from 'vitest';
import {
  exceedsPixelLimit,
  isUploadKey,
  mayRead,
  sniffImageType,
  storageKeyFor,
  uploadKeyOfPath,
} from './upload.domain';

const hex32 = '0123456789abcdef0123456789abcdef';

describe('sniffImageType', () => {
  it.each([
    ['jpeg', [0xff, 0xd8, 0xff, 0xe0, 0, 0x10]],
    ['png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]],
    ['gif', [...Buffer.from('GIF89a..')]],
    ['gif', [...Buffer.from('GIF87a..')]],
    ['webp', [...Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ')]],
  ])('knows %s by its first bytes', (type, bytes) => {
    expect(sniffImageType(Uint8Array.from(bytes))).toBe(type);
  });

  it.each([
    ['HTML', '<!doctype html><script>alert(1)</script>'],
    ['SVG', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['PDF', '%PDF-1.7\n'],
    ['TIFF', 'II*\x00'],
    ['RIFF that is not WebP', 'RIFF\x10\x00\x00\x00AVI LIST'],
    ['a short JPEG prefix', '\xff\xd8'],
    ['nothing', ''],
  ])('refuses %s', (_label, text) => {
    expect(sniffImageType(Buffer.from(text, 'latin1'))).toBeNull();
  });
});

describe('storage keys', () => {
  it('files by UTC year and month under a random name with the type extension', () => {
    const now = new Date('2026-11-30T23:59:59Z');
    expect(storageKeyFor({ now, randomHex: hex32, type: 'jpeg' })).toBe(`2026/11/${hex32}.jpg`);
    expect(storageKeyFor({ now: new Date('2027-01-01T00:00:00Z'), randomHex: hex32, type: 'webp' })).toBe(
      `2027/01/${hex32}.webp`,
    );
  });

  it('accepts only keys it could have made', () => {
    expect(isUploadKey(`2026/11/${hex32}.png`)).toBe(true);
    for (const key of [
      `../2026/11/${hex32}.png`,
      `2026/11/../${hex32}.png`,
      `2026/13/${hex32}.png`,
      `2026/11/${hex32}.svg`,
      `2026/11/${hex32}.png.type`,
      `2026/11/${hex32.toUpperCase()}.png`,
      `2026/11/${hex32}0.png`,
      `/2026/11/${hex32}.png`,
      `2026\\11\\${hex32}.png`,
      '',
    ]) {
      expect(isUploadKey(key), key).toBe(false);
    }
  });
});

describe('exceedsPixelLimit', () => {
  it('counts every frame of an animation', () => {
    expect(exceedsPixelLimit({ width: 1000, height: 1000, frames: 1 }, 1_000_000)).toBe(false);
    expect(exceedsPixelLimit({ width: 1000, height: 1000, frames: 2 }, 1_000_000)).toBe(true);
    expect(exceedsPixelLimit({ width: 20_000, height: 20_000, frames: 1 }, 40_000_000)).toBe(true);
  });
});

describe('mayRead', () => {
  const user = (userId: number) => ({ kind: 'user', userId }) as const;
  const staff = (...roles: string[]) => ({ kind: 'staff', roles }) as const;

  it('lets anyone read public files and only the owner read private ones', () => {
    expect(mayRead({ visibility: 'public', ownerUserId: 1 }, null)).toBe(true);
    expect(mayRead({ visibility: 'private', ownerUserId: 1 }, user(1))).toBe(true);
    expect(mayRead({ visibility: 'private', ownerUserId: 1 }, user(2))).toBe(false);
    expect(mayRead({ visibility: 'private', ownerUserId: 1 }, null)).toBe(false);
    expect(mayRead({ visibility: 'private', ownerUserId: null }, null)).toBe(false);
  });

  it("lets the file's reviewing role and admins read a private file, and no other staff role", () => {
    const file = { visibility: 'private', ownerUserId: 1 } as const;
    expect(mayRead(file, staff('compliance'))).toBe(true);
    expect(mayRead(file, staff('admin'))).toBe(true);
    expect(mayRead(file, staff('finance', 'compliance'))).toBe(true);
    expect(mayRead(file, staff('finance'))).toBe(false);
    const voucher = { visibility: 'private', ownerUserId: 1, reviewer: 'finance' } as const;
    expect(mayRead(voucher, staff('finance'))).toBe(true);
    expect(mayRead(voucher, staff('compliance'))).toBe(false);
    expect(mayRead(voucher, staff('admin'))).toBe(true);
    expect(mayRead(file, staff('content', 'support'))).toBe(false);
    expect(mayRead(file, staff())).toBe(false);
    expect(mayRead({ visibility: 'private', ownerUserId: null }, staff('compliance'))).toBe(true);
  });
});

describe('uploadKeyOfPath', () => {
  it('reads the key out of a path the upload reply gave, and nothing else', () => {
    expect(uploadKeyOfPath(`/uploads/2026/11/${hex32}.png`)).toBe(`2026/11/${hex32}.png`);
    for (const path of [
      `2026/11/${hex32}.png`,
      `/uploads/../2026/11/${hex32}.png`,
      `/uploads//2026/11/${hex32}.png`,
      `https://example.com/uploads/2026/11/${hex32}.png`,
      `/uploads/2026/11/${hex32}.svg`,
      '/uploads/',
      '',
    ]) {
      expect(uploadKeyOfPath(path), path).toBeNull();
    }
  });
});
