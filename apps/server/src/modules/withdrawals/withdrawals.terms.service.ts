/**
 * The withdrawal terms staff set (role admin): each currency's minimum and fee, and each
 * verification level's rolling 24-hour limit. A change and its audit entry commit together and
 * reach new requests only: a request stores its fee and the limit it was checked against.
 */
import type {
  AdminWithdrawalFees,
  AdminWithdrawalFeeUpdateBody,
  AdminWithdrawalLimitUpdateBody,
} from '@fairex/contract';
import { fromScaledBigint, toScaledBigint } from '@fairex/domain';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { type AuditActor, recordAudit } from '../audit';
import { listCurrencies, setWithdrawalTerms } from '../ledger';
import { withdrawalsError } from './withdrawals.errors';
import { setWithdrawalLimit, withdrawalLimitsByLevel } from './withdrawals.repository';

/** Withdrawal limits are counted in BTC smallest units. */
const btcScale = 8;

/** A non-negative decimal at `scale` in smallest units, or the catalogued error. */
function unitsAt(text: string, scale: number): bigint {
  const parsed = toScaledBigint(text, scale);
  if (!parsed.ok) throw withdrawalsError('terms_too_precise');
  if (parsed.value < 0n) throw withdrawalsError('terms_invalid');
  return parsed.value;
}

export type WithdrawalTerms = ReturnType<typeof createWithdrawalTermsService>;

export function createWithdrawalTermsService(deps: { readonly db: Database; readonly clock: Clock }) {
  const { db, clock } = deps;

  async function inTransaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    return db.transaction((transaction) => work(transaction as unknown as Database));
  }

  return {
    async withdrawalTerms(): Promise<AdminWithdrawalFees> {
      const [currencies, limits] = await Promise.all([listCurrencies(db), withdrawalLimitsByLevel(db)]);
      return {
        currencies: currencies.map((currency) => ({
          currency_id: currency.id,
          code: currency.code,
          scale: currency.scale,
          withdraw_min: fromScaledBigint(currency.withdrawMin, currency.scale),
          withdraw_fee: fromScaledBigint(currency.withdrawFee, currency.scale),
        })),
        limits: [...limits]
          .sort(([a], [b]) => a - b)
          .map(([level, limit]) => ({ level, limit_btc: fromScaledBigint(limit, btcScale) })),
      };
    },

    /** A currency's withdrawal minimum and fee, for requests from now on. */
    async setWithdrawalFee(
      actor: AuditActor,
      body: AdminWithdrawalFeeUpdateBody,
    ): Promise<AdminWithdrawalFees> {
      const currencyId = Number(body.currency_id);
      const currency = (await listCurrencies(db)).find((candidate) => candidate.id === currencyId);
      if (!currency) throw withdrawalsError('currency_unknown');
      const withdrawMin = unitsAt(body.withdraw_min, currency.scale);
      const withdrawFee = unitsAt(body.withdraw_fee, currency.scale);
      const text = (units: bigint) => fromScaledBigint(units, currency.scale);
      await inTransaction(async (tx) => {
        const before = await setWithdrawalTerms(tx, { currencyId, withdrawMin, withdrawFee });
        if (!before) throw withdrawalsError('currency_unknown');
        await recordAudit(tx, {
          actor,
          action: 'fee.withdrawal_update',
          target: { type: 'currency', id: currencyId },
          before: {
            code: currency.code,
            withdraw_min: text(before.withdrawMin),
            withdraw_fee: text(before.withdrawFee),
          },
          after: { code: currency.code, withdraw_min: text(withdrawMin), withdraw_fee: text(withdrawFee) },
          at: clock.now(),
        });
      });
      return this.withdrawalTerms();
    },

    /** One verification level's rolling 24-hour limit in BTC equivalent, for new requests. */
    async setWithdrawalLimit(
      actor: AuditActor,
      body: AdminWithdrawalLimitUpdateBody,
    ): Promise<AdminWithdrawalFees> {
      const level = Number(body.level);
      const limitBtc = unitsAt(body.limit_btc, btcScale);
      const at = clock.now();
      await inTransaction(async (tx) => {
        const { before } = await setWithdrawalLimit(tx, { level, limitBtc, at });
        await recordAudit(tx, {
          actor,
          action: 'limit.withdrawal_update',
          target: { type: 'withdrawal_limit', id: level },
          before: before === null ? null : { level, limit_btc: fromScaledBigint(before, btcScale) },
          after: { level, limit_btc: fromScaledBigint(limitBtc, btcScale) },
          at,
        });
      });
      return this.withdrawalTerms();
    },
  };
}
