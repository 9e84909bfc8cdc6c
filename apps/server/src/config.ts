import path from 'node:path';
import { toScaledBigint } from '@fairex/domain';
import { z } from 'zod';
import { type MakerSettings, settingsProblems } from './modules/spot/spot.market-maker.domain';
import { installationSeed } from './platform/installation-seed';

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no', ''])
  .transform((value) => ['1', 'true', 'on', 'yes'].includes(value));

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().optional(),
  DEMO: booleanFlag.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Public fiat-rate service, USD base; `off` keeps the bundled table (air-gapped installs). */
  FIAT_RATES_URL: z.string().default('https://open.er-api.com/v6/latest/USD'),
  /** Trust X-Forwarded-For only when a proxy we run sits in front (hop count or `true`). */
  TRUST_PROXY: booleanFlag.default(false),
  /**
   * Throttle sign-in, code sending, registration and uploads per source address (and uploads per
   * user) in the database (modules/throttle). Behind a proxy, set TRUST_PROXY too, or every caller
   * shares the proxy's address. Off only for tests.
   */
  THROTTLE: booleanFlag.default(true),
  /** How long an NFT auction's winner has to pay (published with the market terms); one day. */
  NFT_PAYMENT_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(10_000)
    .max(30 * 86_400_000)
    .default(86_400_000),
  /** A bid closer than this to an NFT auction's deadline moves it to bid time + this; five minutes. */
  NFT_EXTENSION_WINDOW_MS: z.coerce.number().int().min(0).max(86_400_000).default(300_000),
  /**
   * Demo only: run the server's clock this far ahead of the machine's, to show what takes days
   * (a lock release, a maturity) as a restart that was "down" that long. Only ever raise it: the
   * recorded ticks and schedules assume time does not run backwards. The demo notice shows it.
   */
  DEMO_CLOCK_AHEAD_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(366 * 86_400_000)
    .default(0),
  WEB_DIST_DIR: z.string().optional(),
  ADMIN_DIST_DIR: z.string().optional(),
  /** smtp://user:pass@host:port or smtps://...; unset keeps e-mail in the local outbox (demo). */
  SMTP_URL: z.string().url().optional(),
  SMTP_FROM: z.string().min(3).default('Fairex <no-reply@localhost>'),
  /** HTTP SMS provider endpoint and its bearer token; unset keeps SMS in the local outbox (demo). */
  SMS_PROVIDER_URL: z.string().url().optional(),
  SMS_PROVIDER_TOKEN: z.string().optional(),
  /** Chain id wallet sign-in messages must name (1 = Ethereum mainnet). */
  SIWE_CHAIN_ID: z.coerce.number().int().positive().default(1),
  /** WalletConnect Cloud project id; without it the web shows WalletConnect as unavailable. */
  WALLETCONNECT_PROJECT_ID: z.string().optional(),
  /** Where crypto prices come from: the offline simulated feed, or a real exchange through ccxt. */
  MARKET_FEED: z.enum(['simulated', 'ccxt']).default('simulated'),
  /**
   * A fixed seed for the simulated prices (tests and benchmarks): anyone who knows it can compute
   * future prices. Unset: this installation's secret seed in DATA_DIR.
   */
  SIMULATED_MARKET_SEED: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  /** Outside demo: the operator accepts that the market maker quotes against simulated prices. */
  SIMULATED_MARKET_ACCEPTED: booleanFlag.default(false),
  /** ccxt exchange id for MARKET_FEED=ccxt. */
  MARKET_FEED_EXCHANGE: z.string().min(2).default('binance'),
  /** Instrument symbol to exchange symbol, e.g. "BTC-PERP=BTC/USDT:USDT,ETH-PERP=ETH/USDT:USDT". */
  MARKET_FEED_SYMBOLS: z.string().default(''),
  MARKET_FEED_POLL_MS: z.coerce.number().int().min(1000).max(60_000).default(2000),
  /** HTTP payout gateway (custody provider) approved withdrawals are sent to; unset: a local stand-in. */
  PAYOUT_GATEWAY_URL: z.string().url().optional(),
  /** Bearer token for PAYOUT_GATEWAY_URL. */
  PAYOUT_GATEWAY_TOKEN: z.string().optional(),
  /** Deposits and withdrawals worth more than this (USDT) need two different staff approvals. */
  APPROVAL_TWO_PERSON_ABOVE_USDT: z
    .string()
    .regex(/^\d{1,15}(\.\d{1,6})?$/, 'a USDT amount such as 10000')
    .default('10000'),
  /** Seals staff TOTP secrets at rest (AES-256-GCM); 32+ random characters. */
  STAFF_TOTP_KEY: z.string().min(32).optional(),
  /** The house market maker quotes the spot pairs (default: on in demo mode, off otherwise). */
  SPOT_MARKET_MAKER: booleanFlag.optional(),
  /** Orders per side of each pair. */
  SPOT_MARKET_MAKER_LEVELS: z.coerce.number().int().min(0).max(50).default(10),
  /** Distance of the first bid and ask from the reference price, a fraction (0.001 = 0.1 %). */
  SPOT_MARKET_MAKER_HALF_SPREAD: z.string().default('0.001'),
  /** Extra distance of each further level, a fraction. */
  SPOT_MARKET_MAKER_STEP: z.string().default('0.0005'),
  /** Size of each level as its value in the quote currency (USDT); at least one lot. */
  SPOT_MARKET_MAKER_LEVEL_VALUE: z.string().default('2000'),
  /** Resting orders priced through the reference by this fraction are taken; below the half spread. */
  SPOT_MARKET_MAKER_EDGE: z.string().default('0.0005'),
  /** Largest centre shift when the inventory is one-sided, a fraction below the half spread; 0 = off. */
  SPOT_MARKET_MAKER_SKEW: z.string().default('0.0005'),
  /**
   * Funding of its spot accounts from the house account, once per currency: BTC 20, ETH 300,
   * 3 million USDT, and about 100,000 USDT worth of every other listed coin.
   */
  SPOT_MARKET_MAKER_FUNDING: z
    .string()
    .default(
      'BTC=20,ETH=300,USDT=3000000,BNB=110,SOL=700,XRP=45000,ADA=220000,DOGE=620000,TRX=360000,TON=62000,DOT=38000,LINK=7700,POL=660000,LTC=1100,BCH=190,AVAX=7100,UNI=16000,ATOM=38000,ETC=7700,FIL=62000,NEAR=50000',
    ),
});

