import { describe, expect, it } from 'vitest';
import {
  isContactBound,
  levelAfterApproval,
  levelStateOf,
  queueWindow,
  realStateOf,
  requestView,
  submissionRefusal,
  type VerificationRecord,
} from './verification.domain';

const submittedAt = new Date('2026-11-05T10:00:00Z');

function record(overrides: Partial<VerificationRecord> = {}): VerificationRecord {
  return {
    id: 7,
    userId: 3,
    level: 1,
    idType: 'passport',
    name: 'Ada Lovelace',
    cardId: 'P1234567',
    frontPic: null,
    reversePic: null,
    status: 'pending',
    reason: '',
    createdAt: submittedAt,
    reviewedAt: null,
    ...overrides,
  };
}

describe('isContactBound', () => {
  it('needs an email or a mobile number', () => {
    expect(isContactBound({ email: null, mobile: null })).toBe(false);
    expect(isContactBound({ email: '', mobile: null })).toBe(false);
    expect(isContactBound({ email: 'a@b.co', mobile: null })).toBe(true);
    expect(isContactBound({ email: null, mobile: '5551234' })).toBe(true);
  });
});

describe('levelStateOf', () => {
  const at = submittedAt.getTime();
  it('reads the four states of the spec', () => {
    expect(levelStateOf({ level: 1, verificationLevel: 0, latest: null })).toEqual({
      state: 'unverified',
      reason: '',
      submitted_at: null,
    });
    expect(levelStateOf({ level: 1, verificationLevel: 0, latest: record() })).toEqual({
      state: 'pending',
      reason: '',
      submitted_at: at,
    });
    expect(
      levelStateOf({
        level: 1,
        verificationLevel: 0,
        latest: record({ status: 'rejected', reason: 'Blurry' }),
      }),
    ).toEqual({ state: 'rejected', reason: 'Blurry', submitted_at: at });
    expect(levelStateOf({ level: 1, verificationLevel: 1, latest: record({ status: 'approved' }) })).toEqual({
      state: 'verified',
      reason: '',
      submitted_at: at,
    });
  });

  it('takes the stored level as the truth for verified', () => {
    expect(levelStateOf({ level: 1, verificationLevel: 2, latest: null }).state).toBe('verified');
    expect(
      levelStateOf({ level: 2, verificationLevel: 1, latest: record({ level: 2, status: 'approved' }) })
        .state,
    ).toBe('unverified');
  });
});

describe('realStateOf', () => {
  it('puts the level, the contact flag and both levels together', () => {
    const state = realStateOf({
      subject: { verificationLevel: 1, contactBound: true },
      latestLv1: record({ status: 'approved' }),
      latestLv2: record({ level: 2, status: 'rejected', reason: 'Back photo missing' }),
    });
    expect(state).toEqual({
      level: 1,
      contact_bound: true,
      lv1: { state: 'verified', reason: '', submitted_at: submittedAt.getTime() },
      lv2: { state: 'rejected', reason: 'Back photo missing', submitted_at: submittedAt.getTime() },
    });
  });
});

describe('submissionRefusal', () => {
  const refusal = (level: 1 | 2, verificationLevel: number, contactBound: boolean, pending: (1 | 2)[] = []) =>
    submissionRefusal({ level, subject: { verificationLevel, contactBound }, pendingLevels: pending });

  it('asks for a bound email or phone before Lv1', () => {
    expect(refusal(1, 0, false)).toBe('contact_required');
    expect(refusal(1, 0, true)).toBeNull();
  });

  it('allows Lv2 only after Lv1 is verified', () => {
    expect(refusal(2, 0, true)).toBe('basic_required');
    expect(refusal(2, 0, true, [1])).toBe('basic_required');
    expect(refusal(2, 1, true)).toBeNull();
  });

  it('refuses a level already verified or under review', () => {
    expect(refusal(1, 1, true)).toBe('already_verified');
    expect(refusal(1, 2, true)).toBe('already_verified');
    expect(refusal(2, 2, true)).toBe('already_verified');
    expect(refusal(1, 0, true, [1])).toBe('already_pending');
    expect(refusal(2, 1, true, [2])).toBe('already_pending');
    expect(refusal(2, 1, true, [1])).toBeNull();
  });
});

describe('levelAfterApproval', () => {
  it('raises and never lowers', () => {
    expect(levelAfterApproval(0, 1)).toBe(1);
    expect(levelAfterApproval(1, 2)).toBe(2);
    expect(levelAfterApproval(2, 1)).toBe(2);
  });
});

describe('queueWindow', () => {
  it('pages by ten', () => {
    expect(queueWindow(undefined)).toEqual({ page: 1, limit: 10, offset: 0 });
    expect(queueWindow(3)).toEqual({ page: 3, limit: 10, offset: 20 });
  });
});

describe('requestView', () => {
  it('uses the wire names and milliseconds', () => {
    const reviewedAt = new Date('2026-11-06T08:00:00Z');
    expect(requestView(record({ status: 'approved', reviewedAt }), '0xAbc')).toEqual({
      id: 7,
      user_id: 3,
      account: '0xAbc',
      level: 1,
      id_type: 'passport',
      name: 'Ada Lovelace',
      card_id: 'P1234567',
      front_pic: null,
      reverse_pic: null,
      status: 'approved',
      reason: '',
      created_at: submittedAt.getTime(),
      reviewed_at: reviewedAt.getTime(),
    });
  });
});
