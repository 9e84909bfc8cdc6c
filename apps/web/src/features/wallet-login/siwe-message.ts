import type { WalletNonce } from '@fairex/contract';
import { getAddress } from 'viem';
import { createSiweMessage } from 'viem/siwe';

/**
 * The EIP-4361 message the wallet signs, from the server's nonce reply: every field but the
 * address comes from the server, so it can rebuild and check the very same text.
 * Throws when the server's fields do not make a valid message.
 */
export function buildSiweMessage(nonce: WalletNonce, address: string): string {
  return createSiweMessage({
    domain: nonce.domain,
    address: getAddress(address),
    statement: nonce.statement,
    uri: nonce.uri,
    version: '1',
    chainId: nonce.chain_id,
    nonce: nonce.nonce,
    issuedAt: new Date(nonce.issued_at),
    expirationTime: new Date(nonce.expiration_time),
  });
}
