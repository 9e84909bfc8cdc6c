import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  type AuditRow,
  type AuditRowFields,
  auditCsv,
  auditHash,
  auditSnapshot,
  canonicalJson,
  continueChain,
  csvField,
  describeBreak,
  emptyChain,
  genesisHash,
  redacted,
  toAuditJson,
} from './audit.domain';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

function chainOf(count: number): AuditRow[] {
  const rows: AuditRow[] = [];
  let prevHash = genesisHash;
  for (let index = 1; index <= count; index += 1) {
    const fields: AuditRowFields = {
      id: BigInt(index * 2),
      at: new Date(Date.UTC(2026, 10, 22, 6, 0, index)),
      staffId: index % 3,
      staffRoles: ['finance'],
      action: index % 2 === 0 ? 'deposit.approve' : 'deposit.reject',
      targetType: 'deposit',
      targetId: String(index),
      before: { status: 'pending', amount: String(index * 100) },
      after: { status: index % 2 === 0 ? 'approved' : 'rejected' },
      reason: index % 2 === 0 ? '' : 'voucher unreadable',
      requestId: `req-${index}`,
      prevHash,
    };
    const row = { ...fields, hash: auditHash(fields, sha256) };
    rows.push(row);
    prevHash = row.hash;
  }
  return rows;
}

describe('canonical JSON', () => {
  it('sorts keys at every level and leaves arrays in order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}',
    );
  });

  it('gives the same text however the object was built', () => {
    const left = { user_id: 4, amount: '10', status: 'approved' };
    const right = { status: 'approved', amount: '10', user_id: 4 };
    expect(canonicalJson(left)).toBe(canonicalJson(right));
  });

  it('escapes strings as JSON does', () => {
    expect(canonicalJson({ 'k"ey': 'line\nbreak "quoted" \u2028' })).toBe(
      JSON.stringify({ 'k"ey': 'line\nbreak "quoted" \u2028' }),
    );
  });
});

describe('snapshots', () => {
  it('store bigints as text, dates as ISO text, and drop undefined', () => {
    expect(
      toAuditJson({ amount: 12n, at: new Date(0), gone: undefined, list: [1n, null], nested: { ok: true } }),
    ).toEqual({ amount: '12', at: '1970-01-01T00:00:00.000Z', list: ['1', null], nested: { ok: true } });
  });

  it('redact secrets whatever the caller passes', () => {
    expect(
      auditSnapshot({
        pay_password: 'x',
        totp_secret: 'y',
        session_token: 'z',
        address: 'T9',
        mnemonic: 'w',
      }),
    ).toEqual({
      pay_password: redacted,
      totp_secret: redacted,
      session_token: redacted,
      address: 'T9',
      mnemonic: redacted,
    });
  });

  it('refuse what JSON cannot hold unchanged', () => {
    expect(() => toAuditJson({ price: Number.NaN })).toThrow();
    expect(() => toAuditJson({ call: () => 1 })).toThrow();
    expect(() => auditSnapshot([1, 2] as unknown as object)).toThrow();
    let deep: object = {};
    for (let level = 0; level < 12; level += 1) deep = { deep };
    expect(() => toAuditJson(deep)).toThrow();
  });

  it('are null when there was nothing', () => {
    expect(auditSnapshot(null)).toBeNull();
    expect(auditSnapshot(undefined)).toBeNull();
  });
});

describe('the hash chain', () => {
  it('starts at the genesis hash and links every row to the one before', () => {
    const rows = chainOf(5);
    expect(rows[0]?.prevHash).toBe(genesisHash);
    for (let index = 1; index < rows.length; index += 1)
      expect(rows[index]?.prevHash).toBe(rows[index - 1]?.hash);
    const result = continueChain(emptyChain, rows, sha256);
    expect(result).toEqual({
      ok: true,
      state: { count: 5, lastId: 10n, lastHash: rows[4]?.hash },
    });
  });

  it('verifies in batches exactly as in one go', () => {
    const rows = chainOf(7);
    const first = continueChain(emptyChain, rows.slice(0, 3), sha256);
    if (!first.ok) throw new Error('first batch');
    expect(continueChain(first.state, rows.slice(3), sha256)).toEqual(
      continueChain(emptyChain, rows, sha256),
    );
  });

  it('covers every field: changing any one breaks the row’s hash', () => {
    const rows = chainOf(3);
    const target = rows[1] as AuditRow;
    const edits: Partial<AuditRow>[] = [
      { at: new Date(target.at.getTime() + 1) },
      { staffId: 99 },
      { staffRoles: ['admin'] },
      { action: 'withdrawal.approve' },
      { targetType: 'withdrawal' },
      { targetId: '999' },
      { before: { status: 'approved' } },
      { after: null },
      { reason: 'changed' },
      { requestId: 'other' },
    ];
    for (const edit of edits) {
      const tampered = [rows[0] as AuditRow, { ...target, ...edit }, rows[2] as AuditRow];
      const result = continueChain(emptyChain, tampered, sha256);
      expect(result.ok, JSON.stringify(Object.keys(edit))).toBe(false);
      if (!result.ok) expect(result.break).toMatchObject({ id: target.id, problem: 'hash_mismatch' });
    }
  });

  it('finds an edited row even when its hash was recomputed: the next row no longer follows', () => {
    const rows = chainOf(3);
    const target = rows[1] as AuditRow;
    const edited = { ...target, reason: 'rewritten' };
    const rehashed = { ...edited, hash: auditHash(edited, sha256) };
    const result = continueChain(emptyChain, [rows[0] as AuditRow, rehashed, rows[2] as AuditRow], sha256);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.break).toMatchObject({ id: rows[2]?.id, problem: 'prev_hash_mismatch' });
  });

  it('finds a deleted row at the row after it, and rows out of order', () => {
    const rows = chainOf(4);
    const deleted = continueChain(emptyChain, [rows[0], rows[2], rows[3]] as AuditRow[], sha256);
    expect(deleted.ok).toBe(false);
    if (!deleted.ok) {
      expect(deleted.break).toMatchObject({ id: rows[2]?.id, problem: 'prev_hash_mismatch' });
      expect(deleted.state.count).toBe(1);
      expect(describeBreak(deleted.break)).toContain(`entry #${rows[2]?.id}`);
    }
    const swapped = continueChain(emptyChain, [rows[1], rows[0]] as AuditRow[], sha256);
    expect(swapped.ok).toBe(false);
    const reordered = continueChain(
      { count: 1, lastId: 100n, lastHash: genesisHash },
      [rows[0] as AuditRow],
      sha256,
    );
    expect(reordered.ok).toBe(false);
    if (!reordered.ok) expect(reordered.break.problem).toBe('out_of_order');
  });
});

describe('the CSV export', () => {
  it('quotes commas, quotes and line breaks, and defuses formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('-5')).toBe("'-5");
    expect(csvField('@sum')).toBe("'@sum");
  });

  it('writes a header and one CRLF line per row, snapshots as canonical JSON', () => {
    const rows = chainOf(2);
    const csv = auditCsv(rows);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'id,at,staff_id,staff_roles,action,target_type,target_id,before,after,reason,request_id,prev_hash,hash',
    );
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
    expect(lines[1]).toBe(
      `2,2026-11-22T06:00:01.000Z,1,finance,deposit.reject,deposit,1,"{""amount"":""100"",""status"":""pending""}","{""status"":""rejected""}",voucher unreadable,req-1,${genesisHash},${rows[0]?.hash}`,
    );
  });
});
