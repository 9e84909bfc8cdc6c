/** The IEO module's SQL: projects, their prices and subscriptions. Amounts come back as bigint. */
import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/rows';
import { integerArray, textArray } from '../../platform/db/sql-arrays';

export type ProjectRecord = {
  readonly id: number;
  readonly name: string;
  readonly symbol: string;
  readonly currencyId: number;
  readonly tokenScale: number;
  readonly logo: string;
  readonly whitepaperUrl: string;
  readonly websiteUrl: string;
  readonly descriptions: Record<string, string>;
  readonly issuance: bigint;
  readonly minPerUser: bigint;
  readonly maxPerUser: bigint;
  readonly startsAt: Date;
  readonly endsAt: Date;
  readonly lockDays: number;
  readonly listingAt: Date;
  readonly allocatedAt: Date | null;
  readonly ruleVersion: number | null;
  readonly requestedTotal: bigint | null;
  readonly allocatedTotal: bigint | null;
  readonly applications: number | null;
  readonly passes: number | null;
  readonly releasedAt: Date | null;
  readonly listedAt: Date | null;
  readonly listingSymbol: string | null;
  readonly listingReference: string | null;
  readonly makerInventory: bigint | null;
  /** Live figures: subscriptions so far and the tokens they ask for. */
  readonly liveApplications: number;
  readonly liveRequested: bigint;
  readonly prices: readonly { readonly currencyId: number; readonly price: bigint }[];
};

type ProjectRow = {
  id: number;
  name: string;
  symbol: string;
  currency_id: number;
  token_scale: number;
  logo: string;
  whitepaper_url: string;
  website_url: string;
  descriptions: Record<string, string>;
  issuance: string;
  min_per_user: string;
  max_per_user: string;
  starts_at: Date | string;
  ends_at: Date | string;
  lock_days: number;
  listing_at: Date | string;
  allocated_at: Date | string | null;
  rule_version: number | null;
  requested_total: string | null;
  allocated_total: string | null;
  applications: number | null;
  passes: number | null;
  released_at: Date | string | null;
  listed_at: Date | string | null;
  listing_symbol: string | null;
  listing_reference: string | null;
  maker_inventory: string | null;
  live_applications: number;
  live_requested: string;
  prices: { currency_id: number; price: string }[] | null;
};

const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));
const bigintOrNull = (value: string | null) => (value === null ? null : BigInt(value));

function projectOf(row: ProjectRow): ProjectRecord {
  return {
    id: Number(row.id),
    name: row.name,
    symbol: row.symbol,
    currencyId: Number(row.currency_id),
    tokenScale: Number(row.token_scale),
    logo: row.logo,
    whitepaperUrl: row.whitepaper_url,
    websiteUrl: row.website_url,
    descriptions: row.descriptions,
    issuance: BigInt(row.issuance),
    minPerUser: BigInt(row.min_per_user),
    maxPerUser: BigInt(row.max_per_user),
    startsAt: new Date(row.starts_at),
    endsAt: new Date(row.ends_at),
    lockDays: Number(row.lock_days),
    listingAt: new Date(row.listing_at),
    allocatedAt: dateOrNull(row.allocated_at),
    ruleVersion: row.rule_version === null ? null : Number(row.rule_version),
    requestedTotal: bigintOrNull(row.requested_total),
    allocatedTotal: bigintOrNull(row.allocated_total),
    applications: row.applications === null ? null : Number(row.applications),
    passes: row.passes === null ? null : Number(row.passes),
    releasedAt: dateOrNull(row.released_at),
    listedAt: dateOrNull(row.listed_at),
    listingSymbol: row.listing_symbol,
    listingReference: row.listing_reference,
    makerInventory: bigintOrNull(row.maker_inventory),
    liveApplications: Number(row.live_applications),
    liveRequested: BigInt(row.live_requested),
    prices: (row.prices ?? []).map((price) => ({
      currencyId: Number(price.currency_id),
      price: BigInt(price.price),
    })),
  };
}

