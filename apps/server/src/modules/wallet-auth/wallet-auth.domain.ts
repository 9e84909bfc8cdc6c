/**
 * Pure rules of Sign-In with Ethereum (EIP-4361): what the server hands out for a message, what
 * shape a message must have, and which of its fields must match this site, chain and moment.
 * Signature recovery and the nonce's single use live in the service and repository.
 */
import type { WalletNonce } from '@fairex/contract';

/** A nonce, and so a message built on it, is good for ten minutes. */
export const nonceLifetimeMs = 10 * 60 * 1000;
/** A wallet's clock may run a little ahead of ours; "Issued At" further ahead is refused. */
export const issuedAtSkewMs = 5 * 60 * 1000;
/** 16 random bytes as hex: alphanumeric, as EIP-4361 requires, and unguessable. */
export const nonceBytes = 16;
export const signInStatement = 'Sign in to Fairex';

/** Why a message's fields are refused; each is a catalogue code of the module. */
export type SiweFieldFailure =
  | 'invalid_message'
  | 'wrong_domain'
  | 'wrong_uri'
  | 'wrong_chain'
  | 'address_mismatch'
  | 'expired'
  | 'not_yet_valid';

/** The fields of a parsed message; any may be missing or, for dates, invalid. */
export type SiweFields = {
  readonly address?: string | undefined;
  readonly chainId?: number | undefined;
  readonly domain?: string | undefined;
  readonly expirationTime?: Date | undefined;
  readonly issuedAt?: Date | undefined;
  readonly nonce?: string | undefined;
  readonly notBefore?: Date | undefined;
  readonly scheme?: string | undefined;
  readonly uri?: string | undefined;
  readonly version?: string | undefined;
};

/** What every message signed for this server must name. */
export type SiweExpectation = {
  readonly domain: string;
  readonly scheme: string;
  readonly uri: string;
  readonly chainId: number;
};

/** Domain (host and port), scheme and URI of the public URL the site is served from. */
export function siweExpectationFor(publicUrl: string, chainId: number): SiweExpectation {
  const url = new URL(publicUrl);
  return { domain: url.host, scheme: url.protocol.replace(/:$/, ''), uri: publicUrl, chainId };
}

/** GET /user/walletNonce: the server's pieces of the message the wallet is asked to sign. */
export function walletNonceReply(params: {
  nonce: string;
  expectation: SiweExpectation;
  now: Date;
}): WalletNonce {
  return {
    nonce: params.nonce,
    domain: params.expectation.domain,
    uri: params.expectation.uri,
    chain_id: params.expectation.chainId,
    statement: signInStatement,
    issued_at: params.now.toISOString(),
    expiration_time: new Date(params.now.getTime() + nonceLifetimeMs).toISOString(),
  };
}

/**
 * The whole text must be one EIP-4361 message, from the first character to the last: nothing
 * before the domain line, nothing after the last field, one line per field in the EIP's order.
 * (A lenient parser would find the fields anywhere in a longer text a wallet displays.)
 */
const siweMessagePattern = new RegExp(
  [
    '^(?:[a-zA-Z][a-zA-Z0-9+\\-.]*://)?[^\\s/?#]+ wants you to sign in with your Ethereum account:\\n',
    '0x[0-9a-fA-F]{40}\\n',
    '\\n',
    '(?:[^\\n]+\\n)?',
    '\\n',
    'URI: [^\\n]+\\n',
    'Version: 1\\n',
    'Chain ID: [0-9]+\\n',
    'Nonce: [a-zA-Z0-9]{8,}\\n',
    'Issued At: [^\\n]+',
    '(?:\\nExpiration Time: [^\\n]+)?',
    '(?:\\nNot Before: [^\\n]+)?',
    '(?:\\nRequest ID: [^\\n]*)?',
    '(?:\\nResources:(?:\\n- [^\\n]+)*)?$',
  ].join(''),
);

export function isWellFormedSiweMessage(text: string): boolean {
  return siweMessagePattern.test(text);
}

function isValidDate(value: Date | undefined): value is Date {
  return value instanceof Date && !Number.isNaN(value.getTime());
}

function isOptionalValidDate(value: Date | undefined): boolean {
  return value === undefined || isValidDate(value);
}

/**
 * Checks a parsed message against this server and the moment `now`; answers the first failure,
 * or null when every field is right. `claimedAddress` is the address the login body names.
 * The nonce is only checked for shape here: whether the server issued it, and whether it is
 * still unused, is the repository's conditional update.
 */
export function siweFieldFailure(params: {
  fields: SiweFields;
  expectation: SiweExpectation;
  claimedAddress: string;
  now: Date;
}): SiweFieldFailure | null {
  const { fields, expectation, now } = params;
  if (
    fields.address === undefined ||
    fields.nonce === undefined ||
    fields.uri === undefined ||
    fields.chainId === undefined ||
    fields.version !== '1' ||
    !isValidDate(fields.issuedAt) ||
    !isOptionalValidDate(fields.expirationTime) ||
    !isOptionalValidDate(fields.notBefore)
  ) {
    return 'invalid_message';
  }
  if (fields.domain !== expectation.domain) return 'wrong_domain';
  if (fields.scheme !== undefined && fields.scheme !== expectation.scheme) return 'wrong_domain';
  if (fields.uri !== expectation.uri) return 'wrong_uri';
  if (fields.chainId !== expectation.chainId) return 'wrong_chain';
  if (fields.address.toLowerCase() !== params.claimedAddress.toLowerCase()) return 'address_mismatch';
  const nowMs = now.getTime();
  if (fields.expirationTime !== undefined && nowMs >= fields.expirationTime.getTime()) return 'expired';
  if (fields.notBefore !== undefined && nowMs < fields.notBefore.getTime()) return 'not_yet_valid';
  if (fields.issuedAt.getTime() > nowMs + issuedAtSkewMs) return 'not_yet_valid';
  return null;
}
