import { randomBytes } from 'node:crypto';
import type { WalletNonce } from '@fairex/contract';
import { type Address, getAddress, type Hex, verifyMessage } from 'viem';
import { parseSiweMessage, validateSiweMessage } from 'viem/siwe';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { findOrCreateWalletUser, issueSession } from '../accounts';
import {
  isWellFormedSiweMessage,
  nonceBytes,
  nonceLifetimeMs,
  type SiweExpectation,
  siweFieldFailure,
  walletNonceReply,
} from './wallet-auth.domain';
import { walletAuthError } from './wallet-auth.errors';
import { consumeNonce, insertNonce, pruneExpiredNonces } from './wallet-auth.repository';

export type WalletAuthServiceDeps = {
  readonly db: Database;
  readonly clock: Clock;
  readonly expectation: SiweExpectation;
};

export type WalletLoginRequest = {
  readonly address: string;
  readonly signature: string;
  readonly message: string;
  readonly invitationCode: string | undefined;
  readonly stayLoggedIn: boolean;
  readonly clientAddress: string;
};

export type WalletAuthService = {
  /** Issues a fresh single-use nonce and the other pieces of the message to sign. */
  issueNonce(): Promise<WalletNonce>;
  /** Verifies a signed EIP-4361 message, uses its nonce up, and answers a session token. */
  login(request: WalletLoginRequest): Promise<string>;
};

/**
 * Offline signature check for externally owned accounts: the key that signed the exact text
 * must be the message's address. Malformed signatures are a mismatch, not an internal error.
 */
async function signedBy(params: { address: Address; message: string; signature: string }): Promise<boolean> {
  try {
    return await verifyMessage({
      address: params.address,
      message: params.message,
      signature: params.signature as Hex,
    });
  } catch {
    return false;
  }
}

export function createWalletAuthService(deps: WalletAuthServiceDeps): WalletAuthService {
  const { db, clock, expectation } = deps;
  return {
    async issueNonce() {
      const now = clock.now();
      const nonce = randomBytes(nonceBytes).toString('hex');
      await pruneExpiredNonces(db, now);
      await insertNonce(db, { nonce, issuedAt: now, expiresAt: new Date(now.getTime() + nonceLifetimeMs) });
      return walletNonceReply({ nonce, expectation, now });
    },

    async login(request) {
      const now = clock.now();
      if (!isWellFormedSiweMessage(request.message)) throw walletAuthError('invalid_message');
      const fields = parseSiweMessage(request.message);
      const failure = siweFieldFailure({ fields, expectation, claimedAddress: request.address, now });
      if (failure) throw walletAuthError(failure);
      // viem's own EIP-4361 rules too (nonce and address syntax, version, lifetime), same moment.
      const address = fields.address;
      const nonce = fields.nonce;
      if (
        !address ||
        !nonce ||
        !validateSiweMessage({
          message: fields,
          domain: expectation.domain,
          address: request.address as Address,
          time: now,
        })
      ) {
        throw walletAuthError('invalid_message');
      }
      if (!(await signedBy({ address, message: request.message, signature: request.signature }))) {
        throw walletAuthError('bad_signature');
      }
      // Last, once everything else holds: a refused message leaves its nonce usable.
      if (!(await consumeNonce(db, { nonce, now }))) throw walletAuthError('nonce_invalid');

      const user = await findOrCreateWalletUser(db, {
        address: getAddress(address),
        invitationCode: request.invitationCode,
        clock,
      });
      if (user.frozen) throw walletAuthError('account_frozen');
      return issueSession(db, {
        userId: user.userId,
        stayLoggedIn: request.stayLoggedIn,
        clock,
        clientAddress: request.clientAddress,
      });
    },
  };
}