const projectColumns = sql`p.id, p.name, p.symbol, p.currency_id, p.token_scale, p.logo, p.whitepaper_url,
  p.website_url, p.descriptions, p.issuance::text, p.min_per_user::text, p.max_per_user::text, p.starts_at,
  p.ends_at, p.lock_days, p.listing_at, p.allocated_at, p.rule_version, p.requested_total::text,
  p.allocated_total::text, p.applications, p.passes, p.released_at, p.listed_at, p.listing_symbol,
  p.listing_reference, p.maker_inventory::text,
  (select count(*)::int from ieo_orders o where o.project_id = p.id) as live_applications,
  (select coalesce(sum(o.amount), 0)::text from ieo_orders o where o.project_id = p.id) as live_requested,
  (select json_agg(json_build_object('currency_id', x.currency_id, 'price', x.price::text) order by x.currency_id)
     from ieo_project_prices x where x.project_id = p.id) as prices`;

export async function projectPage(
  db: Database,
  params: { readonly offset: number; readonly limit: number },
): Promise<{ readonly list: ProjectRecord[]; readonly total: number }> {
  const rows = await rowsOf<ProjectRow>(
    db,
    sql`select ${projectColumns} from ieo_projects p order by p.starts_at desc, p.id desc
        limit ${params.limit} offset ${params.offset}`,
  );
  const [count] = await rowsOf<{ total: number }>(db, sql`select count(*)::int as total from ieo_projects`);
  return { list: rows.map(projectOf), total: Number(count?.total ?? 0) };
}

/** One project; `lock` takes its row FOR SHARE (subscriptions) or FOR UPDATE (allocation, release). */
export async function projectById(
  db: Database,
  id: number,
  lock: 'none' | 'share' | 'update' = 'none',
): Promise<ProjectRecord | null> {
  const locking = lock === 'share' ? sql`for share of p` : lock === 'update' ? sql`for update of p` : sql``;
  const [row] = await rowsOf<ProjectRow>(
    db,
    sql`select ${projectColumns} from ieo_projects p where p.id = ${id} ${locking}`,
  );
  return row ? projectOf(row) : null;
}

export async function insertProject(
  tx: Database,
  project: {
    readonly name: string;
    readonly symbol: string;
    readonly currencyId: number;
    readonly tokenScale: number;
    readonly logo: string;
    readonly whitepaperUrl: string;
    readonly websiteUrl: string;
    readonly descriptions: Record<string, string>;
    readonly issuance: bigint;
    readonly minPerUser: bigint;
    readonly maxPerUser: bigint;
    readonly startsAt: Date;
    readonly endsAt: Date;
    readonly lockDays: number;
    readonly listingAt: Date;
    readonly createdAt: Date;
    readonly createdBy: number;
    readonly prices: readonly { readonly currencyId: number; readonly price: bigint }[];
  },
): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(
    tx,
    sql`insert into ieo_projects (name, symbol, currency_id, token_scale, logo, whitepaper_url, website_url,
          descriptions, issuance, min_per_user, max_per_user, starts_at, ends_at, lock_days, listing_at,
          created_at, created_by)
        values (${project.name}, ${project.symbol}, ${project.currencyId}, ${project.tokenScale}, ${project.logo},
          ${project.whitepaperUrl}, ${project.websiteUrl}, ${JSON.stringify(project.descriptions)}::jsonb,
          ${project.issuance.toString()}::numeric, ${project.minPerUser.toString()}::numeric,
          ${project.maxPerUser.toString()}::numeric, ${project.startsAt.toISOString()}::timestamptz,
          ${project.endsAt.toISOString()}::timestamptz, ${project.lockDays},
          ${project.listingAt.toISOString()}::timestamptz, ${project.createdAt.toISOString()}::timestamptz,
          ${project.createdBy})
        returning id`,
  );
  const id = Number(row?.id);
  await tx.execute(
    sql`insert into ieo_project_prices (project_id, currency_id, price)
        select ${id}, * from unnest(${integerArray(project.prices.map((p) => p.currencyId))}::int[],
                                    ${integerArray(project.prices.map((p) => p.price))}::numeric[])`,
  );
  return id;
}

