/**
 * Pure rules of identity verification (spec sections 3, 4 and 6): the state a user sees per
 * level, who may submit what, and the views staff and users read.
 */
import type { IdType, RealState, VerificationRequest, VerificationStatus } from '@fairex/contract';
import { verificationQueuePageSize } from '@fairex/contract';

export type VerificationLevel = 1 | 2;

/** One stored request, as the repository reads it. */
export type VerificationRecord = {
  readonly id: number;
  readonly userId: number;
  readonly level: VerificationLevel;
  readonly idType: IdType | null;
  readonly name: string | null;
  readonly cardId: string | null;
  readonly frontPic: string | null;
  readonly reversePic: string | null;
  readonly status: VerificationStatus;
  readonly reason: string;
  readonly createdAt: Date;
  readonly reviewedAt: Date | null;
};

/** What the caller's account says, from the accounts module. */
export type VerificationSubject = {
  readonly verificationLevel: number;
  readonly contactBound: boolean;
};

export type VerificationRefusal =
  | 'contact_required'
  | 'already_verified'
  | 'already_pending'
  | 'basic_required';

type LevelState = RealState['lv1'];

/** Email or phone must be bound before any verification (spec section 4). */
export function isContactBound(contact: { email: string | null; mobile: string | null }): boolean {
  return Boolean(contact.email) || Boolean(contact.mobile);
}

/**
 * The state of one level. The user's stored level is the truth for "verified"; otherwise the
 * latest request tells: under review, failed (with the reviewer's reason), or nothing yet. An
 * approval the stored level no longer reflects (a level taken back) reads as not verified.
 */
export function levelStateOf(params: {
  level: VerificationLevel;
  verificationLevel: number;
  latest: VerificationRecord | null;
}): LevelState {
  const { latest } = params;
  const submittedAt = latest ? latest.createdAt.getTime() : null;
  if (params.verificationLevel >= params.level) {
    return { state: 'verified', reason: '', submitted_at: submittedAt };
  }
  if (!latest || latest.status === 'approved') {
    return { state: 'unverified', reason: '', submitted_at: submittedAt };
  }
  if (latest.status === 'pending') return { state: 'pending', reason: '', submitted_at: submittedAt };
  return { state: 'rejected', reason: latest.reason, submitted_at: submittedAt };
}

export function realStateOf(params: {
  subject: VerificationSubject;
  latestLv1: VerificationRecord | null;
  latestLv2: VerificationRecord | null;
}): RealState {
  const verificationLevel = params.subject.verificationLevel;
  return {
    level: verificationLevel,
    contact_bound: params.subject.contactBound,
    lv1: levelStateOf({ level: 1, verificationLevel, latest: params.latestLv1 }),
    lv2: levelStateOf({ level: 2, verificationLevel, latest: params.latestLv2 }),
  };
}

/**
 * Why this submission is refused, or null when it may go to review. Lv1 needs a bound email or
 * phone; Lv2 needs Lv1 verified; neither while the same level is verified or under review (the
 * database's one-pending index enforces the last one against races too).
 */
export function submissionRefusal(params: {
  level: VerificationLevel;
  subject: VerificationSubject;
  pendingLevels: readonly VerificationLevel[];
}): VerificationRefusal | null {
  const { level, subject } = params;
  if (subject.verificationLevel >= level) return 'already_verified';
  if (level === 1 && !subject.contactBound) return 'contact_required';
  if (level === 2 && subject.verificationLevel < 1) return 'basic_required';
  if (params.pendingLevels.includes(level)) return 'already_pending';
  return null;
}

/** The level an approval leaves the user at: raised to the request's level, never lowered. */
export function levelAfterApproval(current: number, approved: VerificationLevel): number {
  return Math.max(current, approved);
}

export function queueWindow(page: number | undefined): { page: number; limit: number; offset: number } {
  const current = Math.max(1, page ?? 1);
  return {
    page: current,
    limit: verificationQueuePageSize,
    offset: (current - 1) * verificationQueuePageSize,
  };
}

/**
 * The identity a request is about: its own for Lv1; for Lv2 (photos only) the document of the
 * user's approved Lv1, so the reviewer compares the photos with the name and number verified.
 */
export function identityOf(
  record: VerificationRecord,
  approvedLv1: VerificationRecord | null,
): Pick<VerificationRecord, 'idType' | 'name' | 'cardId'> {
  const source = record.level === 2 && approvedLv1?.status === 'approved' ? approvedLv1 : record;
  return { idType: source.idType, name: source.name, cardId: source.cardId };
}

export function requestView(record: VerificationRecord, account: string): VerificationRequest {
  return {
    id: record.id,
    user_id: record.userId,
    account,
    level: record.level,
    id_type: record.idType,
    name: record.name,
    card_id: record.cardId,
    front_pic: record.frontPic,
    reverse_pic: record.reversePic,
    status: record.status,
    reason: record.reason,
    created_at: record.createdAt.getTime(),
    reviewed_at: record.reviewedAt ? record.reviewedAt.getTime() : null,
  };
}
