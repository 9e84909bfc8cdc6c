import {
  type IdType,
  idTypes,
  type RealState,
  realNameBodySchema,
  uploadImageTypes,
  uploadMaxBytes,
  type VerificationState,
} from '@fairex/contract';

/**
 * Pure rules of the verification screens (spec sections 4, 5, 6): what each level offers, the
 * Lv1 form's schema and messages, and the checks on a photo before it is uploaded.
 */

/** What a level's card offers the user. */
export type LevelAction =
  /** Email or phone must be bound before verification (spec section 4). */
  | 'bind-first'
  /** Lv2 waits for Lv1 to be verified. */
  | 'locked'
  /** The form: first time, or again after a failed review. */
  | 'form'
  /** Under review. */
  | 'wait'
  | 'done';

export function decideLevelActions(state: RealState): { lv1: LevelAction; lv2: LevelAction } {
  const open = (level: RealState['lv1']): LevelAction | null => {
    if (level.state === 'verified') return 'done';
    if (level.state === 'pending') return 'wait';
    return null;
  };
  const lv1 = open(state.lv1) ?? (state.contact_bound ? 'form' : 'bind-first');
  let lv2 = open(state.lv2);
  if (lv2 === null) {
    if (state.lv1.state !== 'verified') lv2 = 'locked';
    else lv2 = state.contact_bound ? 'form' : 'bind-first';
  }
  return { lv1, lv2 };
}

export type StateLabelKey = `verification:states.${VerificationState}`;

export function stateLabelKey(state: VerificationState): StateLabelKey {
  return `verification:states.${state}`;
}

export type IdTypeLabelKey = `verification:idTypes.${IdType}`;

export function idTypeLabelKey(type: IdType): IdTypeLabelKey {
  return `verification:idTypes.${type}`;
}

export const idTypeOptions: readonly IdType[] = idTypes;

/** Spec section 5: timestamps of more than 10 digits are milliseconds, else seconds. */
export function timestampMs(value: number): number {
  return Math.abs(value) >= 1e11 ? value : value * 1000;
}

/** The Lv1 fields of the contract's POST /user/real body, as the form validates them. */
const lv1Body = realNameBodySchema.options[0];
export const lv1FormSchema = lv1Body.pick({ id_type: true, name: true, card_id: true });

export type Lv1FormValues = { id_type: IdType; name: string; card_id: string };

export type Lv1ErrorKey =
  | 'verification:errors.idTypeRequired'
  | 'verification:errors.nameRequired'
  | 'verification:errors.nameShort'
  | 'verification:errors.nameLong'
  | 'verification:errors.nameChars'
  | 'verification:errors.cardIdRequired'
  | 'verification:errors.cardIdInvalid'
  | 'verification:errors.invalid';

/** What zod tells about one failed field (a subset of its issue). */
export type FieldIssue = { code: string; path?: readonly PropertyKey[]; input?: unknown };

function isBlank(input: unknown): boolean {
  return input === undefined || input === null || (typeof input === 'string' && input.trim() === '');
}

/** The message key for one Lv1 issue; zod's per-parse `error` map returns it as the message. */
export function lv1IssueKey(issue: FieldIssue): Lv1ErrorKey {
  const field = issue.path?.[0];
  if (field === 'id_type') {
    return 'verification:errors.idTypeRequired';
  }
  if (field === 'name') {
    if (isBlank(issue.input)) return 'verification:errors.nameRequired';
    if (issue.code === 'too_small') return 'verification:errors.nameShort';
    if (issue.code === 'too_big') return 'verification:errors.nameLong';
    return 'verification:errors.nameChars';
  }
  if (field === 'card_id') {
    return isBlank(issue.input) ? 'verification:errors.cardIdRequired' : 'verification:errors.cardIdInvalid';
  }
  return 'verification:errors.invalid';
}

export type ImageCheckKey = 'verification:upload.type' | 'verification:upload.size';

/** A photo the server would refuse anyway, caught before it is sent. */
export function checkImageFile(file: { type: string; size: number }): ImageCheckKey | null {
  if (!(uploadImageTypes as readonly string[]).includes(file.type)) {
    return 'verification:upload.type';
  }
  if (file.size > uploadMaxBytes) {
    return 'verification:upload.size';
  }
  return null;
}

/** How an ID photo is checked and what its upload says when it fails. */
export const photoUpload = {
  check: checkImageFile,
  messages: {
    failed: 'verification:upload.failed',
    format: 'verification:upload.format',
    network: 'verification:upload.network',
  },
} as const;
