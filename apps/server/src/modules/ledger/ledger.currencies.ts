/** The currencies the ledger counts: spec section 3's three and the other listed coins, seeded once. */
import type { Database } from '../../platform/db/database';
import { rowsOf, sql, textArray } from './ledger.sql';

export type Currency = {
  readonly id: number;
  readonly code: string;
  readonly name: string;
  /** Decimals of one smallest unit: amounts are integers of 10^-scale. */
  readonly scale: number;
  readonly chains: readonly string[];
  readonly image: string;
  readonly withdrawMin: bigint;
  readonly withdrawFee: bigint;
  readonly isQuote: boolean;
  readonly status: number;
  readonly sortOrder: number;
};

type CurrencySeed = Omit<Currency, 'withdrawMin' | 'withdrawFee'> & {
  withdrawMin: string;
  withdrawFee: string;
};

/**
 * The other coins Markets lists, each traded against USDT (issue 16): ids 4 on in this order, 8
 * decimals (6 where the coin itself has 6), the network deposits and withdrawals use, a minimum
 * and fee of roughly 10 and 0.5 USDT at late-2025 prices. Icons: a disc with the ticker (apps/web/public/coins).
 */
const listedCoins: readonly Pick<
  CurrencySeed,
  'code' | 'name' | 'scale' | 'chains' | 'withdrawMin' | 'withdrawFee'
>[] = [
  { code: 'BNB', name: 'BNB', scale: 8, chains: ['BEP20'], withdrawMin: '2000000', withdrawFee: '100000' },
  { code: 'SOL', name: 'Solana', scale: 8, chains: ['SOL'], withdrawMin: '10000000', withdrawFee: '1000000' },
  { code: 'XRP', name: 'XRP', scale: 6, chains: ['XRP'], withdrawMin: '20000000', withdrawFee: '250000' },
  {
    code: 'ADA',
    name: 'Cardano',
    scale: 6,
    chains: ['ADA'],
    withdrawMin: '20000000',
    withdrawFee: '1000000',
  },
  {
    code: 'DOGE',
    name: 'Dogecoin',
    scale: 8,
    chains: ['DOGE'],
    withdrawMin: '5000000000',
    withdrawFee: '500000000',
  },
  { code: 'TRX', name: 'TRON', scale: 6, chains: ['TRC20'], withdrawMin: '50000000', withdrawFee: '1000000' },
  {
    code: 'TON',
    name: 'Toncoin',
    scale: 8,
    chains: ['TON'],
    withdrawMin: '500000000',
    withdrawFee: '5000000',
  },
  {
    code: 'DOT',
    name: 'Polkadot',
    scale: 8,
    chains: ['DOT'],
    withdrawMin: '500000000',
    withdrawFee: '10000000',
  },
  {
    code: 'LINK',
    name: 'Chainlink',
    scale: 8,
    chains: ['ERC20'],
    withdrawMin: '100000000',
    withdrawFee: '30000000',
  },
  {
    code: 'POL',
    name: 'Polygon',
    scale: 8,
    chains: ['ERC20'],
    withdrawMin: '5000000000',
    withdrawFee: '500000000',
  },
  {
    code: 'LTC',
    name: 'Litecoin',
    scale: 8,
    chains: ['LTC'],
    withdrawMin: '10000000',
    withdrawFee: '100000',
  },
  {
    code: 'BCH',
    name: 'Bitcoin Cash',
    scale: 8,
    chains: ['BCH'],
    withdrawMin: '2000000',
    withdrawFee: '50000',
  },
  {
    code: 'AVAX',
    name: 'Avalanche',
    scale: 8,
    chains: ['AVAXC'],
    withdrawMin: '50000000',
    withdrawFee: '1000000',
  },
  {
    code: 'UNI',
    name: 'Uniswap',
    scale: 8,
    chains: ['ERC20'],
    withdrawMin: '200000000',
    withdrawFee: '50000000',
  },
  { code: 'ATOM', name: 'Cosmos', scale: 6, chains: ['ATOM'], withdrawMin: '5000000', withdrawFee: '10000' },
  {
    code: 'ETC',
    name: 'Ethereum Classic',
    scale: 8,
    chains: ['ETC'],
    withdrawMin: '100000000',
    withdrawFee: '1000000',
  },
  {
    code: 'FIL',
    name: 'Filecoin',
    scale: 8,
    chains: ['FIL'],
    withdrawMin: '500000000',
    withdrawFee: '1000000',
  },
  {
    code: 'NEAR',
    name: 'NEAR Protocol',
    scale: 8,
    chains: ['NEAR'],
    withdrawMin: '500000000',
    withdrawFee: '1000000',
  },
];

/**
 * Ids fixed by the spec (BTC 1, ETH 2, USDT 3). Scales: BTC 8 (satoshi), ETH 8 (our decision: the
 * ledger keeps 8 decimals of ether, as exchanges display; on-chain wei are truncated at deposit
 * review), USDT 6 (its token decimals on both chains). Minimums and fees in smallest units.
 */
