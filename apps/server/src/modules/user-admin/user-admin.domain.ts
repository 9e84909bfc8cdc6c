/**
 * Pure rules of the users admin: pages, session states, balances per account kind, bill lines,
 * and when a freeze or unfreeze makes sense. No database, clock or framework.
 */
import type {
  AccountKindName,
  BillEntryKind,
  BillLine as BillLineWire,
  UserAdminAccount,
  UserAdminBalances,
  UserSessionState,
  UserSummary,
} from '@fairex/contract';
import { fromScaledBigint, invariant } from '@fairex/domain';
import type { UserAdminErrorCode } from './user-admin.errors';

/** Rows of a page, and the offset of page `page` (1-based); one row more tells if more follow. */
export function pageWindow(page: number, size: number): { limit: number; offset: number } {
  return { limit: size + 1, offset: (page - 1) * size };
}

export type UserFacts = {
  readonly id: number;
  readonly account: string;
  readonly email: string | null;
  readonly mobile: string | null;
  readonly areaCode: string | null;
  readonly nickname: string;
  readonly walletAddress: string | null;
  readonly verificationLevel: number;
  readonly loginFrozen: boolean;
  readonly createdAt: Date;
};

export function userSummaryOf(user: UserFacts): UserSummary {
  return {
    id: user.id,
    account: user.account,
    email: user.email,
    mobile: user.mobile,
    area_code: user.areaCode,
    nickname: user.nickname,
    wallet_address: user.walletAddress,
    verification_level: user.verificationLevel,
    login_frozen: user.loginFrozen,
    created_at: user.createdAt.getTime(),
  };
}

export function sessionStateOf(
  session: { readonly revokedAt: Date | null; readonly expiresAt: Date },
  now: Date,
): UserSessionState {
  if (session.revokedAt !== null) return 'revoked';
  return session.expiresAt.getTime() > now.getTime() ? 'live' : 'expired';
}

/** A freeze of a frozen user, or an unfreeze of one who is not, is refused (nothing to do). */
export function freezeRefusal(params: {
  readonly frozen: boolean;
  readonly wanted: boolean;
}): UserAdminErrorCode | null {
  if (params.frozen === params.wanted) return params.wanted ? 'already_frozen' : 'not_frozen';
  return null;
}

type CurrencyFacts = { readonly id: number; readonly code: string; readonly scale: number };
type AccountFacts = {
  readonly currencyId: number;
  readonly kind: number;
  readonly balance: bigint;
  readonly held: bigint;
};

/**
 * The user's ledger accounts grouped by kind (legal, change, lever, micro), in currency order;
 * accounts of other kinds (none today) are left out.
 */
export function balancesByKind(params: {
  readonly accounts: readonly AccountFacts[];
  readonly currencies: readonly CurrencyFacts[];
  readonly kindName: (kind: number) => AccountKindName | null;
}): UserAdminBalances {
  const byId = new Map(params.currencies.map((currency) => [currency.id, currency]));
  const grouped: Record<AccountKindName, UserAdminAccount[]> = {
    legal: [],
    change: [],
    lever: [],
    micro: [],
  };
  for (const account of params.accounts) {
    const kind = params.kindName(account.kind);
    if (kind === null) continue;
    const currency = byId.get(account.currencyId);
    invariant(currency, `currency ${account.currencyId} of an account exists`);
    grouped[kind].push({
      currency_id: currency.id,
      currency: currency.code,
      scale: currency.scale,
      balance: fromScaledBigint(account.balance, currency.scale),
      available: fromScaledBigint(account.balance - account.held, currency.scale),
      frozen: fromScaledBigint(account.held, currency.scale),
    });
  }
  return grouped;
}

type PostingFacts = {
  readonly postingId: bigint;
  readonly entryId: bigint;
  readonly entryKind: BillEntryKind;
  readonly currencyId: number;
  readonly accountKind: number;
  readonly amount: bigint;
  readonly balanceAfter: bigint;
  readonly reference: string | null;
  readonly tickId: bigint | null;
  readonly memo: Readonly<Record<string, string | number | null>> | null;
  readonly createdAt: Date;
};

/**
 * One posting as the user's own bill shows it (the wallet's bill line): an adjustment carries the
 * reason staff gave, other entries no note.
 */
export function billLineOf(params: {
  readonly line: PostingFacts;
  readonly currency: CurrencyFacts;
  readonly kindName: (kind: number) => string | null;
}): BillLineWire {
  const { line, currency } = params;
  const reason = line.entryKind === 'adjustment' ? line.memo?.reason : undefined;
  return {
    id: String(line.postingId),
    entry_id: String(line.entryId),
    kind: line.entryKind,
    currency_id: currency.id,
    currency: currency.code,
    type: params.kindName(line.accountKind) ?? `kind_${line.accountKind}`,
    amount: fromScaledBigint(line.amount, currency.scale),
    balance_after: fromScaledBigint(line.balanceAfter, currency.scale),
    time: line.createdAt.getTime(),
    reference: line.reference,
    tick_id: line.tickId === null ? null : String(line.tickId),
    note: typeof reason === 'string' && reason.length > 0 ? reason : null,
  };
}
