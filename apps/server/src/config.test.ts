import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, simulatedMarketSeed, simulatedSeedFileName } from './config';

describe('configuration from the environment', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      publicUrl: 'http://localhost:8080',
      demo: false,
      fiatRatesUrl: 'https://open.er-api.com/v6/latest/USD',
      trustProxy: false,
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      DATA_DIR: '/tmp/fx',
      DATABASE_URL: 'postgres://u@db:5432/fairex',
      PUBLIC_URL: 'https://fx.example.com',
      DEMO: 'true',
      FIAT_RATES_URL: 'off',
      TRUST_PROXY: '1',
    });
    expect(config).toMatchObject({
      port: 9000,
      dataDir: '/tmp/fx',
      databaseUrl: 'postgres://u@db:5432/fairex',
      publicUrl: 'https://fx.example.com',
      demo: true,
      fiatRatesUrl: undefined,
      trustProxy: true,
    });
  });

  it('runs a demo clock ahead only in demo mode', () => {
    expect(loadConfig({}).demoClockAheadMs).toBe(0);
    expect(loadConfig({ DEMO: 'true', DEMO_CLOCK_AHEAD_MS: '86400000' }).demoClockAheadMs).toBe(86_400_000);
    expect(() => loadConfig({ DEMO_CLOCK_AHEAD_MS: '86400000' })).toThrow(/only a demo/);
    expect(() => loadConfig({ DEMO: 'true', DEMO_CLOCK_AHEAD_MS: '-1' })).toThrow(ConfigError);
  });

  it('reads the market feed settings, the symbol map included', () => {
    const config = loadConfig({
      MARKET_FEED: 'ccxt',
      MARKET_FEED_EXCHANGE: 'kraken',
      MARKET_FEED_SYMBOLS: 'BTC-PERP=BTC/USDT:USDT, ETH-PERP=ETH/USDT:USDT',
    });
    expect(config).toMatchObject({
      marketFeed: 'ccxt',
      marketFeedExchange: 'kraken',
      marketFeedSymbols: { 'BTC-PERP': 'BTC/USDT:USDT', 'ETH-PERP': 'ETH/USDT:USDT' },
      marketFeedPollMs: 2000,
    });
    expect(loadConfig({}).marketFeed).toBe('simulated');
    expect(() => loadConfig({ MARKET_FEED_SYMBOLS: 'BTC-PERP' })).toThrow(ConfigError);
  });

  it('runs the market maker in demo mode unless told otherwise, with its documented defaults', () => {
    expect(loadConfig({}).marketMaker.enabled).toBe(false);
    expect(loadConfig({ DEMO: 'true' }).marketMaker.enabled).toBe(true);
    expect(loadConfig({ DEMO: 'true', SPOT_MARKET_MAKER: 'off' }).marketMaker.enabled).toBe(false);
    expect(loadConfig({ SPOT_MARKET_MAKER: 'on', MARKET_FEED: 'ccxt' }).marketMaker.enabled).toBe(true);
    expect(loadConfig({}).marketMaker).toEqual({
      enabled: false,
      settings: { levels: 10, halfSpreadPpm: 1_000n, stepPpm: 500n, edgePpm: 500n, skewPpm: 500n },
      levelValue: '2000',
      funding: expect.objectContaining({ BTC: '20', ETH: '300', USDT: '3000000', SOL: '700', NEAR: '50000' }),
    });
  });

  it('reads the market maker settings and refuses unusable ones', () => {
    const config = loadConfig({
      SPOT_MARKET_MAKER_LEVELS: '3',
      SPOT_MARKET_MAKER_HALF_SPREAD: '0.002',
      SPOT_MARKET_MAKER_STEP: '0.001',
      SPOT_MARKET_MAKER_EDGE: '0.0015',
      SPOT_MARKET_MAKER_SKEW: '0',
      SPOT_MARKET_MAKER_LEVEL_VALUE: '500.5',
      SPOT_MARKET_MAKER_FUNDING: 'BTC=1, USDT=100000',
    }).marketMaker;
    expect(config).toEqual({
      enabled: false,
      settings: { levels: 3, halfSpreadPpm: 2_000n, stepPpm: 1_000n, edgePpm: 1_500n, skewPpm: 0n },
      levelValue: '500.5',
      funding: { BTC: '1', USDT: '100000' },
    });
    const refused = [
      { SPOT_MARKET_MAKER_EDGE: '0.001' }, // not below the half spread
      { SPOT_MARKET_MAKER_SKEW: '0.002' },
      { SPOT_MARKET_MAKER_HALF_SPREAD: '0.0000001' }, // finer than a millionth
      { SPOT_MARKET_MAKER_HALF_SPREAD: 'wide' },
      { SPOT_MARKET_MAKER_STEP: '-0.1' },
      { SPOT_MARKET_MAKER_LEVEL_VALUE: '0' },
      { SPOT_MARKET_MAKER_LEVELS: '-1' },
      { SPOT_MARKET_MAKER_FUNDING: 'BTC' },
      { SPOT_MARKET_MAKER_FUNDING: 'BTC=lots' },
      { SPOT_MARKET_MAKER: 'maybe' },
    ];
    for (const env of refused) expect(() => loadConfig(env), JSON.stringify(env)).toThrow(ConfigError);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', DEMO: '' }).databaseUrl).toBeUndefined();
  });

  it('stops with a readable list of every bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty', DEMO: 'maybe', DATABASE_URL: 'not a url' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'eighty', DEMO: 'maybe' });
    } catch (error) {
      expect((error as Error).message).toContain('PORT');
      expect((error as Error).message).toContain('DEMO');
    }
  });

  it('reads the two-person approval threshold as exact USDT text, default 10000, and refuses nonsense', () => {
    expect(loadConfig({}).twoPersonAboveUsdt).toBe('10000');
    expect(loadConfig({ APPROVAL_TWO_PERSON_ABOVE_USDT: '0' }).twoPersonAboveUsdt).toBe('0');
    expect(loadConfig({ APPROVAL_TWO_PERSON_ABOVE_USDT: '2500.5' }).twoPersonAboveUsdt).toBe('2500.5');
    for (const value of ['-1', 'ten', '1e4', '1.1234567']) {
      expect(() => loadConfig({ APPROVAL_TWO_PERSON_ABOVE_USDT: value }), value).toThrow(ConfigError);
    }
  });

  it('refuses to run the market maker on simulated prices outside demo unless the operator accepts it', () => {
    expect(() => loadConfig({ SPOT_MARKET_MAKER: 'on' })).toThrow(/SIMULATED_MARKET_ACCEPTED/);
    expect(
      loadConfig({ SPOT_MARKET_MAKER: 'on', SIMULATED_MARKET_ACCEPTED: 'true' }).marketMaker.enabled,
    ).toBe(true);
    expect(loadConfig({ DEMO: 'true' }).marketMaker.enabled).toBe(true);
  });

  it('keeps a secret simulated-price seed per installation, random, in DATA_DIR, owner-only', () => {
    const installation = (dataDir: string) => simulatedMarketSeed(loadConfig({ DATA_DIR: dataDir }));
    const first = mkdtempSync(path.join(tmpdir(), 'fairex-seed-'));
    const seed = installation(first);
    const file = path.join(first, simulatedSeedFileName);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // Every start (and every process) of this installation agrees; another installation differs.
    expect(installation(first)).toBe(seed);
    expect(installation(mkdtempSync(path.join(tmpdir(), 'fairex-seed-')))).not.toBe(seed);
    // The old public default is never an installation's seed; tests pass theirs explicitly.
    expect(seed).not.toBe(20_261_122);
    expect(simulatedMarketSeed(loadConfig({ DATA_DIR: first, SIMULATED_MARKET_SEED: '42' }))).toBe(42);
  });
});
