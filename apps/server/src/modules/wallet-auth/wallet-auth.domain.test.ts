import { privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage, parseSiweMessage } from 'viem/siwe';
import { describe, expect, it } from 'vitest';
import {
  isWellFormedSiweMessage,
  nonceLifetimeMs,
  type SiweFields,
  signInStatement,
  siweExpectationFor,
  siweFieldFailure,
  walletNonceReply,
} from './wallet-auth.domain';

const alice = privateKeyToAccount(`0x${'11'.repeat(32)}`);
const bob = privateKeyToAccount(`0x${'22'.repeat(32)}`);
const now = new Date('2026-11-05T10:00:00.000Z');
const expectation = siweExpectationFor('https://app.fairex.test', 1);
const minute = 60_000;

function message(overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {}): string {
  return createSiweMessage({
    address: alice.address,
    chainId: 1,
    domain: 'app.fairex.test',
    scheme: 'https',
    uri: 'https://app.fairex.test',
    nonce: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
    issuedAt: now,
    expirationTime: new Date(now.getTime() + 10 * minute),
    statement: signInStatement,
    version: '1',
    ...overrides,
  });
}

function failureOf(text: string, claimedAddress: string = alice.address, at: Date = now) {
  return siweFieldFailure({ fields: parseSiweMessage(text), expectation, claimedAddress, now: at });
}

describe('siweExpectationFor', () => {
  it('takes host and port as the domain and the public URL as the URI', () => {
    expect(siweExpectationFor('http://localhost:8080', 5)).toEqual({
      domain: 'localhost:8080',
      scheme: 'http',
      uri: 'http://localhost:8080',
      chainId: 5,
    });
    expect(expectation.domain).toBe('app.fairex.test');
  });
});

describe('walletNonceReply', () => {
  it('hands out the pieces of the message and a ten-minute lifetime', () => {
    expect(walletNonceReply({ nonce: 'abc12345abc12345', expectation, now })).toEqual({
      nonce: 'abc12345abc12345',
      domain: 'app.fairex.test',
      uri: 'https://app.fairex.test',
      chain_id: 1,
      statement: signInStatement,
      issued_at: '2026-11-05T10:00:00.000Z',
      expiration_time: '2026-11-05T10:10:00.000Z',
    });
    expect(nonceLifetimeMs).toBe(10 * minute);
  });
});

describe('isWellFormedSiweMessage', () => {
  it('accepts what viem builds, with or without statement, scheme and optional fields', () => {
    expect(isWellFormedSiweMessage(message())).toBe(true);
    expect(isWellFormedSiweMessage(message({ statement: undefined, scheme: undefined }))).toBe(true);
    expect(
      isWellFormedSiweMessage(
        message({
          notBefore: now,
          requestId: 'r-1',
          resources: ['https://app.fairex.test/terms', 'ipfs://bafy'],
        }),
      ),
    ).toBe(true);
  });

  it('refuses anything before the domain line or after the last field', () => {
    expect(isWellFormedSiweMessage(`Hello\n${message()}`)).toBe(false);
    expect(isWellFormedSiweMessage(` ${message()}`)).toBe(false);
    expect(isWellFormedSiweMessage(`${message()}\n`)).toBe(false);
    expect(isWellFormedSiweMessage(`${message()}\nAnything: else`)).toBe(false);
    expect(isWellFormedSiweMessage(message().replace('Version: 1', 'Version: 2'))).toBe(false);
    expect(isWellFormedSiweMessage(message().replace('\nURI:', '\nURI:\nURI:'))).toBe(false);
    expect(isWellFormedSiweMessage('')).toBe(false);
    expect(isWellFormedSiweMessage('not a sign-in message')).toBe(false);
  });

  it('refuses a statement spread over several lines', () => {
    const text = message().replace(signInStatement, `${signInStatement}\nand more`);
    expect(isWellFormedSiweMessage(text)).toBe(false);
  });
});

describe('siweFieldFailure', () => {
  it('passes a message made for this site, chain and moment', () => {
    expect(failureOf(message())).toBeNull();
    expect(failureOf(message(), alice.address.toLowerCase())).toBeNull();
    expect(failureOf(message({ scheme: undefined }))).toBeNull();
  });

  it('names the first field that is wrong', () => {
    expect(failureOf(message({ domain: 'evil.example' }))).toBe('wrong_domain');
    expect(failureOf(message({ domain: 'app.fairex.test:8443' }))).toBe('wrong_domain');
    expect(failureOf(message({ scheme: 'http' }))).toBe('wrong_domain');
    expect(failureOf(message({ uri: 'https://evil.example' }))).toBe('wrong_uri');
    expect(failureOf(message({ uri: 'https://app.fairex.test/' }))).toBe('wrong_uri');
    expect(failureOf(message({ chainId: 137 }))).toBe('wrong_chain');
    expect(failureOf(message(), bob.address)).toBe('address_mismatch');
  });

  it('checks expiry, not-before and issued-at against the given moment', () => {
    const expiring = message({ expirationTime: new Date(now.getTime() + minute) });
    expect(failureOf(expiring, alice.address, new Date(now.getTime() + minute - 1))).toBeNull();
    expect(failureOf(expiring, alice.address, new Date(now.getTime() + minute))).toBe('expired');
    const later = message({ notBefore: new Date(now.getTime() + minute) });
    expect(failureOf(later)).toBe('not_yet_valid');
    expect(failureOf(later, alice.address, new Date(now.getTime() + minute))).toBeNull();
    expect(failureOf(message({ issuedAt: new Date(now.getTime() + 4 * minute) }))).toBeNull();
    expect(failureOf(message({ issuedAt: new Date(now.getTime() + 6 * minute) }))).toBe('not_yet_valid');
  });

  it('calls a message without its required fields, or with unreadable dates, invalid', () => {
    const base = parseSiweMessage(message()) as SiweFields;
    const check = (fields: SiweFields) =>
      siweFieldFailure({ fields, expectation, claimedAddress: alice.address, now });
    expect(check(base)).toBeNull();
    expect(check({ ...base, nonce: undefined })).toBe('invalid_message');
    expect(check({ ...base, address: undefined })).toBe('invalid_message');
    expect(check({ ...base, uri: undefined })).toBe('invalid_message');
    expect(check({ ...base, chainId: undefined })).toBe('invalid_message');
    expect(check({ ...base, version: '2' })).toBe('invalid_message');
    expect(check({ ...base, issuedAt: undefined })).toBe('invalid_message');
    expect(check({ ...base, issuedAt: new Date(Number.NaN) })).toBe('invalid_message');
    expect(check({ ...base, expirationTime: new Date(Number.NaN) })).toBe('invalid_message');
    expect(check({ ...base, notBefore: new Date(Number.NaN) })).toBe('invalid_message');
    expect(failureOf(message().replace('2026-11-05T10:10:00.000Z', 'tomorrow'))).toBe('invalid_message');
  });
});