/** The house market maker's settings (modules/spot/spot.market-maker.ts). */
export type MarketMakerConfig = Readonly<{
  enabled: boolean;
  /** Everything but the per-pair level size, which comes from `levelValue` and the price. */
  settings: Omit<MakerSettings, 'levelLots' | 'feeReservePpm'>;
  /** Quote value of one level, decimal text. */
  levelValue: string;
  /** Currency code to the decimal amount it is funded with once. */
  funding: Readonly<Record<string, string>>;
}>;

export type Config = Readonly<{
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  demo: boolean;
  logLevel: z.infer<typeof configSchema>['LOG_LEVEL'];
  fiatRatesUrl: string | undefined;
  trustProxy: boolean;
  /** THROTTLE: per-address and per-user limits on sign-in, codes, registration and uploads. */
  throttle: boolean;
  /** NFT_PAYMENT_WINDOW_MS: an NFT auction winner's time to pay. */
  nftPaymentWindowMs: number;
  /** NFT_EXTENSION_WINDOW_MS: the anti-sniping window of NFT auctions. */
  nftExtensionWindowMs: number;
  /** DEMO_CLOCK_AHEAD_MS: how far the demo's clock runs ahead of the machine's (0 outside demo). */
  demoClockAheadMs: number;
  webDistDir: string;
  /** The operator console's build (apps/admin/dist), served at /admin/. */
  adminDistDir: string;
  smtpUrl: string | undefined;
  smtpFrom: string;
  smsProviderUrl: string | undefined;
  smsProviderToken: string | undefined;
  siweChainId: number;
  walletConnectProjectId: string | undefined;
  marketFeed: 'simulated' | 'ccxt';
  /** SIMULATED_MARKET_SEED; null: the installation's secret (simulatedMarketSeed). */
  simulatedMarketSeed: number | null;
  marketFeedExchange: string;
  marketFeedSymbols: Readonly<Record<string, string>>;
  marketFeedPollMs: number;
  payoutGatewayUrl: string | undefined;
  payoutGatewayToken: string | undefined;
  staffTotpKey: string | undefined;
  /** APPROVAL_TWO_PERSON_ABOVE_USDT as decimal text. */
  twoPersonAboveUsdt: string;
  marketMaker: MarketMakerConfig;
}>;

