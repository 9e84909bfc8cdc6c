import { getAddress } from 'viem';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { uniqueViolationOf } from '../../platform/db/database-errors';
import { defaultNickname, invitationCodeFrom } from './accounts.domain';
import { accountsError } from './accounts.errors';
import {
  findUserById,
  findUserByLoginName,
  findUserByWallet,
  findUserIdByInvitationCode,
  insertUser,
  type NewUser,
  raiseVerificationLevel,
} from './accounts.repository';
import { hashPassword, randomInvitationIndexes, randomNicknameDigits } from './accounts.secrets';

/** A fresh invitation code collides about once in 10^12; a handful of tries is plenty. */
const invitationCodeTriesMax = 5;

/** The inviter of an optional invitation code; an unknown code is refused, not ignored. */
export async function inviterOf(db: Database, invitationCode: string | undefined): Promise<number | null> {
  const code = invitationCode?.trim();
  if (!code) return null;
  const inviterId = await findUserIdByInvitationCode(db, code);
  if (inviterId === null) throw accountsError('invitation_code_unknown');
  return inviterId;
}

/**
 * Creates a user with a random, unique 8-character invitation code and a default nickname
 * ("user" and 4 digits). Unique indexes on account, e-mail, phone and wallet raise as usual.
 */
export async function createUser(
  db: Database,
  user: Omit<NewUser, 'invitationCode' | 'nickname'> & { createdAt: Date },
): Promise<number> {
  for (let attempt = 0; attempt < invitationCodeTriesMax; attempt += 1) {
    const userId = await insertUser(db, {
      ...user,
      nickname: defaultNickname(randomNicknameDigits()),
      invitationCode: invitationCodeFrom(randomInvitationIndexes()),
    });
    if (userId !== null) return userId;
  }
  throw new Error('no free invitation code after several tries');
}

/**
 * The user of an Ethereum address, created on first sign-in: account = the checksummed address,
 * no password. `created` tells a first sign-in; `frozen` users must not get a session. An
 * unknown invitation code is refused (accounts.errors.invitation_code_unknown).
 */
export async function findOrCreateWalletUser(
  db: Database,
  params: { address: string; invitationCode?: string; clock: Clock },
): Promise<{ userId: number; created: boolean; frozen: boolean }> {
  const address = getAddress(params.address);
  const existing = await findUserByWallet(db, address);
  if (existing) return { userId: existing.id, created: false, frozen: existing.loginFrozen };
  const inviterId = await inviterOf(db, params.invitationCode);
  try {
    const userId = await createUser(db, {
      account: address,
      walletAddress: address,
      inviterId,
      createdAt: params.clock.now(),
    });
    return { userId, created: true, frozen: false };
  } catch (error) {
    // A parallel first sign-in of the same wallet won the insert: that user is this one.
    if (uniqueViolationOf(error) === null) throw error;
    const winner = await findUserByWallet(db, address);
    if (!winner) throw error;
    return { userId: winner.id, created: false, frozen: winner.loginFrozen };
  }
}

/** What the verification and withdrawal features need to know about a user's contacts. */
export async function getUserContact(
  db: Database,
  userId: number,
): Promise<{
  email: string | null;
  mobile: string | null;
  verificationLevel: number;
  account: string;
} | null> {
  const user = await findUserById(db, userId);
  if (!user) return null;
  return {
    email: user.email,
    mobile: user.mobile,
    verificationLevel: user.verificationLevel,
    account: user.account,
  };
}

/** Raises a user's verification level (never lowers it); for the verification module. */
export async function setVerificationLevel(
  db: Database,
  params: { userId: number; level: number },
): Promise<void> {
  await raiseVerificationLevel(db, params.userId, params.level);
}

/**
 * The demo user of demo mode: an e-mail account with a published password, created on the first
 * start and found again on later ones (idempotent, safe against a parallel start). Answers its id.
 */
export async function ensureDemoUser(
  db: Database,
  params: { email: string; password: string; clock: Clock },
): Promise<number> {
  const existing = await findUserByLoginName(db, params.email);
  if (existing) return existing.id;
  try {
    return await createUser(db, {
      account: params.email,
      email: params.email,
      passwordHash: await hashPassword(params.password),
      createdAt: params.clock.now(),
    });
  } catch (error) {
    if (uniqueViolationOf(error) === null) throw error;
    const winner = await findUserByLoginName(db, params.email);
    if (!winner) throw error;
    return winner.id;
  }
}
