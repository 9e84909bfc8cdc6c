import { describe, expect, it } from 'vitest';
import { applyStorageVersion, type StorageLike, storageVersionCurrent } from './storage-version';

function memoryStorage(entries: Record<string, string> = {}): StorageLike & { entries: Map<string, string> } {
  const map = new Map(Object.entries(entries));
  return {
    entries: map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => {
      map.set(key, value);
    },
    clear: () => map.clear(),
  };
}

describe('applyStorageVersion', () => {
  it('clears every storage and stamps the version when the flag is missing', () => {
    const local = memoryStorage({ lang: 'th', token: 'abc' });
    const session = memoryStorage({ draft: 'x' });
    expect(applyStorageVersion(local, [session])).toBe(true);
    expect([...local.entries]).toEqual([['h5Version', String(storageVersionCurrent)]]);
    expect(session.entries.size).toBe(0);
  });

  it('clears when the flag is below the current version or unreadable', () => {
    for (const old of ['0', '-3', 'abc', '']) {
      const local = memoryStorage({ h5Version: old, lang: 'zh' });
      expect(applyStorageVersion(local)).toBe(true);
      expect(local.getItem('lang')).toBeNull();
      expect(local.getItem('h5Version')).toBe('1');
    }
  });

  it('keeps storage when the flag is current or newer', () => {
    for (const current of ['1', '2']) {
      const local = memoryStorage({ h5Version: current, lang: 'zh' });
      expect(applyStorageVersion(local)).toBe(false);
      expect(local.getItem('lang')).toBe('zh');
      expect(local.getItem('h5Version')).toBe(current);
    }
  });
});
