import type { RealState } from '@fairex/contract';
import { describe, expect, it } from 'vitest';
import {
  checkImageFile,
  decideLevelActions,
  lv1FormSchema,
  lv1IssueKey,
  timestampMs,
} from './verification-rules';

const level = (state: RealState['lv1']['state']): RealState['lv1'] => ({
  state,
  reason: '',
  submitted_at: null,
});

function realState(
  lv1: RealState['lv1']['state'],
  lv2: RealState['lv2']['state'],
  contact_bound = true,
): RealState {
  return { level: 0, contact_bound, lv1: level(lv1), lv2: level(lv2) };
}

describe('decideLevelActions', () => {
  it('asks for a bound email or phone before anything else', () => {
    expect(decideLevelActions(realState('unverified', 'unverified', false))).toEqual({
      lv1: 'bind-first',
      lv2: 'locked',
    });
  });

  it('offers Lv1 first, then Lv2 once Lv1 is verified', () => {
    expect(decideLevelActions(realState('unverified', 'unverified'))).toEqual({ lv1: 'form', lv2: 'locked' });
    expect(decideLevelActions(realState('pending', 'unverified'))).toEqual({ lv1: 'wait', lv2: 'locked' });
    expect(decideLevelActions(realState('verified', 'unverified'))).toEqual({ lv1: 'done', lv2: 'form' });
    expect(decideLevelActions(realState('verified', 'pending'))).toEqual({ lv1: 'done', lv2: 'wait' });
    expect(decideLevelActions(realState('verified', 'verified'))).toEqual({ lv1: 'done', lv2: 'done' });
  });

  it('lets a failed review be submitted again', () => {
    expect(decideLevelActions(realState('rejected', 'unverified'))).toEqual({ lv1: 'form', lv2: 'locked' });
    expect(decideLevelActions(realState('verified', 'rejected'))).toEqual({ lv1: 'done', lv2: 'form' });
  });

  it('still asks for the binding when Lv2 is open but the contact was unbound', () => {
    expect(decideLevelActions(realState('verified', 'unverified', false))).toEqual({
      lv1: 'done',
      lv2: 'bind-first',
    });
  });
});

describe('the Lv1 form', () => {
  function errors(values: Record<string, unknown>): Record<string, string> {
    const result = lv1FormSchema.safeParse(values, { error: (issue) => lv1IssueKey(issue) });
    const found: Record<string, string> = {};
    for (const issue of result.error?.issues ?? []) {
      const field = String(issue.path[0]);
      found[field] ??= issue.message;
    }
    return found;
  }

  it('accepts a valid submission', () => {
    expect(errors({ id_type: 'passport', name: 'Ana María O’Neil', card_id: 'X1234567' })).toEqual({
      name: 'verification:errors.nameChars',
    });
    expect(errors({ id_type: 'passport', name: "Ana María O'Neil", card_id: 'X1234567' })).toEqual({});
    expect(errors({ id_type: 'id_card', name: '张伟', card_id: '11010519491231002X' })).toEqual({});
  });

  it('says what is wrong with each field', () => {
    expect(errors({ id_type: 'visa', name: '  ', card_id: '' })).toEqual({
      id_type: 'verification:errors.idTypeRequired',
      name: 'verification:errors.nameRequired',
      card_id: 'verification:errors.cardIdRequired',
    });
    expect(errors({ id_type: 'id_card', name: 'A', card_id: 'AB1' })).toEqual({
      name: 'verification:errors.nameShort',
      card_id: 'verification:errors.cardIdInvalid',
    });
    expect(errors({ id_type: 'id_card', name: 'R2D2', card_id: '12 34 56' })).toEqual({
      name: 'verification:errors.nameChars',
      card_id: 'verification:errors.cardIdInvalid',
    });
    expect(errors({ id_type: 'id_card', name: 'a'.repeat(65), card_id: '1'.repeat(33) })).toEqual({
      name: 'verification:errors.nameLong',
      card_id: 'verification:errors.cardIdInvalid',
    });
  });

  it('falls back to a generic message for anything else', () => {
    expect(lv1IssueKey({ code: 'custom', path: ['other'] })).toBe('verification:errors.invalid');
  });
});

describe('photo checks', () => {
  it('takes JPEG, PNG, WebP and GIF up to 5 MB', () => {
    expect(checkImageFile({ type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(checkImageFile({ type: 'image/webp', size: 5 * 1024 * 1024 })).toBeNull();
    expect(checkImageFile({ type: 'image/heic', size: 1000 })).toBe('verification:upload.type');
    expect(checkImageFile({ type: 'application/pdf', size: 1000 })).toBe('verification:upload.type');
    expect(checkImageFile({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe('verification:upload.size');
  });
});

describe('small rules', () => {
  it('reads seconds and milliseconds (spec: more than 10 digits are milliseconds)', () => {
    expect(timestampMs(1_700_000_000)).toBe(1_700_000_000_000);
    expect(timestampMs(1_700_000_000_000)).toBe(1_700_000_000_000);
  });
});
