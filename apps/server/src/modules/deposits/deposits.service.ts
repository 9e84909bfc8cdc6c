import type {
  DepositAddress,
  DepositAddressList,
  DepositAddressRow,
  DepositLog,
  DepositQueue,
  DepositQueueEntry,
  DepositRecord,
  DepositStatus,
} from '@fairex/contract';
import { invariant, toScaledBigint } from '@fairex/domain';
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
import { type Ledger, listCurrencies, userAccountKinds, userFacingLedgerError } from '../ledger';
import { isOwnPublicUpload, markUploadPrivate } from '../upload';
import {
  type CurrencyLabel,
  chooseChain,
  type DepositCurrency,
  type DepositRequestRecord,
  demoAddressNote,
  depositAmount,
  depositQueueEntryView,
  depositRecordView,
  depositReference,
  findCurrency,
  isAddressForChain,
  isValidMemo,
  offeredChains,
  pageWindow,
  pendingRequestsMax,
  voucherPathOf,
} from './deposits.domain';
import { depositsError } from './deposits.errors';
import {
  activeAddressesOf,
  countPendingOf,
  countQueue,
  countUserRequests,
  type DepositAddressRecord,
  decidePending,
  findByIdempotencyKey,
  insertPendingRequest,
  listAddresses,
  listQueue,
  listUserRequests,
  lockRequest,
  lockUserSubmissions,
  saveAddress,
} from './deposits.repository';

export type DepositsServiceDeps = {
  readonly ledger: Ledger;
  readonly db: Database;
  readonly clock: Clock;
  /** Reference prices, to value a deposit in USDT for the two-person rule. */
  readonly prices: UsdtPrices;
  /** APPROVAL_TWO_PERSON_ABOVE_USDT in micro-USDT. */
  readonly twoPersonAboveMicros: bigint;
};

/** POST /wallet/charge_req, as the route reads it. */
export type DepositSubmission = {
  readonly userId: number;
  readonly currency: number | string;
  readonly chain: string | undefined;
  readonly amount: string;
  readonly voucher: { voucher?: string | undefined; pic?: string | undefined; image?: string | undefined };
  readonly sender: string;
  readonly idempotencyKey: string | undefined;
};

export type DepositDecision = {
  /** The deciding staff member, recorded on the request and in the audit log. */
  readonly actor: AuditActor;
  readonly id: number;
  readonly decision: 'approve' | 'reject';
  readonly reason: string | undefined;
  /** Approve only: what actually arrived, as typed; default the requested amount. */
  readonly amount: string | undefined;
};

export type DepositsService = {
  addressFor(params: { currency: number | string; chain: string | undefined }): Promise<DepositAddress>;
  /** Files a pending request with its voucher; nothing is credited until staff approve. */
  submit(submission: DepositSubmission): Promise<DepositRecord>;
  log(params: { userId: number; page: number | undefined; limit: number | undefined }): Promise<DepositLog>;
  addresses(): Promise<DepositAddressList>;
  saveAddress(params: {
    actor: AuditActor;
    currencyId: number;
    chain: string;
    address: string;
    memo: string | undefined;
    active: boolean;
  }): Promise<DepositAddressRow>;
  queue(params: { status: DepositStatus; page: number | undefined }): Promise<DepositQueue>;
  /** Approves (crediting once) or rejects a pending request, exactly once. */
  decide(decision: DepositDecision): Promise<DepositQueueEntry>;
};

const reasonLengthMin = 2;

/** What a deposit approval approves: this amount of the currency, to the user's spot account. */
function depositTerms(record: DepositRequestRecord, credited: bigint): ApprovalTerms {
  return {
    currency_id: record.currencyId,
    amount: credited.toString(),
    destination: `#${record.userId} spot`,
  };
}

function parseScaled(
  text: string,
  currencyId: number,
  currencies: readonly DepositCurrency[],
): bigint | null {
  const currency = currencies.find((candidate) => candidate.id === currencyId);
  const parsed = currency ? toScaledBigint(text, currency.scale) : null;
  return parsed?.ok ? parsed.value : null;
}

