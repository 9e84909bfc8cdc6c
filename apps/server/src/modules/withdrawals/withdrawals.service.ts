/**
 * Withdrawals, orchestrated: a request is checked (currency, amount, destination, network,
 * payment password and code, 24-hour limit) and then stored together with its ledger hold in one
 * transaction; staff approve (the hold is posted and a payout queued, in one transaction) or
 * reject (released); the user may cancel while pending (released). Each request ends once.
 */
import type {
  WithdrawalQueue,
  WithdrawalQueueEntry,
  WithdrawalRecord,
  WithdrawalStatus,
  WithdrawInfo,
} from '@fairex/contract';
import { withdrawalPageSize } from '@fairex/contract';
import { fromScaledBigint, invariant, parseAmount } from '@fairex/domain';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { platformErrors } from '../../platform/http/app-error';
import { consumeUserCode, getUserContact, verifyPayPassword } from '../accounts';
import {
  type ApprovalTerms,
  type ApprovalView,
  approvalsFor,
  approvalsNeeded,
  recordApproval,
  refuseOwnRequest,
} from '../approvals';
import { type AuditActor, recordAudit } from '../audit';
import {
  type Currency,
  type EntrySpec,
  type Ledger,
  ledgerError,
  listCurrencies,
  userAccountBalances,
  userAccountKinds,
  userFacingLedgerError,
} from '../ledger';
import { usdtReferenceSymbol } from '../market';
import { findPayoutDestination } from '../payout-methods';
import {
  amountErrorOf,
  btcEquivalent,
  btcText,
  destinationChoice,
  fitsLimit,
  holdReferenceOf,
  type PriceTicks,
  pageWindow,
  payoutReferenceOf,
  resolveChain,
  type WithdrawalRow,
  withdrawalLimitBtc,
  withdrawalLimitWindowMs,
  withdrawalView,
} from './withdrawals.domain';
import { withdrawalsError } from './withdrawals.errors';
import {
  endPendingWithdrawal,
  findByIdempotencyKey,
  findWithdrawalForUpdate,
  insertPayout,
  insertWithdrawal,
  listQueue,
  listUserWithdrawals,
  lockUserWithdrawals,
  payoutsOf,
  recentBtcEquivalent,
  setHoldId,
  withdrawalLimitsByLevel,
} from './withdrawals.repository';

/** The market's reference prices, as far as withdrawals need them. */
export type PriceSource = {
  referencePrice(symbol: string): { readonly price: string; readonly tickId: string } | null;
};

/** Proves the caller is the account holder: payment password and a `withdraw` code (case 13). */
export type CredentialCheck = {
  verify(params: { userId: number; payPassword: string; code: string }): Promise<void>;
};

/** The real check: both are required on every withdrawal, wallet sessions included. */
export function accountCredentials(deps: { db: Database; clock: Clock }): CredentialCheck {
  return {
    async verify({ userId, payPassword, code }) {
      await verifyPayPassword(deps.db, { userId, password: payPassword, clock: deps.clock });
      await consumeUserCode(deps.db, { userId, purpose: 'withdraw', code, clock: deps.clock });
    },
  };
}

export type WithdrawalRequest = {
  readonly userId: number;
  /** Currency id, or its code. */
  readonly currency: number | string;
  /** The amount the user receives, as typed. */
  readonly number: string;
  readonly chain: string | undefined;
  readonly addressId: number | undefined;
  readonly address: number | undefined;
  readonly bankCardId: number | undefined;
  readonly payPassword: string;
  readonly code: string;
  readonly idempotencyKey: string | undefined;
};

export type WithdrawalDecision = {
  /** The deciding staff member, recorded on the request and in the audit log. */
  readonly actor: AuditActor;
  readonly id: number;
  readonly decision: 'approve' | 'reject';
  readonly reason: string | undefined;
};

export type WithdrawalsServiceDeps = {
  readonly ledger: Ledger;
  readonly db: Database;
  readonly clock: Clock;
  readonly prices: PriceSource;
  /** Default: the payment password and code of the accounts module. */
  readonly credentials?: CredentialCheck;
  /** Told after an approval commits (the payout worker sends it soon). */
  readonly onApproved?: () => void;
  /** APPROVAL_TWO_PERSON_ABOVE_USDT in micro-USDT: above it, two staff members approve. */
  readonly twoPersonAboveMicros: bigint;
};

const spot = userAccountKinds.change;

