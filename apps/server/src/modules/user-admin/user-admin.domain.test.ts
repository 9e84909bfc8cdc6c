import { describe, expect, it } from 'vitest';
import { balancesByKind, billLineOf, freezeRefusal, pageWindow, sessionStateOf } from './user-admin.domain';

const kindName = (kind: number) => (['legal', 'change', 'lever', 'micro'] as const)[kind - 1] ?? null;

describe('the users admin rules', () => {
  it('pages 20 at a time, asking one more row to know if more follow', () => {
    expect(pageWindow(1, 20)).toEqual({ limit: 21, offset: 0 });
    expect(pageWindow(3, 20)).toEqual({ limit: 21, offset: 40 });
  });

  it('names a session live, expired or revoked', () => {
    const now = new Date('2026-11-25T00:00:00Z');
    const later = new Date('2026-11-26T00:00:00Z');
    expect(sessionStateOf({ revokedAt: null, expiresAt: later }, now)).toBe('live');
    expect(sessionStateOf({ revokedAt: null, expiresAt: now }, now)).toBe('expired');
    expect(sessionStateOf({ revokedAt: now, expiresAt: later }, now)).toBe('revoked');
  });

  it('refuses a freeze of a frozen user and an unfreeze of one who is not', () => {
    expect(freezeRefusal({ frozen: false, wanted: true })).toBeNull();
    expect(freezeRefusal({ frozen: true, wanted: false })).toBeNull();
    expect(freezeRefusal({ frozen: true, wanted: true })).toBe('already_frozen');
    expect(freezeRefusal({ frozen: false, wanted: false })).toBe('not_frozen');
  });

  it('groups ledger accounts by kind, exactly, leaving unknown kinds out', () => {
    const currencies = [
      { id: 1, code: 'BTC', scale: 8 },
      { id: 3, code: 'USDT', scale: 6 },
    ];
    const balances = balancesByKind({
      accounts: [
        { currencyId: 1, kind: 2, balance: 150_000_000n, held: 50_000_000n },
        { currencyId: 3, kind: 1, balance: 1n, held: 0n },
        { currencyId: 3, kind: 9, balance: 5n, held: 0n },
      ],
      currencies,
      kindName,
    });
    expect(balances).toEqual({
      legal: [
        {
          currency_id: 3,
          currency: 'USDT',
          scale: 6,
          balance: '0.000001',
          available: '0.000001',
          frozen: '0.000000',
        },
      ],
      change: [
        {
          currency_id: 1,
          currency: 'BTC',
          scale: 8,
          balance: '1.50000000',
          available: '1.00000000',
          frozen: '0.50000000',
        },
      ],
      lever: [],
      micro: [],
    });
  });

  it('shows a bill line as the user sees it, with an adjustment’s reason', () => {
    const line = {
      postingId: 9n,
      entryId: 4n,
      entryKind: 'adjustment' as const,
      currencyId: 3,
      accountKind: 2,
      amount: -1_500_000n,
      balanceAfter: 500_000n,
      reference: 'adjustment:1',
      tickId: null,
      memo: { reason: 'Fee refund' },
      createdAt: new Date(1_700_000_000_000),
    };
    const currency = { id: 3, code: 'USDT', scale: 6 };
    expect(billLineOf({ line, currency, kindName })).toEqual({
      id: '9',
      entry_id: '4',
      kind: 'adjustment',
      currency_id: 3,
      currency: 'USDT',
      type: 'change',
      amount: '-1.500000',
      balance_after: '0.500000',
      time: 1_700_000_000_000,
      reference: 'adjustment:1',
      tick_id: null,
      note: 'Fee refund',
    });
    expect(billLineOf({ line: { ...line, entryKind: 'deposit' }, currency, kindName }).note).toBeNull();
  });
});