export type OrderRecord = {
  readonly id: bigint;
  readonly projectId: number;
  readonly userId: number;
  readonly payCurrencyId: number;
  readonly amount: bigint;
  readonly price: bigint;
  readonly held: bigint;
  readonly holdId: bigint;
  readonly createdAt: Date;
  readonly allocated: bigint | null;
  readonly charged: bigint | null;
  readonly refunded: bigint | null;
  readonly lockHoldId: bigint | null;
  readonly allocatedAt: Date | null;
  readonly releasedAt: Date | null;
};

type OrderRow = {
  id: string;
  project_id: number;
  user_id: number;
  pay_currency_id: number;
  amount: string;
  price: string;
  held: string;
  hold_id: string;
  created_at: Date | string;
  allocated: string | null;
  charged: string | null;
  refunded: string | null;
  lock_hold_id: string | null;
  allocated_at: Date | string | null;
  released_at: Date | string | null;
};

const orderColumns = sql`id::text, project_id, user_id, pay_currency_id, amount::text, price::text, held::text,
  hold_id::text, created_at, allocated::text, charged::text, refunded::text, lock_hold_id::text, allocated_at,
  released_at`;

function orderOf(row: OrderRow): OrderRecord {
  return {
    id: BigInt(row.id),
    projectId: Number(row.project_id),
    userId: Number(row.user_id),
    payCurrencyId: Number(row.pay_currency_id),
    amount: BigInt(row.amount),
    price: BigInt(row.price),
    held: BigInt(row.held),
    holdId: BigInt(row.hold_id),
    createdAt: new Date(row.created_at),
    allocated: bigintOrNull(row.allocated),
    charged: bigintOrNull(row.charged),
    refunded: bigintOrNull(row.refunded),
    lockHoldId: row.lock_hold_id === null ? null : BigInt(row.lock_hold_id),
    allocatedAt: dateOrNull(row.allocated_at),
    releasedAt: dateOrNull(row.released_at),
  };
}

/** Serialises one user's subscriptions to one project (the per-user maximum under races). */
export async function lockUserInProject(tx: Database, projectId: number, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ieo:' || ${projectId}::text), ${userId})`);
}

export async function requestedByUser(tx: Database, projectId: number, userId: number): Promise<bigint> {
  const [row] = await rowsOf<{ total: string }>(
    tx,
    sql`select coalesce(sum(amount), 0)::text as total from ieo_orders
        where project_id = ${projectId} and user_id = ${userId}`,
  );
  return BigInt(row?.total ?? '0');
}