export const currencySeeds: readonly CurrencySeed[] = [
  {
    id: 1,
    code: 'BTC',
    name: 'Bitcoin',
    scale: 8,
    chains: ['BTC'],
    image: '/coins/btc.svg',
    withdrawMin: '100000',
    withdrawFee: '20000',
    isQuote: false,
    status: 1,
    sortOrder: 3,
  },
  {
    id: 2,
    code: 'ETH',
    name: 'Ethereum',
    scale: 8,
    chains: ['ERC20'],
    image: '/coins/eth.svg',
    withdrawMin: '1000000',
    withdrawFee: '300000',
    isQuote: false,
    status: 1,
    sortOrder: 2,
  },
  {
    id: 3,
    code: 'USDT',
    name: 'Tether USD',
    scale: 6,
    chains: ['ERC20', 'TRC20'],
    image: '/coins/usdt.svg',
    withdrawMin: '10000000',
    withdrawFee: '1000000',
    isQuote: true,
    status: 1,
    sortOrder: 1,
  },
  ...listedCoins.map((coin, index) => ({
    ...coin,
    id: 4 + index,
    image: `/coins/${coin.code.toLowerCase()}.svg`,
    isQuote: false,
    status: 1,
    sortOrder: 4 + index,
  })),
];

export async function seedCurrencies(db: Database): Promise<void> {
  const seeds = currencySeeds;
  await db.execute(
    sql`insert into currencies (id, code, name, scale, chains, image, withdraw_min, withdraw_fee, is_quote, status, sort_order)
        select * from unnest(
          ${`{${seeds.map((s) => s.id).join(',')}}`}::int[], ${textArray(seeds.map((s) => s.code))}::text[],
          ${textArray(seeds.map((s) => s.name))}::text[], ${`{${seeds.map((s) => s.scale).join(',')}}`}::smallint[],
          ${textArray(seeds.map((s) => JSON.stringify(s.chains)))}::jsonb[], ${textArray(seeds.map((s) => s.image))}::text[],
          ${`{${seeds.map((s) => s.withdrawMin).join(',')}}`}::numeric[], ${`{${seeds.map((s) => s.withdrawFee).join(',')}}`}::numeric[],
          ${`{${seeds.map((s) => s.isQuote).join(',')}}`}::boolean[], ${`{${seeds.map((s) => s.status).join(',')}}`}::smallint[],
          ${`{${seeds.map((s) => s.sortOrder).join(',')}}`}::int[])
        -- An id or a code taken already (a token launched on an older install) keeps what is there.
        on conflict do nothing`,
  );
}

export async function listCurrencies(db: Database): Promise<Currency[]> {
  const rows = await rowsOf<{
    id: number;
    code: string;
    name: string;
    scale: number;
    chains: string[];
    image: string;
    withdraw_min: string;
    withdraw_fee: string;
    is_quote: boolean;
    status: number;
    sort_order: number;
  }>(
    db,
    sql`select id, code, name, scale, chains, image, withdraw_min::text, withdraw_fee::text, is_quote, status, sort_order
        from currencies order by sort_order, id`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    code: row.code,
    name: row.name,
    scale: Number(row.scale),
    chains: row.chains,
    image: row.image,
    withdrawMin: BigInt(row.withdraw_min),
    withdrawFee: BigInt(row.withdraw_fee),
    isQuote: row.is_quote,
    status: Number(row.status),
    sortOrder: Number(row.sort_order),
  }));
}

/**
 * Sets a currency's withdrawal minimum and fee (smallest units) for requests from now on: each
 * request stores the fee it was charged. Returns the row as it was, or null for no such currency.
 */
export async function setWithdrawalTerms(
  tx: Database,
  params: { currencyId: number; withdrawMin: bigint; withdrawFee: bigint },
): Promise<{ withdrawMin: bigint; withdrawFee: bigint } | null> {
  const before = await rowsOf<{ withdraw_min: string; withdraw_fee: string }>(
    tx,
    sql`select withdraw_min::text, withdraw_fee::text from currencies where id = ${params.currencyId} for update`,
  );
  const row = before[0];
  if (!row) return null;
  await tx.execute(
    sql`update currencies set withdraw_min = ${String(params.withdrawMin)}::numeric,
               withdraw_fee = ${String(params.withdrawFee)}::numeric
        where id = ${params.currencyId}`,
  );
  return { withdrawMin: BigInt(row.withdraw_min), withdrawFee: BigInt(row.withdraw_fee) };
}

/**
 * Adds a currency the ledger counts from now on (a launched token): the next free id, no chains
 * (nothing to deposit or withdraw on), listed after the others. Answers the id, or null when the
 * code is taken. Runs in the caller's transaction.
 */
export async function addCurrency(
  tx: Database,
  params: { readonly code: string; readonly name: string; readonly scale: number; readonly image: string },
): Promise<number | null> {
  const rows = await rowsOf<{ id: number }>(
    tx,
    sql`insert into currencies (id, code, name, scale, chains, image, is_quote, status, sort_order)
        select coalesce(max(id), 0) + 1, ${params.code}, ${params.name}, ${params.scale}, '[]'::jsonb,
               ${params.image}, false, 1, coalesce(max(sort_order), 0) + 1
        from currencies
        on conflict (code) do nothing
        returning id`,
  );
  return rows[0] ? Number(rows[0].id) : null;
}
