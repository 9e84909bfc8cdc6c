/**
 * Balance corrections: staff never set a balance; they book one ledger transfer (kind
 * 'adjustment') between the user's account and the `adjustments` system account, with the reason
 * in its memo, and its audit entry, in one transaction. A retry with the same Idempotency-Key
 * replays the first result; a debit beyond the available balance is refused. Above the
 * two-person threshold (valued in USDT, credit or debit alike) a correction is first a pending
 * request: a second, different staff member approves the same terms and only then is it booked,
 * as deposits are. Nobody adjusts or approves an account of their own.
 */
import { createHash } from 'node:crypto';
import {
  type Adjustment,
  type AdjustmentAccountKind,
  type AdjustmentCreateReply,
  type AdjustmentList,
  type AdjustmentRequest,
  type AdjustmentRequestList,
  adjustmentAccountKinds,
} from '@fairex/contract';
import { fromScaledBigint, invariant } from '@fairex/domain';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { getUserContact } from '../accounts';
import {
  type ApprovalTerms,
  type ApprovalView,
  approvalsFor,
  approvalsNeeded,
  recordApproval,
  refuseOwnRequest,
  type UsdtPrices,
} from '../approvals';
import { type AuditActor, recordAudit } from '../audit';
import {
  accountKindName,
  type Currency,
  type Ledger,
  listCurrencies,
  userAccountBalances,
  userAccountKinds,
  userFacingLedgerError,
} from '../ledger';
import {
  adjustmentPageSize,
  adjustmentReference,
  normalizedReason,
  parseSignedAmount,
  requestFingerprint,
} from './adjustments.domain';
import { adjustmentsError } from './adjustments.errors';
import {
  type AdjustmentRequestRow,
  type AdjustmentRow,
  endRequest,
  findByIdempotencyKey,
  findRequestByIdempotencyKey,
  insertAdjustment,
  insertRequest,
  listAdjustments,
  listRequests,
  lockIdempotencyKey,
  lockRequest,
  nextAdjustmentId,
} from './adjustments.repository';

export type AdjustmentsServiceDeps = {
  readonly db: Database;
  readonly clock: Clock;
  readonly ledger: Ledger;
  /** Reference prices, to value an adjustment in USDT for the two-person rule. */
  readonly prices: UsdtPrices;
  /** APPROVAL_TWO_PERSON_ABOVE_USDT in micro-USDT. */
  readonly twoPersonAboveMicros: bigint;
};

export type AdjustmentDecision = {
  readonly actor: AuditActor;
  readonly id: number;
  readonly decision: 'approve' | 'reject';
  readonly reason: string | undefined;
};

/** What is booked, by whom, under which key: from a one-step request or an approved one. */
type Booking = {
  readonly actor: AuditActor;
  readonly requestedBy: number;
  readonly userId: number;
  readonly currency: Currency;
  readonly accountKind: AdjustmentAccountKind;
  readonly units: bigint;
  readonly reason: string;
  readonly idempotencyKey: string;
  readonly requestHash: string;
  readonly requestId: number | null;
  readonly at: Date;
};

export type AdjustmentCommand = {
  readonly actor: AuditActor;
  readonly userId: number;
  readonly currencyId: number;
  readonly accountKind: AdjustmentAccountKind;
  readonly amount: string;
  readonly reason: string | undefined;
  /** The request's Idempotency-Key header, as sent (required). */
  readonly idempotencyKey: string | undefined;
};

const idempotencyKeyLengthMax = 100;

function isValidKey(key: string): boolean {
  return key.length >= 1 && key.length <= idempotencyKeyLengthMax && /^[\x21-\x7e]+$/.test(key);
}

function kindNameOf(kind: number): AdjustmentAccountKind {
  const name = accountKindName(kind);
  invariant(
    name !== null && (adjustmentAccountKinds as readonly string[]).includes(name),
    `adjustment on account kind ${kind}`,
  );
  return name as AdjustmentAccountKind;
}

function viewOf(row: AdjustmentRow, currencies: ReadonlyMap<number, Currency>): Adjustment {
  const currency = currencies.get(row.currencyId);
  invariant(currency, `adjustment ${row.id} names an unknown currency`);
  return {
    status: 'booked',
    id: row.id,
    user_id: row.userId,
    currency_id: row.currencyId,
    currency: currency.code,
    account_kind: kindNameOf(row.accountKind),
    amount: fromScaledBigint(row.amount, currency.scale),
    reason: row.reason,
    staff_id: row.staffId,
    entry_id: row.entryId.toString(),
    time: row.createdAt.getTime(),
  };
}