function currencyFacts(currencies: ReadonlyMap<number, Currency>, currencyId: number) {
  const currency = currencies.get(currencyId);
  // Currencies are never deleted; a request without one is a broken invariant.
  invariant(currency, `currency ${currencyId} of a withdrawal is missing`);
  return currency;
}

async function currencyMap(db: Database): Promise<Map<number, Currency>> {
  return new Map((await listCurrencies(db)).map((currency) => [currency.id, currency]));
}

export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;

export function createWithdrawalsService(deps: WithdrawalsServiceDeps) {
  const { db, clock, prices } = deps;
  const credentials = deps.credentials ?? accountCredentials({ db, clock });
  const { ledger } = deps;

  /** Approvals a request needs: what leaves the account (amount + fee), valued in USDT now. */
  function approvalsRequiredFor(row: WithdrawalRow, currencies: ReadonlyMap<number, Currency>): 1 | 2 {
    const currency = currencyFacts(currencies, row.currencyId);
    return approvalsNeeded({
      prices,
      code: currency.code,
      units: row.amount + row.fee,
      scale: currency.scale,
      thresholdMicros: deps.twoPersonAboveMicros,
    });
  }

  async function reviewOf(rows: readonly WithdrawalRow[], currencies: ReadonlyMap<number, Currency>) {
    const approvals = await approvalsFor(
      db,
      'withdrawal',
      rows.map((row) => row.id),
    );
    return (row: WithdrawalRow) => ({
      approvals: approvals.get(row.id) ?? [],
      required: approvalsRequiredFor(row, currencies),
    });
  }

  /** The BTC equivalent of an amount at the current reference prices, with the ticks used. */
  function valueInBtc(currency: Currency, amount: bigint): { btc: bigint; ticks: PriceTicks } {
    const needsCurrencyPrice = currency.code !== 'BTC' && currency.code !== 'USDT';
    const needsBtcPrice = currency.code !== 'BTC';
    const currencySymbol = needsCurrencyPrice ? usdtReferenceSymbol(currency.code) : null;
    const btcSymbol = needsBtcPrice ? usdtReferenceSymbol('BTC') : null;
    const currencyPrice = currencySymbol ? prices.referencePrice(currencySymbol) : null;
    const btcPrice = btcSymbol ? prices.referencePrice(btcSymbol) : null;
    const btc = btcEquivalent({
      amount,
      scale: currency.scale,
      code: currency.code,
      usdtPrice: currencyPrice?.price ?? null,
      btcPrice: btcPrice?.price ?? null,
    });
    if (btc === null) throw withdrawalsError('price_unavailable');
    return { btc, ticks: { currency: currencyPrice?.tickId ?? null, btc: btcPrice?.tickId ?? null } };
  }

  async function levelOf(tx: Database, userId: number): Promise<number> {
    const contact = await getUserContact(tx, userId);
    if (!contact) throw platformErrors.sessionInvalid();
    return contact.verificationLevel;
  }

  async function usedInWindow(tx: Database, userId: number, now: Date): Promise<bigint> {
    return recentBtcEquivalent(tx, { userId, since: new Date(now.getTime() - withdrawalLimitWindowMs) });
  }

  async function available(userId: number, currencyId: number): Promise<bigint> {
    const account = (await userAccountBalances(db, userId)).find(
      (balance) => balance.currencyId === currencyId && balance.kind === spot,
    );
    return account ? account.balance - account.held : 0n;
  }

  async function viewOf(row: WithdrawalRow): Promise<WithdrawalRecord> {
    return withdrawalView(row, currencyFacts(await currencyMap(db), row.currencyId));
  }

  return {
    /** What the withdrawal form needs: currencies with minimum, fee and available, and the limit. */
    async info(userId: number): Promise<WithdrawInfo> {
      const [currencies, balances, level] = await Promise.all([
        listCurrencies(db),
        userAccountBalances(db, userId),
        levelOf(db, userId),
      ]);
      const limit = withdrawalLimitBtc(level, await withdrawalLimitsByLevel(db));
      const used = await usedInWindow(db, userId, clock.now());
      const spotOf = (currencyId: number) =>
        balances.find((balance) => balance.currencyId === currencyId && balance.kind === spot);
      return {
        currencies: currencies
          .filter((currency) => currency.status === 1)
          .map((currency) => {
            const account = spotOf(currency.id);
            return {
              id: currency.id,
              code: currency.code,
              name: currency.name,
              image: currency.image,
              scale: currency.scale,
              chains: [...currency.chains],
              withdraw_min: fromScaledBigint(currency.withdrawMin, currency.scale),
              withdraw_fee: fromScaledBigint(currency.withdrawFee, currency.scale),
              available: fromScaledBigint(account ? account.balance - account.held : 0n, currency.scale),
            };
          }),
        level,
        limit_btc: btcText(limit),
        used_btc: btcText(used),
        remaining_btc: btcText(limit > used ? limit - used : 0n),
      };
    },

    /** POST /wallet/out: checks everything, then stores the request and its hold together. */
    async request(request: WithdrawalRequest): Promise<WithdrawalRecord> {
      const { userId } = request;
      const currency = (await listCurrencies(db)).find((candidate) =>
        typeof request.currency === 'number'
          ? candidate.id === request.currency
          : candidate.code === request.currency,
      );
      if (currency?.status !== 1) throw withdrawalsError('currency_not_found');
      const parsed = parseAmount(request.number, currency.scale);
      if (!parsed.ok) throw withdrawalsError(amountErrorOf(parsed.error));
      const amount = parsed.units;
      if (amount < currency.withdrawMin) throw withdrawalsError('amount_below_minimum');

      const choice = destinationChoice(request);
      if (!choice.ok) throw withdrawalsError(choice.error);
      const destination = await findPayoutDestination(db, { userId, kind: choice.kind, id: choice.id });
      if (!destination) throw withdrawalsError('destination_not_found');
      if (destination.kind === 'address' && destination.currencyId !== currency.id)
        throw withdrawalsError('destination_currency_mismatch');
      const chain = resolveChain({ currencyChains: currency.chains, destination, requested: request.chain });
      if (!chain.ok) throw withdrawalsError(chain.error);

      const fee = currency.withdrawFee;
      const total = amount + fee;
      const value = valueInBtc(currency, amount);

      if (request.idempotencyKey !== undefined) {
        const earlier = await findByIdempotencyKey(db, { userId, key: request.idempotencyKey });
        if (earlier) return viewOf(earlier);
      }
      // Read-only pre-checks, so a request bound to fail does not use up the user's code; the
      // transaction below decides.
      if ((await available(userId, currency.id)) < total) throw ledgerError('insufficient_balance');
      const limitNow = withdrawalLimitBtc(await levelOf(db, userId), await withdrawalLimitsByLevel(db));
      if (limitNow === 0n) throw platformErrors.verificationRequired();
      if (
        !fitsLimit({
          usedBtc: await usedInWindow(db, userId, clock.now()),
          requestBtc: value.btc,
          limitBtc: limitNow,
        })
      )
        throw withdrawalsError('limit_exceeded');

      await credentials.verify({ userId, payPassword: request.payPassword, code: request.code });

      const row = await db
        .transaction(async (tx) => {
          const txDb = tx as unknown as Database;
          await lockUserWithdrawals(txDb, userId);
          if (request.idempotencyKey !== undefined) {
            const earlier = await findByIdempotencyKey(txDb, { userId, key: request.idempotencyKey });
            if (earlier) return earlier;
          }
          // Taken under the lock: requests of one user are stored in time order.
          const now = clock.now();
          // Read under the lock too: a limit staff changed meanwhile applies to this request.
          const limitBtc = withdrawalLimitBtc(
            await levelOf(txDb, userId),
            await withdrawalLimitsByLevel(txDb),
          );
          if (limitBtc === 0n) throw platformErrors.verificationRequired();
          const usedBtc = await usedInWindow(txDb, userId, now);
          if (!fitsLimit({ usedBtc, requestBtc: value.btc, limitBtc }))
            throw withdrawalsError('limit_exceeded');
          const id = await insertWithdrawal(txDb, {
            userId,
            currencyId: currency.id,
            chain: chain.chain,
            amount,
            fee,
            destination,
            btcEquivalent: value.btc,
            limitBtc,
            priceTicks: value.ticks,
            idempotencyKey: request.idempotencyKey ?? null,
            createdAt: now,
          });
          const { holdIds } = await ledger.apply(
            txDb,
            [
              {
                type: 'hold',
                account: { userId, currencyId: currency.id, kind: spot },
                amount: total,
                reason: 'withdrawal',
                reference: holdReferenceOf(id),
              },
            ],
            now,
          );
          const holdId = holdIds[0];
          invariant(holdId, 'a hold operation answers its hold id');
          await setHoldId(txDb, { id, holdId });
          return { ...(await findRowOrFail(txDb, id)) };
        })
        .catch((error: unknown) => {
          throw userFacingLedgerError(error);
        });
      return viewOf(row);
    },

    /** POST /user/withdraw/cancel: the owner ends a pending request; the hold is released once. */
    async cancel(params: { userId: number; id: number }): Promise<WithdrawalRecord> {
      const row = await db
        .transaction(async (tx) => {
          const txDb = tx as unknown as Database;
          const found = await findWithdrawalForUpdate(txDb, params.id);
          if (!found || found.userId !== params.userId) throw withdrawalsError('withdrawal_not_found');
          if (found.status !== 'pending') throw withdrawalsError('already_decided');
          const now = clock.now();
          await releaseHold(txDb, found, now);
          const ended = await endPendingWithdrawal(txDb, {
            id: found.id,
            status: 'cancelled',
            reason: '',
            decidedBy: null,
            at: now,
          });
          invariant(ended, 'a locked pending request can be ended');
          return ended;
        })
        .catch((error: unknown) => {
          throw userFacingLedgerError(error);
        });
      return viewOf(row);
    },

    /** GET /user/withdraw/list: the owner's requests, newest first. */
    async list(params: { userId: number; page: number | undefined; limit: number | undefined }) {
      const window = pageWindow({ page: params.page, limit: params.limit, size: withdrawalPageSize });
      const [{ rows, total }, currencies] = await Promise.all([
        listUserWithdrawals(db, { userId: params.userId, limit: window.limit, offset: window.offset }),
        currencyMap(db),
      ]);
      return {
        list: rows.map((row) => withdrawalView(row, currencyFacts(currencies, row.currencyId))),
        page: window.page,
        limit: window.limit,
        total,
      };
    },

    /** Staff: the queue of one status (default pending), 10 per page. */
    async queue(params: {
      status: WithdrawalStatus | undefined;
      page: number | undefined;
      userId: number | undefined;
    }): Promise<WithdrawalQueue> {
      const window = pageWindow({ page: params.page, limit: undefined, size: withdrawalPageSize });
      const [{ rows, total }, currencies] = await Promise.all([
        listQueue(db, {
          status: params.status ?? 'pending',
          userId: params.userId,
          limit: window.limit,
          offset: window.offset,
        }),
        currencyMap(db),
      ]);
      const review = await reviewOf(rows, currencies);
      const list = await Promise.all(rows.map((row) => queueEntry(db, row, currencies, review(row))));
      return { list, page: window.page, total };
    },

    /** Staff: approve (post the hold, queue the payout) or reject (release); once per request. */
    async decide(decision: WithdrawalDecision): Promise<WithdrawalQueueEntry> {
      const reason = decision.reason?.trim() ?? '';
      if (decision.decision === 'reject' && reason.length === 0) throw withdrawalsError('reason_required');
      // Read once, outside the transaction: a currency's code and scale never change, and the
      // map serves both the four-eyes valuation and the reply.
      const currencies = await currencyMap(db);
      const row = await db
        .transaction(async (tx) => {
          const txDb = tx as unknown as Database;
          const found = await findWithdrawalForUpdate(txDb, decision.id);
          if (!found) throw withdrawalsError('withdrawal_not_found');
          if (found.status !== 'pending') throw withdrawalsError('already_decided');
          await refuseOwnRequest(txDb, decision.actor, found.userId);
          const now = clock.now();
          if (decision.decision === 'approve') {
            // Four eyes above the threshold: a first approval is recorded and the request waits.
            const gate = await recordApproval(txDb, {
              target: { type: 'withdrawal', id: found.id },
              actor: decision.actor,
              terms: withdrawalTerms(found),
              required: approvalsRequiredFor(found, currencies),
              at: now,
              snapshot: withdrawalSnapshot(found),
            });
            if (!gate.complete) return found;
            await payOutOfHold(txDb, found, now);
            await insertPayout(txDb, { withdrawalId: found.id, at: now });
          } else {
            await releaseHold(txDb, found, now);
          }
          const ended = await endPendingWithdrawal(txDb, {
            id: found.id,
            status: decision.decision === 'approve' ? 'approved' : 'rejected',
            reason: decision.decision === 'approve' ? '' : reason,
            decidedBy: decision.actor.staffId,
            at: now,
          });
          invariant(ended, 'a locked pending request can be ended');
          await recordAudit(txDb, {
            actor: decision.actor,
            action: decision.decision === 'approve' ? 'withdrawal.approve' : 'withdrawal.reject',
            target: { type: 'withdrawal', id: found.id },
            before: withdrawalSnapshot(found),
            after: {
              ...withdrawalSnapshot(ended),
              ...(decision.decision === 'approve' ? { payout: 'queued' } : {}),
            },
            reason: decision.decision === 'approve' ? '' : reason,
            at: now,
          });
          return ended;
        })
        .catch((error: unknown) => {
          throw userFacingLedgerError(error);
        });
      if (row.status === 'approved') deps.onApproved?.();
      return queueEntry(db, row, currencies, (await reviewOf([row], currencies))(row));
    },
  };

  async function findRowOrFail(tx: Database, id: number): Promise<WithdrawalRow> {
    const row = await findWithdrawalForUpdate(tx, id);
    invariant(row, `withdrawal ${id} was just stored`);
    return row;
  }

  async function releaseHold(tx: Database, row: WithdrawalRow, at: Date): Promise<void> {
    invariant(row.holdId !== null, `pending withdrawal ${row.id} has a hold`);
    await ledger.apply(tx, [{ type: 'release', holdId: row.holdId }], at);
  }

  /** One 'withdrawal' entry from the hold: user −(amount+fee), clearing +amount, fees +fee. */
  async function payOutOfHold(tx: Database, row: WithdrawalRow, at: Date): Promise<void> {
    invariant(row.holdId !== null, `pending withdrawal ${row.id} has a hold`);
    const total = row.amount + row.fee;
    const entry: EntrySpec = {
      kind: 'withdrawal',
      userId: row.userId,
      reference: payoutReferenceOf(row.id),
      memo: { withdrawal_id: row.id, fee: String(row.fee) },
      legs: [
        { account: { userId: row.userId, currencyId: row.currencyId, kind: spot }, amount: -total },
        { account: { system: 'withdrawal_clearing', currencyId: row.currencyId }, amount: row.amount },
        ...(row.fee > 0n
          ? [{ account: { system: 'fees' as const, currencyId: row.currencyId }, amount: row.fee }]
          : []),
      ],
    };
    await ledger.apply(
      tx,
      [{ type: 'post_hold', holdId: row.holdId, amount: total, close: true, entry }],
      at,
    );
  }
}

