/**
 * Balance corrections: staff never set a balance; they book one ledger transfer (kind
 * 'adjustment') between the user's account and the `adjustments` system account, with the reason
 * in its memo, and its audit entry, in one transaction. A retry with the same Idempotency-Key
 * replays the first result; a debit beyond the available balance is refused.
 */
import { createHash } from 'node:crypto';
import {
  type Adjustment,
  type AdjustmentAccountKind,
  type AdjustmentList,
  adjustmentAccountKinds,
} from '@fairex/contract';
import { fromScaledBigint, invariant } from '@fairex/domain';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { getUserContact } from '../accounts';
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
  type AdjustmentRow,
  findByIdempotencyKey,
  insertAdjustment,
  listAdjustments,
  lockIdempotencyKey,
  nextAdjustmentId,
} from './adjustments.repository';

export type AdjustmentsServiceDeps = {
  readonly db: Database;
  readonly clock: Clock;
  readonly ledger: Ledger;
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

export function createAdjustmentsService(deps: AdjustmentsServiceDeps) {
  const { db, clock } = deps;
  const { ledger } = deps;

  return {
    /** Books one correction exactly once per (staff member, Idempotency-Key). */
    async create(command: AdjustmentCommand): Promise<Adjustment> {
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

      const row = await db
        .transaction(async (tx) => {
          const txDb = tx as unknown as Database;
          await lockIdempotencyKey(txDb, { staffId, key });
          const earlier = await findByIdempotencyKey(txDb, { staffId, key });
          if (earlier) {
            if (earlier.requestHash !== requestHash) throw adjustmentsError('idempotency_key_reused');
            return earlier;
          }
          const id = await nextAdjustmentId(txDb);
          const at = clock.now();
          const userAccount = { userId: command.userId, currencyId: currency.id, kind };
          const result = await ledger.apply(
            txDb,
            [
              {
                type: 'transfer',
                entry: {
                  kind: 'adjustment',
                  userId: command.userId,
                  reference: adjustmentReference(id),
                  memo: { adjustment_id: id, reason, staff_id: staffId },
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
          const inserted = await insertAdjustment(txDb, {
            id,
            userId: command.userId,
            currencyId: currency.id,
            accountKind: kind,
            amount: units,
            reason,
            staffId,
            entryId,
            requestHash,
            idempotencyKey: key,
            createdAt: at,
          });
          // The account is locked by this transaction: its balance now is the one just booked.
          const account = (await userAccountBalances(txDb, command.userId)).find(
            (balance) => balance.currencyId === currency.id && balance.kind === kind,
          );
          invariant(account, 'the adjusted account exists');
          const subject = {
            user_id: command.userId,
            currency_id: currency.id,
            account_kind: command.accountKind,
            held: account.held,
          };
          await recordAudit(txDb, {
            actor: command.actor,
            action: 'adjustment.create',
            target: { type: 'adjustment', id },
            before: { ...subject, balance: account.balance - units },
            after: {
              ...subject,
              balance: account.balance,
              amount: units,
              entry_id: entryId,
              reference: adjustmentReference(id),
            },
            reason,
            at,
          });
          return inserted;
        })
        .catch((error: unknown) => {
          throw userFacingLedgerError(error);
        });
      return viewOf(row, currencies);
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
