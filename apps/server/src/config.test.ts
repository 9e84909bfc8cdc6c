import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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

  it('honours the demo staff token only in demo mode', () => {
    const token = 'demo-staff-token-0123456789';
    expect(loadConfig({ DEMO: 'true', DEMO_STAFF_TOKEN: token }).demoStaffToken).toBe(token);
    expect(loadConfig({ DEMO: 'false', DEMO_STAFF_TOKEN: token }).demoStaffToken).toBeUndefined();
    expect(() => loadConfig({ DEMO: 'true', DEMO_STAFF_TOKEN: 'short' })).toThrow(ConfigError);
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
});
