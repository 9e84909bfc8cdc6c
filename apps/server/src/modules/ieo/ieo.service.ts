/**
 * IEO: staff create projects (the token a new ledger currency, its issuance minted into the
 * project's issuance account), users subscribe (the payment held), and two items of scheduled
 * work per project settle it exactly once each: the allocation at the end of the subscription
 * (published rule, packages/domain ieo.domain.ts; the charge goes to the issuer's account, the
 * rest of each hold is released, the tokens credited and locked) and the release of the locks at
 * the end of the lock cycle. Nothing else writes an allocation.
 */
import type {
  AdminIeoProjectCreate,
  AdminIeoProjectListBody,
  IeoAllocationInputs,
  IeoOrder,
  IeoProject,
  Locale,
} from '@fairex/contract';
import {
  allocateIeo,
  checkIeoSubscription,
  fromScaledBigint,
  ieoCost,
  ieoProjectState,
  ieoReleaseAtMs,
  invariant,
  parseAmount,
  settleIeoSubscription,
  toScaledBigint,
} from '@fairex/domain';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { type AuditActor, recordAudit } from '../audit';
import type { Halts } from '../halts';
import {
  addCurrency,
  type Currency,
  type Ledger,
  type LedgerOp,
  listCurrencies,
  userAccountKinds,
  userFacingLedgerError,
} from '../ledger';
import type { InstrumentCommands } from '../market';
import type { DueWork, Scheduler, WorkOutcome } from '../schedule';
import { ieoError } from './ieo.errors';
import type { OrderRecord, ProjectRecord } from './ieo.repository';
import * as repository from './ieo.repository';

export const ieoAllocateKind = 'ieo:allocate';
export const ieoReleaseKind = 'ieo:release';

/** The account names of a project: its issuance (tokens) and its issuer's proceeds (payments). */
export const issuanceAccount = (projectId: number) => `pool:ieo:${projectId}` as const;
export const issuerAccount = (projectId: number) => `pool:ieo_issuer:${projectId}` as const;
/** The quote currency of a listed token's spot pair. */
export const listingQuote = 'USDT';
/** Decimals a listing's prices are shown and ticked at, at most (and at most the quote's scale). */
const listingPriceDecimalsMax = 6;
const listingPriceDecimalsMin = 4;

const pageSizeDefault = 10;

/** Decimals of a decimal text, trailing zeros ignored. */
function decimalsOf(text: string): number {
  const fraction = text.split('.')[1] ?? '';
  return fraction.replace(/0+$/, '').length;
}

export type IeoService = ReturnType<typeof createIeoService>;