async function currencyMap(db: Database): Promise<Map<number, Currency>> {
  return new Map((await listCurrencies(db)).map((currency) => [currency.id, currency]));
}

/** What an adjustment approval approves: this signed amount on this user's account. */
function termsOf(row: {
  userId: number;
  currencyId: number;
  accountKind: number;
  amount: bigint;
}): ApprovalTerms {
  return {
    currency_id: row.currencyId,
    amount: row.amount.toString(),
    destination: `#${row.userId} ${kindNameOf(row.accountKind)}`,
  };
}

function requestSnapshot(row: AdjustmentRequestRow) {
  return {
    user_id: row.userId,
    currency_id: row.currencyId,
    account_kind: kindNameOf(row.accountKind),
    amount: row.amount,
    reason: row.reason,
    requested_by: row.requestedBy,
    status: row.status,
  };
}

function requestViewOf(
  row: AdjustmentRequestRow,
  currency: Currency,
  review: { approvals: readonly ApprovalView[]; required: number },
): AdjustmentRequest {
  return {
    id: row.id,
    user_id: row.userId,
    currency_id: row.currencyId,
    currency: currency.code,
    account_kind: kindNameOf(row.accountKind),
    amount: fromScaledBigint(row.amount, currency.scale),
    reason: row.reason,
    requested_by: row.requestedBy,
    status: row.status,
    decision_reason: row.decisionReason,
    decided_by: row.decidedBy,
    adjustment_id: row.adjustmentId,
    created_at: row.createdAt.getTime(),
    approvals: [...review.approvals],
    approvals_required: review.required,
  };
}

