import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalFileStorage } from './local-file-storage';

const unsafeKeys = [
  '../escape.jpg',
  'a/../../escape.jpg',
  '/etc/passwd.txt',
  'a//b.jpg',
  'photo.jpg.type',
  'Photo.JPG',
  'no-extension',
  '',
];

describe('LocalFileStorage', () => {
  let parent: string;
  let root: string;
  let storage: LocalFileStorage;

  beforeEach(() => {
    parent = mkdtempSync(path.join(tmpdir(), 'fairex-storage-'));
    root = path.join(parent, 'uploads');
    storage = new LocalFileStorage(root);
  });
  afterEach(() => {
    rmSync(parent, { recursive: true, force: true });
  });

  it('stores bytes with their content type and reads them back', async () => {
    const bytes = Uint8Array.from([1, 2, 3, 250]);
    await storage.put('2026/11/abc.png', bytes, 'image/png');
    const stored = await storage.get('2026/11/abc.png');
    expect(stored?.contentType).toBe('image/png');
    expect(Buffer.from(stored?.bytes ?? []).equals(Buffer.from(bytes))).toBe(true);
  });

  it('answers null for a missing file and leaves no temporary files behind', async () => {
    expect(await storage.get('2026/11/missing.png')).toBeNull();
    await storage.put('2026/11/abc.png', Uint8Array.from([1]), 'image/png');
    expect(readdirSync(path.join(root, '2026/11')).sort()).toEqual(['abc.png', 'abc.png.type']);
  });

  it('deletes the file and its type', async () => {
    await storage.put('2026/11/abc.png', Uint8Array.from([1]), 'image/png');
    await storage.delete('2026/11/abc.png');
    expect(await storage.get('2026/11/abc.png')).toBeNull();
    expect(readdirSync(path.join(root, '2026/11'))).toEqual([]);
  });

  it.each(unsafeKeys)('refuses to write or delete %j and never reads it', async (key) => {
    await expect(storage.put(key, Uint8Array.from([1]), 'text/html')).rejects.toThrow(/unsafe storage key/);
    await expect(storage.delete(key)).rejects.toThrow(/unsafe storage key/);
    expect(await storage.get(key)).toBeNull();
    expect(readdirSync(parent)).toEqual([]);
  });
});