export async function nextOrderId(tx: Database): Promise<bigint> {
  const [row] = await rowsOf<{ id: string }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('ieo_orders', 'id'))::text as id`,
  );
  return BigInt(row?.id ?? '0');
}

export async function insertOrder(
  tx: Database,
  order: Pick<
    OrderRecord,
    'id' | 'projectId' | 'userId' | 'payCurrencyId' | 'amount' | 'price' | 'held' | 'holdId' | 'createdAt'
  >,
): Promise<OrderRecord> {
  const [row] = await rowsOf<OrderRow>(
    tx,
    sql`insert into ieo_orders (id, project_id, user_id, pay_currency_id, amount, price, held, hold_id, created_at)
        values (${order.id.toString()}::bigint, ${order.projectId}, ${order.userId}, ${order.payCurrencyId},
          ${order.amount.toString()}::numeric, ${order.price.toString()}::numeric, ${order.held.toString()}::numeric,
          ${order.holdId.toString()}::bigint, ${order.createdAt.toISOString()}::timestamptz)
        returning ${orderColumns}`,
  );
  if (!row) throw new Error('the subscription was not stored');
  return orderOf(row);
}

export async function ordersOfProject(tx: Database, projectId: number): Promise<OrderRecord[]> {
  const rows = await rowsOf<OrderRow>(
    tx,
    sql`select ${orderColumns} from ieo_orders where project_id = ${projectId} order by id`,
  );
  return rows.map(orderOf);
}

export async function ordersOfUser(
  db: Database,
  params: { readonly userId: number; readonly offset: number; readonly limit: number },
): Promise<{ readonly list: OrderRecord[]; readonly total: number }> {
  const rows = await rowsOf<OrderRow>(
    db,
    sql`select ${orderColumns} from ieo_orders where user_id = ${params.userId}
        order by id desc limit ${params.limit} offset ${params.offset}`,
  );
  const [count] = await rowsOf<{ total: number }>(
    db,
    sql`select count(*)::int as total from ieo_orders where user_id = ${params.userId}`,
  );
  return { list: rows.map(orderOf), total: Number(count?.total ?? 0) };
}

/** Writes each subscription's allocation (once: only rows not yet allocated change). */
export async function recordAllocations(
  tx: Database,
  params: {
    readonly at: Date;
    readonly releasedAt: Date | null;
    readonly lines: readonly {
      readonly id: bigint;
      readonly allocated: bigint;
      readonly charged: bigint;
      readonly refunded: bigint;
      readonly lockHoldId: bigint | null;
    }[];
  },
): Promise<number> {
  if (params.lines.length === 0) return 0;
  const rows = await rowsOf<{ id: string }>(
    tx,
    sql`update ieo_orders o set allocated = x.allocated, charged = x.charged, refunded = x.refunded,
          lock_hold_id = x.lock_hold_id, allocated_at = ${params.at.toISOString()}::timestamptz,
          released_at = ${params.releasedAt?.toISOString() ?? null}::timestamptz
        from unnest(${integerArray(params.lines.map((l) => l.id))}::bigint[],
                    ${integerArray(params.lines.map((l) => l.allocated))}::numeric[],
                    ${integerArray(params.lines.map((l) => l.charged))}::numeric[],
                    ${integerArray(params.lines.map((l) => l.refunded))}::numeric[],
                    ${textArray(params.lines.map((l) => l.lockHoldId?.toString() ?? null))}::bigint[])
          as x(id, allocated, charged, refunded, lock_hold_id)
        where o.id = x.id and o.allocated_at is null
        returning o.id::text`,
  );
  return rows.length;
}

export async function markProjectAllocated(
  tx: Database,
  params: {
    readonly id: number;
    readonly at: Date;
    readonly ruleVersion: number;
    readonly requestedTotal: bigint;
    readonly allocatedTotal: bigint;
    readonly applications: number;
    readonly passes: number;
    readonly releasedAt: Date | null;
  },
): Promise<boolean> {
  const rows = await rowsOf<{ id: number }>(
    tx,
    sql`update ieo_projects set allocated_at = ${params.at.toISOString()}::timestamptz,
          rule_version = ${params.ruleVersion}, requested_total = ${params.requestedTotal.toString()}::numeric,
          allocated_total = ${params.allocatedTotal.toString()}::numeric, applications = ${params.applications},
          passes = ${params.passes}, released_at = ${params.releasedAt?.toISOString() ?? null}::timestamptz
        where id = ${params.id} and allocated_at is null returning id`,
  );
  return rows.length === 1;
}

export async function markReleased(tx: Database, projectId: number, at: Date): Promise<number> {
  await tx.execute(
    sql`update ieo_projects set released_at = ${at.toISOString()}::timestamptz
        where id = ${projectId} and released_at is null`,
  );
  const rows = await rowsOf<{ id: string }>(
    tx,
    sql`update ieo_orders set released_at = ${at.toISOString()}::timestamptz
        where project_id = ${projectId} and allocated_at is not null and released_at is null
        returning id::text`,
  );
  return rows.length;
}

/** Marks a project listed, once: false when it already was. */
export async function markListed(
  db: Database,
  params: {
    readonly id: number;
    readonly at: Date;
    readonly symbol: string;
    readonly reference: string;
    readonly makerInventory: bigint;
  },
): Promise<boolean> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`update ieo_projects set listed_at = ${params.at.toISOString()}::timestamptz, listing_symbol = ${params.symbol},
          listing_reference = ${params.reference}, maker_inventory = ${params.makerInventory.toString()}
        where id = ${params.id} and listed_at is null returning id`,
  );
  return rows.length === 1;
}
