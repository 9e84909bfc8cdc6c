import type {
  IdType,
  RealState,
  VerificationQueue,
  VerificationRequest,
  VerificationStatus,
} from '@fairex/contract';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { platformErrors } from '../../platform/http/app-error';
import { getUserContact, setVerificationLevel } from '../accounts';
import { refuseOwnRequest } from '../approvals';
import { type AuditActor, recordAudit } from '../audit';
import { markUploadPrivate } from '../upload';
import {
  identityOf,
  isContactBound,
  levelAfterApproval,
  queueWindow,
  realStateOf,
  requestView,
  submissionRefusal,
  type VerificationLevel,
  type VerificationRecord,
  type VerificationSubject,
} from './verification.domain';
import { verificationError } from './verification.errors';
import {
  countRequests,
  decidePendingRequest,
  findLatestRequest,
  findRequest,
  insertPendingRequest,
  listRequests,
} from './verification.repository';

export type VerificationServiceDeps = { readonly db: Database; readonly clock: Clock };

/** POST /user/real, as the routes read it. */
export type RealNameSubmission =
  | { readonly level: 1; readonly idType: IdType; readonly name: string; readonly cardId: string }
  | { readonly level: 2; readonly frontPic: string; readonly reversePic: string };

export type VerificationDecision =
  | { readonly id: number; readonly decision: 'approve' }
  | { readonly id: number; readonly decision: 'reject'; readonly reason: string };

export type VerificationService = {
  realState(userId: number): Promise<RealState>;
  /** Files a request for review; answers the state the user now sees. */
  submit(params: { userId: number; submission: RealNameSubmission }): Promise<RealState>;
  queue(params: { status: VerificationStatus; page: number | undefined }): Promise<VerificationQueue>;
  /** Approves or rejects a pending request, exactly once; answers the decided request. */
  /** Decides once; the decision and its audit entry (by `actor`) commit together. */
  decide(params: { actor: AuditActor; decision: VerificationDecision }): Promise<VerificationRequest>;
};

/** The caller's account; a session whose user is gone is no session. */
async function contactOf(db: Database, userId: number) {
  const contact = await getUserContact(db, userId);
  if (!contact) throw platformErrors.sessionInvalid();
  return contact;
}

async function subjectOf(db: Database, userId: number): Promise<VerificationSubject> {
  const contact = await contactOf(db, userId);
  return { verificationLevel: contact.verificationLevel, contactBound: isContactBound(contact) };
}

/** The verification state a user sees on GET /real/state (staff read it for the users admin). */
export async function stateOf(db: Database, userId: number): Promise<RealState> {
  const subject = await subjectOf(db, userId);
  const [latestLv1, latestLv2] = await Promise.all([
    findLatestRequest(db, { userId, level: 1 }),
    findLatestRequest(db, { userId, level: 2 }),
  ]);
  return realStateOf({ subject, latestLv1, latestLv2 });
}

/** A request as staff read it, a Lv2 one with the name and document of the approved Lv1. */
async function staffView(db: Database, record: VerificationRecord, account: string) {
  const approvedLv1 =
    record.level === 2 ? await findLatestRequest(db, { userId: record.userId, level: 1 }) : null;
  return requestView({ ...record, ...identityOf(record, approvedLv1) }, account);
}

async function refuseUnlessAllowed(db: Database, params: { userId: number; level: VerificationLevel }) {
  const subject = await subjectOf(db, params.userId);
  const latest = await findLatestRequest(db, params);
  const refusal = submissionRefusal({
    level: params.level,
    subject,
    pendingLevels: latest?.status === 'pending' ? [params.level] : [],
  });
  if (refusal) throw verificationError(refusal);
}

export function createVerificationService(deps: VerificationServiceDeps): VerificationService {
  const { db, clock } = deps;
  return {
    realState: (userId) => stateOf(db, userId),

    async submit({ userId, submission }) {
      await refuseUnlessAllowed(db, { userId, level: submission.level });
      const createdAt = clock.now();
      if (submission.level === 1) {
        const id = await insertPendingRequest(db, {
          userId,
          level: 1,
          idType: submission.idType,
          name: submission.name,
          cardId: submission.cardId,
          createdAt,
        });
        if (id === null) throw verificationError('already_pending');
      } else {
        if (submission.frontPic === submission.reversePic) throw verificationError('pictures_identical');
        // The photos turn private with the request that refers to them, or not at all.
        await db.transaction(async (tx) => {
          for (const path of [submission.frontPic, submission.reversePic]) {
            if (!(await markUploadPrivate(tx, { path, ownerUserId: userId, reviewer: 'compliance' }))) {
              throw verificationError('picture_invalid');
            }
          }
          const id = await insertPendingRequest(tx, {
            userId,
            level: 2,
            frontPic: submission.frontPic,
            reversePic: submission.reversePic,
            createdAt,
          });
          if (id === null) throw verificationError('already_pending');
        });
      }
      return stateOf(db, userId);
    },

    async queue({ status, page }) {
      const window = queueWindow(page);
      const [records, total] = await Promise.all([
        listRequests(db, { status, limit: window.limit, offset: window.offset }),
        countRequests(db, status),
      ]);
      const list = await Promise.all(
        records.map(async (record) => {
          const contact = await getUserContact(db, record.userId);
          return staffView(db, record, contact?.account ?? '');
        }),
      );
      return { list, page: window.page, total };
    },

    async decide({ actor, decision }) {
      return db.transaction(async (tx) => {
        const now = clock.now();
        const decided = await decidePendingRequest(tx, {
          id: decision.id,
          status: decision.decision === 'approve' ? 'approved' : 'rejected',
          reason: decision.decision === 'reject' ? decision.reason : '',
          staffId: actor.staffId,
          now,
        });
        if (!decided) {
          const existing = await findRequest(tx, decision.id);
          throw verificationError(existing ? 'already_decided' : 'request_not_found');
        }
        const contact = await getUserContact(tx, decided.userId);
        // Nobody decides their own verification (linked customer account or same e-mail). The
        // decision above holds the request's row lock; refusing rolls it back, so nothing changes.
        await refuseOwnRequest(tx, actor, decided.userId);
        const levelBefore = contact?.verificationLevel ?? null;
        let levelAfter = levelBefore;
        if (decision.decision === 'approve') {
          // Users are never deleted; a request without one is a broken invariant, not a user error.
          if (!contact) throw platformErrors.internal();
          const level = levelAfterApproval(contact.verificationLevel, decided.level);
          // Same transaction: the approval and the level it grants commit together or not at all.
          if (level !== contact.verificationLevel)
            await setVerificationLevel(tx, { userId: decided.userId, level });
          levelAfter = level;
        }
        // Only the decision and levels: the name, ID number and images stay out of the audit log.
        const request = { user_id: decided.userId, level: decided.level };
        await recordAudit(tx, {
          actor,
          action: decision.decision === 'approve' ? 'verification.approve' : 'verification.reject',
          target: { type: 'verification', id: decided.id },
          before: { ...request, status: 'pending', user_level: levelBefore },
          after: { ...request, status: decided.status, reason: decided.reason, user_level: levelAfter },
          reason: decided.reason,
          at: now,
        });
        return staffView(tx, decided, contact?.account ?? '');
      });
    },
  };
}
