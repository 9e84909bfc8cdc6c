import { type Locale, replyTypes, uploadReplySchema } from '@fairex/contract';

/**
 * Reading an upload reply (spec sections 7 and 8): the text is whitespace-stripped and
 * URL-decoded before parsing; `type: ok` with a stored path succeeds; another type fails with the
 * server's message (or the default "Upload failed"); anything unparsable is a format error.
 * Pure, so it is tested without a browser.
 */
export type UploadReply =
  | { kind: 'ok'; path: string }
  | { kind: 'failed'; message: string | null }
  | { kind: 'bad-format' };

function decoded(text: string): string {
  const stripped = text.trim();
  try {
    return decodeURIComponent(stripped);
  } catch {
    return stripped;
  }
}

export function readUploadReply(text: string): UploadReply {
  let body: unknown;
  try {
    body = JSON.parse(decoded(text));
  } catch {
    return { kind: 'bad-format' };
  }
  if (typeof body !== 'object' || body === null || !('type' in body)) {
    return { kind: 'bad-format' };
  }
  const { type, message } = body as { type: unknown; message?: unknown };
  if (type === replyTypes.ok) {
    const path = uploadReplySchema.safeParse(message);
    return path.success ? { kind: 'ok', path: path.data } : { kind: 'bad-format' };
  }
  const serverMessage = typeof message === 'string' && message.trim() !== '' ? message : null;
  return { kind: 'failed', message: serverMessage };
}

/** The accept-language the upload sends (spec section 7): zh-cn, zh-tw or en by the stored language. */
export function uploadAcceptLanguage(lang: Locale): string {
  if (lang === 'zh') return 'zh-cn';
  if (lang === 'hk') return 'zh-tw';
  return 'en';
}