/**
 * What a withdrawal approval approves: the amount paid out (the fee comes on top, fixed with the
 * request) and the destination, as frozen into the request.
 */
function withdrawalTerms(row: WithdrawalRow): ApprovalTerms {
  const destination =
    row.destination.kind === 'address'
      ? `${row.destination.chain ?? ''} ${row.destination.address}`.trim()
      : `${row.destination.bankName} ${row.destination.bankAccount}`;
  return { currency_id: row.currencyId, amount: row.amount.toString(), destination };
}

/** A withdrawal as the audit log keeps it, before and after a decision. */
function withdrawalSnapshot(row: WithdrawalRow) {
  return {
    user_id: row.userId,
    currency_id: row.currencyId,
    chain: row.chain,
    amount: row.amount,
    fee: row.fee,
    destination: row.destination.kind,
    destination_id: row.destination.id,
    status: row.status,
    reason: row.reason,
    decided_by: row.decidedBy,
  };
}

async function queueEntry(
  db: Database,
  row: WithdrawalRow,
  currencies: ReadonlyMap<number, Currency>,
  review: { readonly approvals: readonly ApprovalView[]; readonly required: number },
): Promise<WithdrawalQueueEntry> {
  const [contact, [payout]] = await Promise.all([getUserContact(db, row.userId), payoutsOf(db, [row.id])]);
  return {
    ...withdrawalView(row, currencyFacts(currencies, row.currencyId)),
    user_id: row.userId,
    account: contact?.account ?? '',
    destination_detail: { ...row.destination },
    btc_equivalent: btcText(row.btcEquivalent),
    limit_btc: btcText(row.limitBtc),
    price_ticks: { currency: row.priceTicks.currency, btc: row.priceTicks.btc },
    decided_by: row.decidedBy,
    payout: payout
      ? {
          status: payout.status,
          attempts: payout.attempts,
          last_error: payout.lastError,
          external_ref: payout.externalRef,
          sent_at: payout.sentAt ? payout.sentAt.getTime() : null,
        }
      : null,
    approvals: [...review.approvals],
    approvals_required: review.required,
  };
}
