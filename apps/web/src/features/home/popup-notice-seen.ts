/** Popup notices remember at most this many notices (by publication time), newest kept. */
export const seenNoticeIdsMax = 50;

/** Reads the stored list of seen notice ids, tolerating anything that is not one. */
export function parseSeenIds(stored: unknown): number[] {
  if (!Array.isArray(stored)) {
    return [];
  }
  return stored.filter((id): id is number => Number.isSafeInteger(id));
}

export function hasSeen(seen: readonly number[], id: number): boolean {
  return seen.includes(id);
}

/** Adds `id` once, dropping the oldest ids beyond the cap. */
export function withSeenId(seen: readonly number[], id: number): number[] {
  const next = [...seen.filter((existing) => existing !== id), id];
  return next.slice(-seenNoticeIdsMax);
}
