import { describe, expect, it } from 'vitest';
import { featureForKey, featureForPath, features, humaniseName } from './feature-catalogue';

describe('featureForKey', () => {
  it('finds a feature by its key or any spelling of an alias', () => {
    expect(featureForKey('recharge')?.key).toBe('recharge');
    expect(featureForKey('Deposit')?.key).toBe('recharge');
    expect(featureForKey('lock-mining')?.key).toBe('lockming');
    expect(featureForKey('lockMining')?.key).toBe('lockming');
    expect(featureForKey('quickbuy')?.key).toBe('quick_buy');
    expect(featureForKey('copyTrade')?.key).toBe('copy');
  });

  it('returns null for an unknown key', () => {
    expect(featureForKey('teleport')).toBeNull();
  });

  it('has no alias claimed by two features', () => {
    const seen = new Map<string, string>();
    for (const entry of features) {
      for (const name of [entry.key, ...entry.aliases]) {
        const normal = name.toLowerCase().replaceAll(/[_-]/g, '');
        expect(seen.get(normal) ?? entry.key, `${name} is claimed twice`).toBe(entry.key);
        seen.set(normal, entry.key);
      }
    }
  });
});

describe('featureForPath', () => {
  it('matches exact pages and folders, ignoring the query', () => {
    expect(featureForPath('/pages/fund/withdraw')?.key).toBe('withdraw');
    expect(featureForPath('/pages/nft/artworkDetail?id=3')?.key).toBe('nft');
    expect(featureForPath('/pages/follow/trader')?.key).toBe('copy');
    expect(featureForPath('/pages/setting/real_mark')?.key).toBe('real_name');
  });

  it('prefers an exact page to its folder', () => {
    expect(featureForPath('/pages/fund/transfer')?.key).toBe('transfer');
    expect(featureForPath('/pages/fund/somethingElse')?.key).toBe('funds');
  });

  it('returns null for an unknown page', () => {
    expect(featureForPath('/pages/unknown/thing')).toBeNull();
  });
});

describe('humaniseName', () => {
  it('turns identifiers into words', () => {
    expect(humaniseName('fundTransfer')).toBe('Fund Transfer');
    expect(humaniseName('lock_mining')).toBe('Lock mining');
  });
});