export class ConfigError extends Error {}

/** "A=B,C=D" into {A: 'B', C: 'D'}; a pair without "=" is a configuration error. */
function parseSymbolMap(text: string, name = 'MARKET_FEED_SYMBOLS'): Record<string, string> {
  const map: Record<string, string> = {};
  for (const pair of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [instrument, exchange, ...rest] = pair.split('=').map((part) => part.trim());
    if (!instrument || !exchange || rest.length > 0) {
      throw new ConfigError(`Invalid configuration:\n  ${name}: "${pair}" is not KEY=VALUE`);
    }
    map[instrument] = exchange;
  }
  return map;
}

/** A fraction such as "0.001" in parts per million; more than six decimals is an error. */
function partsPerMillion(name: string, text: string): bigint {
  const parsed = toScaledBigint(text.trim(), 6);
  if (!parsed.ok || parsed.value < 0n) {
    throw new ConfigError(`Invalid configuration:\n  ${name}: "${text}" is not a fraction like 0.001`);
  }
  return parsed.value;
}

function marketMakerConfig(values: z.infer<typeof configSchema>): MarketMakerConfig {
  const settings = {
    levels: values.SPOT_MARKET_MAKER_LEVELS,
    halfSpreadPpm: partsPerMillion('SPOT_MARKET_MAKER_HALF_SPREAD', values.SPOT_MARKET_MAKER_HALF_SPREAD),
    stepPpm: partsPerMillion('SPOT_MARKET_MAKER_STEP', values.SPOT_MARKET_MAKER_STEP),
    edgePpm: partsPerMillion('SPOT_MARKET_MAKER_EDGE', values.SPOT_MARKET_MAKER_EDGE),
    skewPpm: partsPerMillion('SPOT_MARKET_MAKER_SKEW', values.SPOT_MARKET_MAKER_SKEW),
  };
  const problems = settingsProblems({ ...settings, levelLots: 1n, feeReservePpm: 0n });
  const levelValue = values.SPOT_MARKET_MAKER_LEVEL_VALUE.trim();
  const parsedValue = toScaledBigint(levelValue, 18);
  if (!parsedValue.ok || parsedValue.value <= 0n) problems.push('the level value must be a positive number');
  const funding = parseSymbolMap(values.SPOT_MARKET_MAKER_FUNDING, 'SPOT_MARKET_MAKER_FUNDING');
  for (const [code, amount] of Object.entries(funding)) {
    const parsed = toScaledBigint(amount, 18);
    if (!parsed.ok || parsed.value < 0n) problems.push(`funding of ${code} must be a number >= 0`);
  }
  if (problems.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n${problems.map((problem) => `  SPOT_MARKET_MAKER: ${problem}`).join('\n')}`,
    );
  }
  return Object.freeze({
    enabled: values.SPOT_MARKET_MAKER ?? values.DEMO,
    settings: Object.freeze(settings),
    levelValue,
    funding: Object.freeze(funding),
  });
}

/** Parses the environment once at start; a bad value stops the server with a readable list. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const blankless = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = configSchema.safeParse(blankless);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const values = parsed.data;
  const marketMaker = marketMakerConfig(values);
  if (
    !values.DEMO &&
    values.MARKET_FEED === 'simulated' &&
    marketMaker.enabled &&
    !values.SIMULATED_MARKET_ACCEPTED
  ) {
    throw new ConfigError(
      'Invalid configuration:\n  SPOT_MARKET_MAKER: outside demo mode the market maker would quote real ' +
        'balances against simulated prices (MARKET_FEED=simulated). Set MARKET_FEED=ccxt, turn ' +
        'SPOT_MARKET_MAKER off, or set SIMULATED_MARKET_ACCEPTED=true to accept it.',
    );
  }
  if (!values.DEMO && values.DEMO_CLOCK_AHEAD_MS > 0) {
    throw new ConfigError(
      'Invalid configuration:\n  DEMO_CLOCK_AHEAD_MS: only a demo (DEMO=true) may run its clock ahead of real time.',
    );
  }
  return Object.freeze({
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    publicUrl: values.PUBLIC_URL ?? `http://localhost:${values.PORT}`,
    demo: values.DEMO,
    logLevel: values.LOG_LEVEL,
    fiatRatesUrl: values.FIAT_RATES_URL === 'off' ? undefined : values.FIAT_RATES_URL,
    trustProxy: values.TRUST_PROXY,
    throttle: values.THROTTLE,
    nftPaymentWindowMs: values.NFT_PAYMENT_WINDOW_MS,
    nftExtensionWindowMs: values.NFT_EXTENSION_WINDOW_MS,
    demoClockAheadMs: values.DEMO_CLOCK_AHEAD_MS,
    webDistDir: path.resolve(values.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname),
    adminDistDir: path.resolve(
      values.ADMIN_DIST_DIR ?? new URL('../../admin/dist', import.meta.url).pathname,
    ),
    smtpUrl: values.SMTP_URL,
    smtpFrom: values.SMTP_FROM,
    smsProviderUrl: values.SMS_PROVIDER_URL,
    smsProviderToken: values.SMS_PROVIDER_TOKEN,
    siweChainId: values.SIWE_CHAIN_ID,
    walletConnectProjectId: values.WALLETCONNECT_PROJECT_ID,
    marketFeed: values.MARKET_FEED,
    simulatedMarketSeed: values.SIMULATED_MARKET_SEED ?? null,
    marketFeedExchange: values.MARKET_FEED_EXCHANGE,
    marketFeedSymbols: parseSymbolMap(values.MARKET_FEED_SYMBOLS),
    marketFeedPollMs: values.MARKET_FEED_POLL_MS,
    payoutGatewayUrl: values.PAYOUT_GATEWAY_URL,
    payoutGatewayToken: values.PAYOUT_GATEWAY_TOKEN,
    staffTotpKey: values.STAFF_TOTP_KEY,
    twoPersonAboveUsdt: values.APPROVAL_TWO_PERSON_ABOVE_USDT,
    marketMaker,
  });
}

/** Where an installation keeps its secret seed of the simulated prices. */
export const simulatedSeedFileName = 'simulated-market.seed';

/**
 * The seed of the simulated prices: SIMULATED_MARKET_SEED when set (tests), else this
 * installation's secret, random and made on first start in DATA_DIR (mode 0600). Every process of
 * one installation shares DATA_DIR (uploads live there too), so they all compute the same prices;
 * nobody outside can compute future ones.
 */
export function simulatedMarketSeed(config: Pick<Config, 'simulatedMarketSeed' | 'dataDir'>): number {
  return config.simulatedMarketSeed ?? installationSeed(path.join(config.dataDir, simulatedSeedFileName));
}