export function createAdjustmentsService(deps: AdjustmentsServiceDeps) {
  const { db, clock } = deps;
  const { ledger } = deps;

  /** Two approvals when the amount, credit or debit, is worth more than the threshold in USDT. */
  function approvalsRequiredFor(currency: Currency, units: bigint): 1 | 2 {
    return approvalsNeeded({
      prices: deps.prices,
      code: currency.code,
      units: units < 0n ? -units : units,
      scale: currency.scale,
      thresholdMicros: deps.twoPersonAboveMicros,
    });
  }

  async function requestViews(
    rows: readonly AdjustmentRequestRow[],
    currencies: ReadonlyMap<number, Currency>,
  ): Promise<AdjustmentRequest[]> {
    const approvals = await approvalsFor(
      db,
      'adjustment_request',
      rows.map((row) => row.id),
    );
    return rows.map((row) => {
      const currency = currencies.get(row.currencyId);
      invariant(currency, `adjustment request ${row.id} names an unknown currency`);
      return requestViewOf(row, currency, {
        approvals: approvals.get(row.id) ?? [],
        required: approvalsRequiredFor(currency, row.amount),
      });
    });
  }

  /** One balanced entry, its balance_adjustments row and the audit entry, in the caller's transaction. */
  async function book(tx: Database, booking: Booking): Promise<AdjustmentRow> {
    const id = await nextAdjustmentId(tx);
    const { currency, units, reason, at } = booking;
    const kind = userAccountKinds[booking.accountKind];
    const userAccount = { userId: booking.userId, currencyId: currency.id, kind };
    const approvedBy = booking.requestId === null ? null : booking.actor.staffId;
    const result = await ledger.apply(
      tx,
      [
        {
          type: 'transfer',
          entry: {
            kind: 'adjustment',
            userId: booking.userId,
            reference: adjustmentReference(id),
            memo: {
              adjustment_id: id,
              reason,
              staff_id: booking.requestedBy,
              ...(approvedBy === null ? {} : { approved_by: approvedBy }),
            },
            legs: [
              { account: { system: 'adjustments', currencyId: currency.id }, amount: -units },
              { account: userAccount, amount: units },
            ],
          },
        },
      ],
      at,
    );
    const entryId = result.entryIds[0];
    invariant(entryId !== undefined && entryId !== null, 'an adjustment books one entry');
    const inserted = await insertAdjustment(tx, {
      id,
      userId: booking.userId,
      currencyId: currency.id,
      accountKind: kind,
      amount: units,
      reason,
      staffId: booking.requestedBy,
      entryId,
      requestHash: booking.requestHash,
      idempotencyKey: booking.idempotencyKey,
      createdAt: at,
    });
    // The account is locked by this transaction: its balance now is the one just booked.
    const account = (await userAccountBalances(tx, booking.userId)).find(
      (balance) => balance.currencyId === currency.id && balance.kind === kind,
    );
    invariant(account, 'the adjusted account exists');
    const subject = {
      user_id: booking.userId,
      currency_id: currency.id,
      account_kind: booking.accountKind,
      held: account.held,
    };
    await recordAudit(tx, {
      actor: booking.actor,
      action: 'adjustment.create',
      target: { type: 'adjustment', id },
      before: { ...subject, balance: account.balance - units },
      after: {
        ...subject,
        balance: account.balance,
        amount: units,
        entry_id: entryId,
        reference: adjustmentReference(id),
        ...(booking.requestId === null
          ? {}
          : { request_id: booking.requestId, requested_by: booking.requestedBy }),
      },
      reason,
      at,
    });
    return inserted;
  }

  return {
    /**
     * Books one correction exactly once per (staff member, Idempotency-Key), or, above the
     * two-person threshold, files it as a pending request with the requester's approval.
     */
    async create(command: AdjustmentCommand): Promise<AdjustmentCreateReply> {
      const key = command.idempotencyKey;
      if (key === undefined) throw adjustmentsError('idempotency_key_required');
      if (!isValidKey(key)) throw adjustmentsError('idempotency_key_invalid');
      const reason = normalizedReason(command.reason);
      if (reason === null) throw adjustmentsError('reason_required');
      const currencies = await currencyMap(db);
      const currency = currencies.get(command.currencyId);
      if (!currency) throw adjustmentsError('currency_not_found');
      const amount = parseSignedAmount(command.amount, currency.scale);
      if (!amount.ok) throw adjustmentsError(amount.error);
      if (!(await getUserContact(db, command.userId))) throw adjustmentsError('user_not_found');
      const units = amount.units;
      const kind = userAccountKinds[command.accountKind];
      const requestHash = createHash('sha256')
        .update(
          requestFingerprint({
            userId: command.userId,
            currencyId: currency.id,
            accountKind: command.accountKind,
            units,
            reason,
          }),
        )
        .digest('hex');
      const staffId = command.actor.staffId;

      const outcome = await db
        .transaction(async (tx) => {
          const txDb = tx as unknown as Database;
          await lockIdempotencyKey(txDb, { staffId, key });
          const earlier = await findByIdempotencyKey(txDb, { staffId, key });
          const earlierRequest = earlier ? null : await findRequestByIdempotencyKey(txDb, { staffId, key });
          const replayed = earlier ?? earlierRequest;
          if (replayed) {
            if (replayed.requestHash !== requestHash) throw adjustmentsError('idempotency_key_reused');
            if (earlier) return { booked: earlier };
            invariant(earlierRequest, 'a replayed request was found');
            return { request: earlierRequest };
          }
          await refuseOwnRequest(txDb, command.actor, command.userId);
          const at = clock.now();
          const required = approvalsRequiredFor(currency, units);
          if (required === 1) {
            const booked = await book(txDb, {
              actor: command.actor,
              requestedBy: staffId,
              userId: command.userId,
              currency,
              accountKind: command.accountKind,
              units,
              reason,
              idempotencyKey: key,
              requestHash,
              requestId: null,
              at,
            });
            return { booked };
          }
          const request = await insertRequest(txDb, {
            userId: command.userId,
            currencyId: currency.id,
            accountKind: kind,
            amount: units,
            reason,
            requestedBy: staffId,
            idempotencyKey: key,
            requestHash,
            createdAt: at,
          });
          // The requester's own approval is the first; nothing moves until a colleague's.
          const gate = await recordApproval(txDb, {
            target: { type: 'adjustment_request', id: request.id },
            actor: command.actor,
            terms: termsOf(request),
            required,
            at,
            snapshot: requestSnapshot(request),
          });
          invariant(!gate.complete, 'a new adjustment request needs a second approval');
          return { request };
        })
        .catch((error: unknown) => {
          throw userFacingLedgerError(error);
        });
      if (outcome.booked) return viewOf(outcome.booked, currencies);
      invariant(outcome.request, 'an adjustment is booked or requested');
      const [view] = await requestViews([outcome.request], currencies);
      invariant(view, 'a request has a view');
      return view;
    },

    /** Approves a pending request's terms (booking it once two people agree) or rejects it. */
    async decide(decision: AdjustmentDecision): Promise<AdjustmentRequest> {
      const currencies = await currencyMap(db);
      const reason = decision.decision === 'reject' ? normalizedReason(decision.reason) : '';
      if (reason === null) throw adjustmentsError('reason_required');
      const row = await db
        .transaction(async (tx) => {
          const txDb = tx as unknown as Database;
          const request = await lockRequest(txDb, decision.id);
          if (!request) throw adjustmentsError('request_not_found');
          if (request.status !== 'pending') throw adjustmentsError('already_decided');
          await refuseOwnRequest(txDb, decision.actor, request.userId);
          const currency = currencies.get(request.currencyId);
          invariant(currency, `adjustment request ${request.id} names an unknown currency`);
          const at = clock.now();
          if (decision.decision === 'reject') {
            const rejected = await endRequest(txDb, {
              id: request.id,
              status: 'rejected',
              decisionReason: reason,
              decidedBy: decision.actor.staffId,
              adjustmentId: null,
              at,
            });
            invariant(rejected, 'a locked pending request can be ended');
            await recordAudit(txDb, {
              actor: decision.actor,
              action: 'adjustment_request.reject',
              target: { type: 'adjustment_request', id: request.id },
              before: requestSnapshot(request),
              after: requestSnapshot(rejected),
              reason,
              at,
            });
            return rejected;
          }
          const gate = await recordApproval(txDb, {
            target: { type: 'adjustment_request', id: request.id },
            actor: decision.actor,
            terms: termsOf(request),
            required: approvalsRequiredFor(currency, request.amount),
            at,
            snapshot: requestSnapshot(request),
          });
          if (!gate.complete) return request;
          const booked = await book(txDb, {
            actor: decision.actor,
            requestedBy: request.requestedBy,
            userId: request.userId,
            currency,
            accountKind: kindNameOf(request.accountKind),
            units: request.amount,
            reason: request.reason,
            idempotencyKey: request.idempotencyKey,
            requestHash: request.requestHash,
            requestId: request.id,
            at,
          });
          const approved = await endRequest(txDb, {
            id: request.id,
            status: 'approved',
            decisionReason: '',
            decidedBy: decision.actor.staffId,
            adjustmentId: booked.id,
            at,
          });
          invariant(approved, 'a locked pending request can be ended');
          return approved;
        })
        .catch((error: unknown) => {
          throw userFacingLedgerError(error);
        });
      const [view] = await requestViews([row], currencies);
      invariant(view, 'a request has a view');
      return view;
    },

    /** Requests by status, 20 a page: pending oldest first (the queue), decided newest first. */
    async requests(params: {
      status: 'pending' | 'approved' | 'rejected';
      page: number | undefined;
    }): Promise<AdjustmentRequestList> {
      const page = params.page ?? 1;
      const [rows, currencies] = await Promise.all([
        listRequests(db, {
          status: params.status,
          limit: adjustmentPageSize + 1,
          offset: (page - 1) * adjustmentPageSize,
        }),
        currencyMap(db),
      ]);
      return {
        list: await requestViews(rows.slice(0, adjustmentPageSize), currencies),
        page,
        page_size: adjustmentPageSize,
        has_more: rows.length > adjustmentPageSize,
      };
    },

    /** Adjustments newest first, 20 a page, optionally one user's. */
    async list(params: { userId: number | undefined; page: number | undefined }): Promise<AdjustmentList> {
      const page = params.page ?? 1;
      const [rows, currencies] = await Promise.all([
        listAdjustments(db, {
          userId: params.userId,
          limit: adjustmentPageSize + 1,
          offset: (page - 1) * adjustmentPageSize,
        }),
        currencyMap(db),
      ]);
      return {
        list: rows.slice(0, adjustmentPageSize).map((row) => viewOf(row, currencies)),
        page,
        page_size: adjustmentPageSize,
        has_more: rows.length > adjustmentPageSize,
      };
    },
  };
}