export function createIeoService(deps: {
  readonly db: Database;
  readonly clock: Clock;
  readonly ledger: Ledger;
  readonly scheduler: Scheduler;
  readonly halts: Halts;
  /** The market module's instrument commands: the listing adds its spot pair through them. */
  readonly instruments: Pick<InstrumentCommands, 'createInTransaction' | 'announce'>;
  /** The house market maker's user, or null when the maker is off (no listing then). */
  readonly marketMakerUser: (() => Promise<number>) | null;
}) {
  const { db, clock, ledger, scheduler, halts } = deps;

  function inTransaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    return db.transaction((transaction) => work(transaction as unknown as Database));
  }

  async function currencyMap(): Promise<Map<number, Currency>> {
    return new Map((await listCurrencies(db)).map((currency) => [currency.id, currency]));
  }

  function projectView(
    project: ProjectRecord,
    currencies: Map<number, Currency>,
    locale: Locale,
  ): IeoProject {
    const now = clock.now().getTime();
    const requested = project.requestedTotal ?? project.liveRequested;
    const remaining = project.issuance > requested ? project.issuance - requested : 0n;
    const tokens = (units: bigint) => fromScaledBigint(units, project.tokenScale);
    return {
      id: project.id,
      name: project.name,
      symbol: project.symbol,
      currency_id: project.currencyId,
      token_scale: project.tokenScale,
      logo: project.logo,
      whitepaper: project.whitepaperUrl,
      website: project.websiteUrl,
      description:
        project.descriptions[locale] ??
        project.descriptions.en ??
        Object.values(project.descriptions)[0] ??
        '',
      state: ieoProjectState(
        { startsAtMs: project.startsAt.getTime(), endsAtMs: project.endsAt.getTime() },
        now,
      ),
      prices: project.prices.map((price) => {
        const currency = currencies.get(price.currencyId);
        const scale = currency?.scale ?? 0;
        return {
          currency_id: price.currencyId,
          currency: currency?.code ?? '',
          currency_scale: scale,
          price: fromScaledBigint(price.price, scale),
        };
      }),
      issuance: tokens(project.issuance),
      remaining: tokens(remaining),
      requested_total: tokens(requested),
      min_per_user: tokens(project.minPerUser),
      max_per_user: tokens(project.maxPerUser),
      starts_at: project.startsAt.getTime(),
      ends_at: project.endsAt.getTime(),
      lock_days: project.lockDays,
      release_at: ieoReleaseAtMs(project.endsAt.getTime(), project.lockDays),
      listing_at: project.listingAt.getTime(),
      applications: project.applications ?? project.liveApplications,
      passes: project.passes,
      allocated_total: project.allocatedTotal === null ? null : tokens(project.allocatedTotal),
      allocated_at: project.allocatedAt?.getTime() ?? null,
      released_at: project.releasedAt?.getTime() ?? null,
      rule_version: project.ruleVersion,
      listed_at: project.listedAt?.getTime() ?? null,
      listing_symbol: project.listingSymbol,
      listing_reference: project.listingReference,
      maker_inventory: project.makerInventory === null ? null : tokens(project.makerInventory),
      now,
    };
  }

  function orderView(
    order: OrderRecord,
    project: ProjectRecord,
    currencies: Map<number, Currency>,
  ): IeoOrder {
    const pay = currencies.get(order.payCurrencyId);
    const payScale = pay?.scale ?? 0;
    const tokens = (units: bigint) => fromScaledBigint(units, project.tokenScale);
    const payment = (units: bigint) => fromScaledBigint(units, payScale);
    return {
      id: order.id.toString(),
      project_id: project.id,
      project_name: project.name,
      symbol: project.symbol,
      token_scale: project.tokenScale,
      pay_currency_id: order.payCurrencyId,
      pay_currency: pay?.code ?? '',
      pay_scale: payScale,
      amount: tokens(order.amount),
      price: payment(order.price),
      held: payment(order.held),
      created_at: order.createdAt.getTime(),
      state: order.releasedAt ? 'released' : order.allocatedAt ? 'locked' : 'subscribed',
      allocated: order.allocated === null ? null : tokens(order.allocated),
      charged: order.charged === null ? null : payment(order.charged),
      refunded: order.refunded === null ? null : payment(order.refunded),
      allocation_at: project.endsAt.getTime(),
      allocated_at: order.allocatedAt?.getTime() ?? null,
      release_at: ieoReleaseAtMs(project.endsAt.getTime(), project.lockDays),
      released_at: order.releasedAt?.getTime() ?? null,
    };
  }

  async function existingProject(id: number): Promise<ProjectRecord> {
    const project = await repository.projectById(db, id);
    if (!project) throw ieoError('project_not_found');
    return project;
  }

  /** The allocation of one project: exactly once (the row lock and `allocated_at` guard it). */
  async function allocate(tx: Database, work: DueWork, now: Date): Promise<WorkOutcome> {
    const project = await repository.projectById(tx, Number(work.key), 'update');
    if (!project || project.allocatedAt) return { done: true };
    if (now.getTime() < project.endsAt.getTime()) return { retryAt: project.endsAt, reason: 'not yet ended' };
    const orders = await repository.ordersOfProject(tx, project.id);
    const allocation = allocateIeo({
      issuance: project.issuance,
      applications: orders.map((order) => ({ id: order.id, requested: order.amount })),
    });
    const locked = project.lockDays > 0;
    const ops: LedgerOp[] = [];
    const lockOpIndex = new Map<bigint, number>();
    const settlements = orders.map((order, index) => {
      const line = allocation.lines[index];
      invariant(line && line.id === order.id, 'one allocation line per subscription, in order');
      const settlement = settleIeoSubscription({
        allocated: line.allocated,
        held: order.held,
        priceUnits: order.price,
        tokenScale: project.tokenScale,
      });
      const payAccount = {
        userId: order.userId,
        currencyId: order.payCurrencyId,
        kind: userAccountKinds.change,
      };
      const tokenAccount = {
        userId: order.userId,
        currencyId: project.currencyId,
        kind: userAccountKinds.change,
      };
      if (settlement.charged > 0n) {
        ops.push({
          type: 'post_hold',
          holdId: order.holdId,
          amount: settlement.charged,
          close: true,
          entry: {
            kind: 'ieo_purchase',
            userId: order.userId,
            reference: `ieo:order:${order.id}:charge`,
            memo: { project_id: project.id, order_id: order.id.toString() },
            legs: [
              { account: payAccount, amount: -settlement.charged },
              {
                account: { system: issuerAccount(project.id), currencyId: order.payCurrencyId },
                amount: settlement.charged,
              },
            ],
          },
        });
      } else {
        ops.push({ type: 'release', holdId: order.holdId });
      }
      if (settlement.allocated > 0n) {
        ops.push({
          type: 'transfer',
          entry: {
            kind: 'ieo_allocation',
            userId: order.userId,
            reference: `ieo:order:${order.id}:tokens`,
            memo: { project_id: project.id, order_id: order.id.toString() },
            legs: [
              {
                account: { system: issuanceAccount(project.id), currencyId: project.currencyId },
                amount: -settlement.allocated,
              },
              { account: tokenAccount, amount: settlement.allocated },
            ],
          },
        });
        if (locked) {
          lockOpIndex.set(order.id, ops.length);
          ops.push({
            type: 'hold',
            account: tokenAccount,
            amount: settlement.allocated,
            reason: 'ieo_lock',
            reference: `ieo:order:${order.id}:lock`,
          });
        }
      }
      return { order, settlement };
    });
    const held = orders.reduce((sum, order) => sum + order.held, 0n);
    const settled = settlements.reduce((sum, s) => sum + s.settlement.charged + s.settlement.refunded, 0n);
    invariant(settled === held, 'charges and refunds add up to what was held');
    invariant(
      allocation.allocatedTotal + allocation.unallocated === project.issuance,
      'the issuance is conserved',
    );
    const result = ops.length > 0 ? await ledger.apply(tx, ops, now) : { holdIds: [], entryIds: [] };
    const releasedAt = locked ? null : now;
    const written = await repository.recordAllocations(tx, {
      at: now,
      releasedAt,
      lines: settlements.map(({ order, settlement }) => {
        const index = lockOpIndex.get(order.id);
        return {
          id: order.id,
          allocated: settlement.allocated,
          charged: settlement.charged,
          refunded: settlement.refunded,
          lockHoldId: index === undefined ? null : (result.holdIds[index] ?? null),
        };
      }),
    });
    invariant(written === orders.length, 'every subscription is allocated once');
    const marked = await repository.markProjectAllocated(tx, {
      id: project.id,
      at: now,
      ruleVersion: allocation.ruleVersion,
      requestedTotal: allocation.requestedTotal,
      allocatedTotal: allocation.allocatedTotal,
      applications: orders.length,
      passes: settlements.filter((s) => s.settlement.allocated > 0n).length,
      releasedAt,
    });
    invariant(marked, 'the project is allocated once');
    if (locked) {
      await scheduler.schedule(tx, {
        kind: ieoReleaseKind,
        key: String(project.id),
        dueAt: new Date(ieoReleaseAtMs(project.endsAt.getTime(), project.lockDays)),
      });
    }
    return { done: true };
  }

  /** The release of one project's locked allocations: exactly once. */
  async function release(tx: Database, work: DueWork, now: Date): Promise<WorkOutcome> {
    const project = await repository.projectById(tx, Number(work.key), 'update');
    if (!project || project.releasedAt) return { done: true };
    if (!project.allocatedAt)
      return { retryAt: new Date(now.getTime() + 60_000), reason: 'not yet allocated' };
    const orders = await repository.ordersOfProject(tx, project.id);
    const ops: LedgerOp[] = orders
      .filter((order) => order.lockHoldId !== null && order.releasedAt === null)
      .map((order) => ({ type: 'release', holdId: order.lockHoldId as bigint }));
    if (ops.length > 0) await ledger.apply(tx, ops, now);
    await repository.markReleased(tx, project.id, now);
    return { done: true };
  }

  scheduler.handle(ieoAllocateKind, allocate);
  scheduler.handle(ieoReleaseKind, release);

  return {
    async list(params: { page?: number | undefined; limit?: number | undefined; locale: Locale }) {
      const page = params.page ?? 1;
      const limit = params.limit ?? pageSizeDefault;
      const [{ list, total }, currencies] = await Promise.all([
        repository.projectPage(db, { offset: (page - 1) * limit, limit }),
        currencyMap(),
      ]);
      return { list: list.map((p) => projectView(p, currencies, params.locale)), page, limit, total };
    },

    async detail(projectId: number, locale: Locale): Promise<IeoProject> {
      const [project, currencies] = await Promise.all([existingProject(projectId), currencyMap()]);
      return projectView(project, currencies, locale);
    },

    async allocationInputs(projectId: number): Promise<IeoAllocationInputs> {
      const project = await existingProject(projectId);
      const orders = await repository.ordersOfProject(db, projectId);
      return {
        project_id: project.id,
        issuance: fromScaledBigint(project.issuance, project.tokenScale),
        token_scale: project.tokenScale,
        rule_version: project.ruleVersion,
        applications: orders.map((order) => ({
          id: order.id.toString(),
          amount: fromScaledBigint(order.amount, project.tokenScale),
        })),
      };
    },

    async subscribe(params: {
      readonly userId: number;
      readonly projectId: number;
      readonly amount: string;
      readonly payCurrency: number | string;
      readonly price: string;
    }): Promise<IeoOrder> {
      halts.assertOpen(`ieo:${params.projectId}`);
      const currencies = await currencyMap();
      const pay = [...currencies.values()].find((currency) =>
        typeof params.payCurrency === 'number'
          ? currency.id === params.payCurrency
          : currency.code === params.payCurrency.toUpperCase(),
      );
      try {
        return await inTransaction(async (tx) => {
          // Shared with other subscriptions, exclusive against the allocation run.
          const project = await repository.projectById(tx, params.projectId, 'share');
          if (!project) throw ieoError('project_not_found');
          const parsed = parseAmount(params.amount, project.tokenScale);
          if (!parsed.ok) {
            throw ieoError(
              parsed.error === 'too_many_decimals'
                ? 'amount_too_many_decimals'
                : parsed.error === 'too_large'
                  ? 'amount_too_large'
                  : 'amount_invalid',
            );
          }
          const priceUnits = pay
            ? (project.prices.find((price) => price.currencyId === pay.id)?.price ?? null)
            : null;
          const presented = pay ? toScaledBigint(params.price, pay.scale) : null;
          await repository.lockUserInProject(tx, project.id, params.userId);
          const already = await repository.requestedByUser(tx, project.id, params.userId);
          const refusal = project.allocatedAt
            ? 'ended'
            : checkIeoSubscription({
                window: { startsAtMs: project.startsAt.getTime(), endsAtMs: project.endsAt.getTime() },
                nowMs: clock.now().getTime(),
                requested: parsed.units,
                alreadyRequested: already,
                minPerUser: project.minPerUser,
                maxPerUser: project.maxPerUser,
                priceUnits,
                pricePresented: presented?.ok ? presented.value : -1n,
              });
          if (refusal) throw ieoError(refusal);
          invariant(pay && priceUnits !== null, 'a payable currency has a price');
          const held = ieoCost({ tokens: parsed.units, priceUnits, tokenScale: project.tokenScale });
          const id = await repository.nextOrderId(tx);
          const now = clock.now();
          const { holdIds } = await ledger.apply(
            tx,
            [
              {
                type: 'hold',
                account: { userId: params.userId, currencyId: pay.id, kind: userAccountKinds.change },
                amount: held,
                reason: 'ieo_subscription',
                reference: `ieo:order:${id}`,
              },
            ],
            now,
          );
          const holdId = holdIds[0];
          invariant(holdId, 'the subscription hold was made');
          const order = await repository.insertOrder(tx, {
            id,
            projectId: project.id,
            userId: params.userId,
            payCurrencyId: pay.id,
            amount: parsed.units,
            price: priceUnits,
            held,
            holdId,
            createdAt: now,
          });
          return orderView(order, project, currencies);
        });
      } catch (error) {
        throw userFacingLedgerError(error);
      }
    },

    async myOrders(params: { userId: number; page?: number | undefined; limit?: number | undefined }) {
      const page = params.page ?? 1;
      const limit = params.limit ?? pageSizeDefault;
      const [{ list, total }, currencies] = await Promise.all([
        repository.ordersOfUser(db, { userId: params.userId, offset: (page - 1) * limit, limit }),
        currencyMap(),
      ]);
      const projects = new Map<number, ProjectRecord>();
      for (const order of list) {
        if (!projects.has(order.projectId))
          projects.set(order.projectId, await existingProject(order.projectId));
      }
      return {
        list: list.map((order) =>
          orderView(order, projects.get(order.projectId) as ProjectRecord, currencies),
        ),
        page,
        limit,
        total,
      };
    },

    async adminList(): Promise<{ list: IeoProject[] }> {
      const [{ list }, currencies] = await Promise.all([
        repository.projectPage(db, { offset: 0, limit: 500 }),
        currencyMap(),
      ]);
      return { list: list.map((p) => projectView(p, currencies, 'en')) };
    },

    /**
     * Opens the token's spot pair `<symbol>/USDT` (admin, audited), once, from the listing time
     * on: the market module adds the instrument on the staff-set reference (recorded as its first
     * tick, source "reference"), the spot module opens the pair, and `maker_inventory` tokens move
     * from the issuance account (what the allocation left) to the market maker by the entry
     * `ieo:<id>:listing`. The maker then quotes around the reference like any pair.
     */
    async listToken(actor: AuditActor, body: AdminIeoProjectListBody): Promise<IeoProject> {
      const makerUser = deps.marketMakerUser;
      if (!makerUser) throw ieoError('listing_no_market_maker');
      const currencies = await currencyMap();
      const quote = [...currencies.values()].find((currency) => currency.code === listingQuote);
      invariant(quote, 'the listing quote currency exists');
      const priceDecimalsMax = Math.min(listingPriceDecimalsMax, quote.scale);
      const reference = parseAmount(body.reference_price, priceDecimalsMax);
      if (!reference.ok || reference.units <= 0n) throw ieoError('listing_reference_invalid');
      const referenceDecimals = decimalsOf(body.reference_price);
      const priceDecimals = Math.min(priceDecimalsMax, Math.max(listingPriceDecimalsMin, referenceDecimals));
      // The reference on the pair's tick grid (exact: it has at most priceDecimals decimals).
      const referenceUnits = reference.units / 10n ** BigInt(priceDecimalsMax - priceDecimals);
      const makerUserId = await makerUser();
      const now = clock.now();
      const instrumentId = await inTransaction(async (tx) => {
        const project = await repository.projectById(tx, Number(body.project_id), 'update');
        if (!project) throw ieoError('project_not_found');
        if (project.listedAt) throw ieoError('already_listed');
        if (now.getTime() < project.listingAt.getTime() || !project.allocatedAt)
          throw ieoError('listing_not_yet');
        const inventory = parseAmount(body.maker_inventory ?? '0', project.tokenScale);
        if (!inventory.ok) throw ieoError('terms_invalid');
        const unallocated = project.issuance - (project.allocatedTotal ?? 0n);
        if (inventory.units > unallocated) throw ieoError('listing_inventory_too_large');
        const symbol = `${project.symbol}/${listingQuote}`;
        const referenceText = fromScaledBigint(referenceUnits, priceDecimals);
        const id = await deps.instruments.createInTransaction(tx, actor, {
          symbol,
          kind: 'spot',
          base: project.symbol,
          quote: listingQuote,
          tick_size: fromScaledBigint(1n, priceDecimals),
          lot_size: fromScaledBigint(1n, project.tokenScale),
          price_decimals: priceDecimals,
          reference_price: referenceText,
          feed: 'reference',
        });
        if (inventory.units > 0n) {
          await ledger.apply(
            tx,
            [
              {
                type: 'transfer',
                entry: {
                  kind: 'ieo_listing',
                  userId: makerUserId,
                  reference: `ieo:${project.id}:listing`,
                  memo: { project_id: project.id, purpose: 'market maker inventory' },
                  legs: [
                    {
                      account: { system: issuanceAccount(project.id), currencyId: project.currencyId },
                      amount: -inventory.units,
                    },
                    {
                      account: {
                        userId: makerUserId,
                        currencyId: project.currencyId,
                        kind: userAccountKinds.change,
                      },
                      amount: inventory.units,
                    },
                  ],
                },
              },
            ],
            now,
          );
        }
        const marked = await repository.markListed(tx, {
          id: project.id,
          at: now,
          symbol,
          reference: referenceText,
          makerInventory: inventory.units,
        });
        invariant(marked, 'the project is listed once');
        await recordAudit(tx, {
          actor,
          action: 'ieo.project_list',
          target: { type: 'ieo_project', id: project.id },
          before: null,
          after: {
            symbol,
            instrument_id: id,
            reference_price: referenceText,
            maker_inventory: fromScaledBigint(inventory.units, project.tokenScale),
            maker_user_id: makerUserId,
          },
          at: now,
        });
        return id;
      });
      await deps.instruments.announce(instrumentId);
      return this.detail(Number(body.project_id), 'en');
    },

    async createProject(actor: AuditActor, body: AdminIeoProjectCreate): Promise<IeoProject> {
      const currencies = await currencyMap();
      const scale = Number(body.scale);
      const tokens = (text: string) => {
        const parsed = parseAmount(text, scale);
        if (!parsed.ok) throw ieoError('terms_invalid');
        return parsed.units;
      };
      const issuance = tokens(body.issuance);
      const minPerUser = tokens(body.min_per_user);
      const maxPerUser = tokens(body.max_per_user);
      const startsAt = new Date(Number(body.starts_at));
      const endsAt = new Date(Number(body.ends_at));
      const listingAt = new Date(Number(body.listing_at));
      const lockDays = Number(body.lock_days);
      const prices = body.prices.map((entry) => {
        const currency = currencies.get(Number(entry.currency_id));
        if (!currency) throw ieoError('terms_invalid');
        const parsed = parseAmount(entry.price, currency.scale);
        if (!parsed.ok) throw ieoError('terms_invalid');
        return { currencyId: currency.id, price: parsed.units };
      });
      const distinct = new Set(prices.map((p) => p.currencyId)).size === prices.length;
      if (
        !distinct ||
        minPerUser > maxPerUser ||
        maxPerUser > issuance ||
        endsAt.getTime() <= startsAt.getTime() ||
        listingAt.getTime() < endsAt.getTime()
      ) {
        throw ieoError('terms_invalid');
      }
      const now = clock.now();
      const id = await inTransaction(async (tx) => {
        const currencyId = await addCurrency(tx, {
          code: body.symbol,
          name: body.name,
          scale,
          image: body.logo ?? '',
        });
        if (currencyId === null) throw ieoError('symbol_taken');
        const projectId = await repository.insertProject(tx, {
          name: body.name,
          symbol: body.symbol,
          currencyId,
          tokenScale: scale,
          logo: body.logo ?? '',
          whitepaperUrl: body.whitepaper ?? '',
          websiteUrl: body.website ?? '',
          descriptions: body.descriptions ?? {},
          issuance,
          minPerUser,
          maxPerUser,
          startsAt,
          endsAt,
          lockDays,
          listingAt,
          createdAt: now,
          createdBy: actor.staffId,
          prices,
        });
        await ledger.apply(
          tx,
          [
            {
              type: 'transfer',
              entry: {
                kind: 'ieo_mint',
                userId: null,
                reference: `ieo:${projectId}:mint`,
                memo: { project_id: projectId },
                legs: [
                  { account: { system: 'token_supply', currencyId }, amount: -issuance },
                  { account: { system: issuanceAccount(projectId), currencyId }, amount: issuance },
                ],
              },
            },
          ],
          now,
        );
        await scheduler.schedule(tx, { kind: ieoAllocateKind, key: String(projectId), dueAt: endsAt });
        await recordAudit(tx, {
          actor,
          action: 'ieo.project_create',
          target: { type: 'ieo_project', id: projectId },
          before: null,
          after: {
            name: body.name,
            symbol: body.symbol,
            currency_id: currencyId,
            scale,
            issuance: body.issuance,
            min_per_user: body.min_per_user,
            max_per_user: body.max_per_user,
            prices: body.prices.map((p) => ({ currency_id: Number(p.currency_id), price: p.price })),
            starts_at: startsAt.toISOString(),
            ends_at: endsAt.toISOString(),
            lock_days: lockDays,
            listing_at: listingAt.toISOString(),
          },
          at: now,
        });
        return projectId;
      });
      return this.detail(id, 'en');
    },
  };
}