/** A deposit request as the audit log keeps it, before and after a decision. */
function requestSnapshot(record: DepositRequestRecord) {
  return {
    user_id: record.userId,
    currency_id: record.currencyId,
    chain: record.chain,
    amount: record.amount,
    status: record.status,
    reason: record.reason,
    credited_amount: record.creditedAmount,
    reviewed_by: record.reviewedBy,
  };
}

function addressSnapshot(record: DepositAddressRecord | undefined) {
  return record
    ? { address: record.address, memo: record.memo, active: record.active, note: record.note }
    : null;
}
const reasonLengthMax = 200;

async function currenciesOf(db: Database): Promise<DepositCurrency[]> {
  return listCurrencies(db);
}

function labelsOf(currencies: readonly DepositCurrency[]): Map<number, CurrencyLabel> {
  return new Map(currencies.map((currency) => [currency.id, { code: currency.code, scale: currency.scale }]));
}

/** The currency, chain and active address a deposit goes to, or the refusal to show. */
async function destinationOf(db: Database, params: { currency: number | string; chain: string | undefined }) {
  const currencies = await currenciesOf(db);
  const currency = findCurrency(currencies, params.currency);
  if (!currency) throw depositsError('currency_unavailable');
  const active = await activeAddressesOf(db, currency.id);
  const activeChains = active.map((address) => address.chain);
  const chain = chooseChain({ currency, requested: params.chain, activeChains });
  if (chain === null) throw depositsError('chain_unsupported');
  const address = active.find((candidate) => candidate.chain === chain);
  if (!address) throw depositsError('currency_unavailable');
  return { currency, chain, address, chains: offeredChains(currency, activeChains), currencies };
}

