import { type CodePurpose, emailSchema, type Locale, mobileSchema } from '@fairex/contract';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import type { Delivery, OutgoingMessage } from '../../platform/delivery/delivery';
import { platformErrors } from '../../platform/http/app-error';
import { translate } from '../../platform/i18n/messages';
import {
  codeSendRefusal,
  codeTtlMs,
  dayMs,
  hourMs,
  isCodeLive,
  isEmailLike,
  phoneRecipient,
  purposeNeedsSession,
} from './accounts.domain';
import { accountsError, codeMessageKeys, codePurposeKeys } from './accounts.errors';
import { findUserById, findUserByLoginName } from './accounts.repository';
import {
  codeMatches,
  hashVerificationCode,
  newVerificationCode,
  unmatchableCodeHash,
} from './accounts.secrets';
import {
  type CodeAddress,
  type CodeRecord,
  codeSendHistory,
  consumeCode,
  countCodeMiss,
  demoMailboxOwner,
  findNewestCodeForUpdate,
  insertCode,
  lockCodeAddress,
  retireCodes,
} from './codes.repository';

export type CodeTarget = CodeAddress & { readonly areaCode: string | null };

export type CodeRequest = {
  readonly target: CodeTarget;
  readonly purpose: CodePurpose;
  /** The signed-in caller, if any. */
  readonly userId: number | null;
  /** request.ip: the client's address (X-Forwarded-For only behind a trusted proxy). */
  readonly requester: string;
  readonly locale: Locale;
  /** Demo only: the asking browser (hashed outbox cookie); null outside demo. */
  readonly viewer: string | null;
};

/** An e-mail or phone number from a free-text field (`user_string`, `account`). */
export function codeAddressOf(userString: string): CodeAddress {
  if (isEmailLike(userString)) {
    const email = emailSchema.safeParse(userString);
    if (!email.success) throw accountsError('invalid_email');
    return { channel: 'email', address: email.data };
  }
  const mobile = mobileSchema.safeParse(userString);
  if (!mobile.success) throw accountsError('invalid_mobile');
  return { channel: 'sms', address: mobile.data };
}

function recipientOf(target: CodeTarget): string {
  return target.channel === 'email' ? target.address : phoneRecipient(target.areaCode, target.address);
}

export function codeMessage(params: {
  target: CodeTarget;
  purpose: CodePurpose;
  code: string;
  locale: Locale;
  viewer?: string | null;
}): OutgoingMessage {
  const { locale, code } = params;
  const text = translate(locale, codeMessageKeys.body)
    .replace('{purpose}', translate(locale, codePurposeKeys[params.purpose]))
    .replace('{code}', code)
    .replace('{minutes}', String(codeTtlMs / 60_000));
  return {
    channel: params.target.channel,
    to: recipientOf(params.target),
    subject: translate(locale, codeMessageKeys.subject),
    text,
    secrets: [code],
    viewer: params.viewer ?? null,
  };
}

/**
 * Inside the caller's transaction: tries `code` against the newest live code of this address and
 * purpose. A miss is counted on the code (five kill it); a hit is consumed unless `consume` is
 * false. The caller must let the transaction commit on a miss (return, do not throw), or the
 * count is lost.
 */
export async function tryCode(
  tx: Database,
  params: CodeAddress & { purpose: CodePurpose; code: string; now: Date; consume: boolean },
): Promise<CodeRecord | null> {
  const stored = await findNewestCodeForUpdate(tx, params);
  if (!stored || !isCodeLive(stored, params.now)) return null;
  if (!codeMatches(stored.codeHash, params.code)) {
    await countCodeMiss(tx, stored.id);
    return null;
  }
  if (params.consume && !(await consumeCode(tx, stored.id, params.now))) return null;
  return stored;
}

/** Tries a code against each address in turn (a security code may go to e-mail or phone). */
export async function tryCodeAtAny(
  tx: Database,
  params: { addresses: readonly CodeAddress[]; purpose: CodePurpose; code: string; now: Date },
): Promise<boolean> {
  for (const address of params.addresses) {
    if (
      await tryCode(tx, {
        ...address,
        purpose: params.purpose,
        code: params.code,
        now: params.now,
        consume: true,
      })
    ) {
      return true;
    }
  }
  return false;
}

