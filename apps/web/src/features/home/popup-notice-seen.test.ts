import { describe, expect, it } from 'vitest';
import { hasSeen, parseSeenIds, seenNoticeIdsMax, withSeenId } from './popup-notice-seen';

describe('popup notice seen ids', () => {
  it('reads only integer ids from storage', () => {
    expect(parseSeenIds([1, 2, 'x', 3.5, null])).toEqual([1, 2]);
    expect(parseSeenIds(null)).toEqual([]);
    expect(parseSeenIds({ a: 1 })).toEqual([]);
  });

  it('shows a notice once per id', () => {
    const seen = withSeenId([], 7);
    expect(hasSeen(seen, 7)).toBe(true);
    expect(hasSeen(seen, 8)).toBe(false);
    expect(withSeenId(seen, 7)).toEqual([7]);
  });

  it('knows a notice by its publication time in milliseconds, shared by its translations', () => {
    const publishedAtMs = Date.parse('2026-11-22T00:00:00Z');
    expect(hasSeen(withSeenId([], publishedAtMs), publishedAtMs)).toBe(true);
    expect(parseSeenIds([publishedAtMs])).toEqual([publishedAtMs]);
  });

  it('keeps the newest ids within the cap', () => {
    let seen: number[] = [];
    for (let id = 1; id <= seenNoticeIdsMax + 5; id += 1) {
      seen = withSeenId(seen, id);
    }
    expect(seen).toHaveLength(seenNoticeIdsMax);
    expect(seen[0]).toBe(6);
    expect(hasSeen(seen, seenNoticeIdsMax + 5)).toBe(true);
  });
});