export function createDepositsService(deps: DepositsServiceDeps): DepositsService {
  const { db, clock } = deps;
  const { ledger } = deps;

  function approvalsRequiredFor(
    record: DepositRequestRecord,
    amount: bigint,
    currencies: readonly DepositCurrency[],
  ) {
    const currency = currencies.find((candidate) => candidate.id === record.currencyId);
    invariant(currency, `deposit ${record.id} names an unknown currency`);
    return approvalsNeeded({
      prices: deps.prices,
      code: currency.code,
      units: amount,
      scale: currency.scale,
      thresholdMicros: deps.twoPersonAboveMicros,
    });
  }

  async function entryView(
    record: DepositRequestRecord,
    currencies?: readonly DepositCurrency[],
    approvals?: readonly ApprovalView[],
  ) {
    const list = currencies ?? (await currenciesOf(db));
    const labels = labelsOf(list);
    const contact = await getUserContact(db, record.userId);
    const given = approvals ?? (await approvalsFor(db, 'deposit', [record.id])).get(record.id) ?? [];
    // Pending: valued at the amount the current approvals name (the requested one before any).
    const proposed = given[0] ? parseScaled(given[0].amount, record.currencyId, list) : null;
    return {
      ...depositQueueEntryView(record, labels, contact?.account ?? ''),
      approvals: [...given],
      approvals_required: approvalsRequiredFor(
        record,
        record.creditedAmount ?? proposed ?? record.amount,
        list,
      ),
    };
  }

  return {
    async addressFor(params) {
      const { currency, chain, address, chains } = await destinationOf(db, params);
      return {
        currency_id: currency.id,
        code: currency.code,
        scale: currency.scale,
        chain,
        chains,
        address: address.address,
        memo: address.memo,
        demo: address.note === demoAddressNote,
      };
    },

    async submit(submission) {
      const { currency, chain, currencies } = await destinationOf(db, submission);
      const amount = depositAmount(submission.amount, currency.scale);
      if (!amount.ok) throw depositsError(amount.error);
      const voucher = voucherPathOf(submission.voucher);
      if (voucher === null) throw depositsError('voucher_required');
      if (voucher === 'conflict') throw depositsError('voucher_invalid');
      const { userId, idempotencyKey } = submission;

      const record = await db.transaction(async (tx) => {
        await lockUserSubmissions(tx, userId);
        if (idempotencyKey !== undefined) {
          // A retry whose first reply was lost: the request it created, once.
          const earlier = await findByIdempotencyKey(tx, { userId, key: idempotencyKey });
          if (earlier) return earlier;
        }
        if ((await countPendingOf(tx, userId)) >= pendingRequestsMax) throw depositsError('too_many_pending');
        // Only the caller's own, still public upload; it turns private with the request, or not at all.
        if (!(await isOwnPublicUpload(tx, { path: voucher, ownerUserId: userId })))
          throw depositsError('voucher_invalid');
        if (!(await markUploadPrivate(tx, { path: voucher, ownerUserId: userId, reviewer: 'finance' })))
          throw depositsError('voucher_invalid');
        return insertPendingRequest(tx, {
          userId,
          currencyId: currency.id,
          chain,
          amount: amount.units,
          sender: submission.sender,
          voucher,
          idempotencyKey: idempotencyKey ?? null,
          createdAt: clock.now(),
        });
      });
      return depositRecordView(record, labelsOf(currencies));
    },

    async log({ userId, page, limit }) {
      const window = pageWindow(page, limit);
      const [records, total, currencies] = await Promise.all([
        listUserRequests(db, { userId, limit: window.limit, offset: window.offset }),
        countUserRequests(db, userId),
        currenciesOf(db),
      ]);
      const labels = labelsOf(currencies);
      return {
        list: records.map((record) => depositRecordView(record, labels)),
        page: window.page,
        limit: window.limit,
        total,
      };
    },

    async addresses() {
      const [currencies, saved] = await Promise.all([currenciesOf(db), listAddresses(db)]);
      const list: DepositAddressRow[] = [];
      for (const currency of currencies) {
        for (const chain of currency.chains) {
          const row = saved.find((entry) => entry.currencyId === currency.id && entry.chain === chain);
          list.push({
            currency_id: currency.id,
            code: currency.code,
            chain,
            address: row?.address ?? null,
            memo: row?.memo ?? null,
            active: row?.active ?? false,
            note: row?.note ?? '',
            updated_at: row ? row.updatedAt.getTime() : null,
            updated_by: row?.updatedBy ?? null,
          });
        }
      }
      return { list };
    },

    async saveAddress(params) {
      const currencies = await currenciesOf(db);
      const currency = currencies.find((candidate) => candidate.id === params.currencyId);
      if (!currency) throw depositsError('currency_unavailable');
      if (!currency.chains.includes(params.chain)) throw depositsError('chain_unsupported');
      if (!isAddressForChain(params.chain, params.address)) throw depositsError('address_invalid');
      const memo = params.memo === undefined || params.memo === '' ? null : params.memo;
      if (memo !== null && !isValidMemo(memo)) throw depositsError('memo_invalid');
      const now = clock.now();
      const saved = await db.transaction(async (tx) => {
        const before = (await listAddresses(tx)).find(
          (entry) => entry.currencyId === currency.id && entry.chain === params.chain,
        );
        const after = await saveAddress(tx, {
          currencyId: currency.id,
          chain: params.chain,
          address: params.address,
          memo,
          active: params.active,
          staffId: params.actor.staffId,
          now,
        });
        await recordAudit(tx, {
          actor: params.actor,
          action: 'deposit_address.set',
          target: { type: 'deposit_address', id: `${currency.id}:${params.chain}` },
          before: addressSnapshot(before),
          after: addressSnapshot(after),
          at: now,
        });
        return after;
      });
      return {
        currency_id: saved.currencyId,
        code: currency.code,
        chain: saved.chain,
        address: saved.address,
        memo: saved.memo,
        active: saved.active,
        note: saved.note,
        updated_at: saved.updatedAt.getTime(),
        updated_by: saved.updatedBy,
      };
    },

    async queue({ status, page }) {
      const window = pageWindow(page);
      const [records, total, currencies] = await Promise.all([
        listQueue(db, { status, limit: window.limit, offset: window.offset }),
        countQueue(db, status),
        currenciesOf(db),
      ]);
      const approvals = await approvalsFor(
        db,
        'deposit',
        records.map((record) => record.id),
      );
      const list = await Promise.all(
        records.map((record) => entryView(record, currencies, approvals.get(record.id) ?? [])),
      );
      return { list, page: window.page, total };
    },

    async decide(decision) {
      const currencies = await currenciesOf(db);
      const reason = decision.reason?.trim() ?? '';
      if (
        decision.decision === 'reject' &&
        (reason.length < reasonLengthMin || reason.length > reasonLengthMax)
      )
        throw depositsError('reason_required');
      const now = clock.now();
      let decided: DepositRequestRecord;
      try {
        decided = await db.transaction(async (tx) => {
          const request = await lockRequest(tx, decision.id);
          if (!request) throw depositsError('request_not_found');
          if (request.status !== 'pending') throw depositsError('already_decided');
          await refuseOwnRequest(tx, decision.actor, request.userId);
          if (decision.decision === 'reject') {
            const rejected = await decidePending(tx, {
              id: request.id,
              status: 'rejected',
              reason,
              creditedAmount: null,
              staffId: decision.actor.staffId,
              now,
            });
            if (!rejected) throw depositsError('already_decided');
            await recordAudit(tx, {
              actor: decision.actor,
              action: 'deposit.reject',
              target: { type: 'deposit', id: request.id },
              before: requestSnapshot(request),
              after: requestSnapshot(rejected),
              reason,
              at: now,
            });
            return rejected;
          }
          const currency = currencies.find((candidate) => candidate.id === request.currencyId);
          invariant(currency, `deposit ${request.id} names an unknown currency`);
          let credited = request.amount;
          if (decision.amount !== undefined && decision.amount.trim() !== '') {
            const typed = depositAmount(decision.amount, currency.scale);
            if (!typed.ok) throw depositsError(typed.error);
            credited = typed.units;
          }
          // Four eyes above the threshold: a first approval is recorded and the request waits.
          // Approvals count together only for the same amount: a second approver who names
          // another amount starts a new count, and the credit is what two people approved.
          const gate = await recordApproval(tx, {
            target: { type: 'deposit', id: request.id },
            actor: decision.actor,
            terms: depositTerms(request, credited),
            required: approvalsRequiredFor(request, credited, currencies),
            at: now,
            snapshot: requestSnapshot(request),
          });
          if (!gate.complete) return request;
          const approved = await decidePending(tx, {
            id: request.id,
            status: 'approved',
            reason: '',
            creditedAmount: credited,
            staffId: decision.actor.staffId,
            now,
          });
          if (!approved) throw depositsError('already_decided');
          // Same transaction: the approval and its credit commit together; the unique reference
          // makes a second credit of this deposit impossible even outside this lock.
          await ledger.apply(
            tx,
            [
              {
                type: 'transfer',
                entry: {
                  kind: 'deposit',
                  userId: request.userId,
                  reference: depositReference(request.id),
                  memo: { deposit_id: request.id, chain: request.chain },
                  legs: [
                    { account: { system: 'deposit_clearing', currencyId: currency.id }, amount: -credited },
                    {
                      account: {
                        userId: request.userId,
                        currencyId: currency.id,
                        kind: userAccountKinds.change,
                      },
                      amount: credited,
                    },
                  ],
                },
              },
            ],
            now,
          );
          await recordAudit(tx, {
            actor: decision.actor,
            action: 'deposit.approve',
            target: { type: 'deposit', id: request.id },
            before: requestSnapshot(request),
            after: { ...requestSnapshot(approved), ledger_reference: depositReference(request.id) },
            at: now,
          });
          return approved;
        });
      } catch (error) {
        throw userFacingLedgerError(error);
      }
      return entryView(decided, currencies);
    },
  };
}