/** The addresses a user's security and withdrawal codes go to. */
export function boundAddresses(user: { email: string | null; mobile: string | null }): CodeAddress[] {
  const addresses: CodeAddress[] = [];
  if (user.email) addresses.push({ channel: 'email', address: user.email.toLowerCase() });
  if (user.mobile) addresses.push({ channel: 'sms', address: user.mobile });
  return addresses;
}

export type CodeServiceDeps = {
  readonly db: Database;
  readonly clock: Clock;
  readonly delivery: Delivery;
};

export function createCodeService(deps: CodeServiceDeps) {
  const { db, clock, delivery } = deps;

  /**
   * Whether a real code may go to this address for this purpose. Register codes to an address
   * that already has an account, and forget codes to one without, get the same reply as a real
   * send but nothing is delivered (no enumeration): their row can never match.
   */
  async function shouldDeliver(request: CodeRequest): Promise<boolean> {
    const { target, purpose } = request;
    if (purpose === 'register' || purpose === 'forget') {
      const owner = await findUserByLoginName(db, target.address);
      return purpose === 'register' ? owner === null : owner !== null;
    }
    if (purposeNeedsSession(purpose) && request.userId === null) throw platformErrors.sessionInvalid();
    const user = request.userId === null ? null : await findUserById(db, request.userId);
    if (!user) throw platformErrors.sessionInvalid();
    if (purpose === 'bind') {
      if (target.channel === 'email' && user.email) throw accountsError('email_already_bound');
      if (target.channel === 'sms' && user.mobile) throw accountsError('mobile_already_bound');
      // Whether the address is someone else's is told only at the bind, to whoever holds a code
      // for it (the address's owner): a code request must not reveal who has an account.
      return true;
    }
    // withdraw, security: only to the user's own bound address.
    const bound = boundAddresses(user).some(
      (address) => address.channel === target.channel && address.address === target.address,
    );
    if (!bound) throw accountsError('address_not_bound');
    return true;
  }

  /** Sends a code (or, where none may go, records one nobody can match), within the limits. */
  async function send(request: CodeRequest): Promise<void> {
    const deliver = await shouldDeliver(request);
    const { target, purpose } = request;
    const now = clock.now();
    const code = newVerificationCode();
    const refusal = await db.transaction(async (tx) => {
      await lockCodeAddress(tx, target);
      const history = await codeSendHistory(tx, {
        ...target,
        purpose,
        requester: request.requester,
        dayAgo: new Date(now.getTime() - dayMs),
        hourAgo: new Date(now.getTime() - hourMs),
      });
      const refused = codeSendRefusal(history, now);
      if (refused) return refused;
      await retireCodes(tx, { ...target, purpose, now });
      await insertCode(tx, {
        ...target,
        purpose,
        codeHash: deliver ? hashVerificationCode(code) : unmatchableCodeHash(),
        expiresAt: new Date(now.getTime() + codeTtlMs),
        requesterAddress: request.requester,
        createdAt: now,
        viewerHash: request.viewer,
      });
      return null;
    });
    if (refusal) throw accountsError(refusal);
    if (!deliver) return;
    // Demo outbox: a reset code belongs in the mailbox of the browser that registered (or bound)
    // the address, not of whoever asked; every other code goes to the browser that asked for it.
    const viewer =
      request.viewer !== null && purpose === 'forget' ? await demoMailboxOwner(db, target) : request.viewer;
    delivery.send(codeMessage({ target, purpose, code, locale: request.locale, viewer }));
  }

  /** POST /user/check_email: right code? A miss counts; a hit is not used up. */
  async function check(params: CodeAddress & { purpose: CodePurpose; code: string }): Promise<void> {
    const now = clock.now();
    const valid = await db.transaction(
      async (tx) => (await tryCode(tx, { ...params, now, consume: false })) !== null,
    );
    if (!valid) throw accountsError('code_invalid');
  }

  return { send, check };
}

export type CodeService = ReturnType<typeof createCodeService>;
