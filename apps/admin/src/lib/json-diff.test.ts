import { describe, expect, it } from 'vitest';
import { diffSnapshots } from './json-diff';

describe('diffSnapshots', () => {
  it('marks changed, added, removed and unchanged keys in a stable order', () => {
    const lines = diffSnapshots(
      { status: 'pending', amount: '150.000000', note: 'x' },
      { status: 'approved', amount: '150.000000', credited: '150.000000' },
    );
    expect(lines).toEqual([
      { key: 'status', kind: 'changed', before: '"pending"', after: '"approved"' },
      { key: 'amount', kind: 'same', before: '"150.000000"', after: '"150.000000"' },
      { key: 'note', kind: 'removed', before: '"x"' },
      { key: 'credited', kind: 'added', after: '"150.000000"' },
    ]);
  });

  it('compares decimal strings as text and flattens nested objects', () => {
    const lines = diffSnapshots({ fee: { rate: '0.10' } }, { fee: { rate: '0.1' } });
    expect(lines).toEqual([{ key: 'fee.rate', kind: 'changed', before: '"0.10"', after: '"0.1"' }]);
  });

  it('treats a missing snapshot as empty', () => {
    expect(diffSnapshots(null, { id: 1 })).toEqual([{ key: 'id', kind: 'added', after: '1' }]);
    expect(diffSnapshots(null, null)).toEqual([]);
  });
});
