import { storageKeys } from './storage-keys';

/** The storage layout this build expects (spec section 9: below 1, clear everything). */
export const storageVersionCurrent = 1;

/** The part of the Web Storage API the version check needs (a Map-backed fake in tests). */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'clear'>;

/**
 * If the stored version is missing, unreadable or older than this build's, clears every storage
 * area and stamps the current version. Returns true when it cleared.
 */
export function applyStorageVersion(local: StorageLike, others: readonly StorageLike[] = []): boolean {
  const stored = Number.parseInt(local.getItem(storageKeys.version) ?? '', 10);
  if (Number.isFinite(stored) && stored >= storageVersionCurrent) {
    return false;
  }
  local.clear();
  for (const storage of others) {
    storage.clear();
  }
  local.setItem(storageKeys.version, String(storageVersionCurrent));
  return true;
}
