/**
 * Four eyes on money: deposits and withdrawals above the two-person threshold need approvals by
 * two different staff members, and nobody decides a request of their own.
 */
import { invariant } from '@fairex/domain';
import { thresholdMicros } from './approvals.domain';

export type { ApprovalTerms } from './approvals.domain';

/** APPROVAL_TWO_PERSON_ABOVE_USDT (validated by the config) in micro-USDT. */
export function twoPersonThreshold(text: string): bigint {
  const micros = thresholdMicros(text);
  invariant(micros !== null, `the two-person threshold "${text}" is a USDT amount`);
  return micros;
}

export {
  type ApprovalView,
  approvalsFor,
  approvalsNeeded,
  recordApproval,
  refuseOwnRequest,
  type UsdtPrices,
} from './approvals.service';
