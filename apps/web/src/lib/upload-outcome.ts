import { type Locale, uploadReplySchema } from '@fairex/contract';
import { assertNever } from '@fairex/domain';
import { decideApiOutcome } from './api-outcome';

/** The accept-language an upload sends (spec section 7): zh-cn, zh-tw or en by the stored language. */
export function uploadAcceptLanguage(lang: Locale): string {
  if (lang === 'zh') return 'zh-cn';
  if (lang === 'hk') return 'zh-tw';
  return 'en';
}

/** What one POST /upload reply means (spec sections 7 and 8). Pure. */
export type UploadOutcome =
  | { kind: 'ok'; path: string }
  /** Type not ok: the server's text, or null for the default "Upload failed". */
  | { kind: 'failed'; text: string | null }
  /** The reply could not be parsed: "format error". */
  | { kind: 'format-error' }
  | { kind: 'session-invalid'; message: string }
  | { kind: 'verification-required'; message: string };

/** Spec section 7: the reply text is whitespace-stripped and URL-decoded before parsing. */
function parseReplyText(raw: string): unknown {
  const trimmed = raw.trim();
  let decoded = trimmed;
  try {
    decoded = decodeURIComponent(trimmed);
  } catch {
    // Not URL-encoded: parse it as it came.
  }
  try {
    return JSON.parse(decoded);
  } catch {
    return JSON.parse(trimmed);
  }
}

export function decideUploadOutcome(status: number, raw: string): UploadOutcome {
  if (status !== 200) {
    return { kind: 'failed', text: null };
  }
  let body: unknown;
  try {
    body = parseReplyText(raw);
  } catch {
    return { kind: 'format-error' };
  }
  const outcome = decideApiOutcome(status, body);
  switch (outcome.kind) {
    case 'success': {
      const parsed = uploadReplySchema.safeParse(outcome.data);
      return parsed.success ? { kind: 'ok', path: parsed.data } : { kind: 'format-error' };
    }
    case 'bad-reply':
      return { kind: 'format-error' };
    case 'session-invalid':
      return { kind: 'session-invalid', message: outcome.message };
    case 'verification-required':
      return { kind: 'verification-required', message: outcome.message };
    case 'failure':
      return { kind: 'failed', text: outcome.message.trim() === '' ? null : outcome.message };
    case 'unavailable':
    case 'http-error':
      return { kind: 'failed', text: null };
    default:
      return assertNever(outcome);
  }
}
