import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from './file-storage';

const safeKey = /^[a-z0-9][a-z0-9/_-]*\.[a-z0-9]{2,5}$/;

/** Files under one root directory; keys are checked so no `../` can leave it. */
export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!safeKey.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const filePath = this.pathOf(key);
    await mkdir(path.dirname(filePath), { recursive: true });
    await writeFile(filePath, bytes);
    await writeFile(`${filePath}.type`, contentType);
  }

  async get(key: string): Promise<{ bytes: Uint8Array; contentType: string } | null> {
    const filePath = this.pathOf(key);
    try {
      const [bytes, contentType] = await Promise.all([
        readFile(filePath),
        readFile(`${filePath}.type`, 'utf8'),
      ]);
      return { bytes, contentType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const filePath = this.pathOf(key);
    await rm(filePath, { force: true });
    await rm(`${filePath}.type`, { force: true });
  }
}
