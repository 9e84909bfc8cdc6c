/**
 * File downloads under /api (the bill's CSV), kept apart from the client so Home's initial
 * JavaScript does not carry them.
 */

import { type ReplySchema, readEnvelope, settle, transport } from './api-client';
import type { ApiOutcome, RequestParams } from './api-outcome';

/** A file the server sent, read whole. */
type Download = { kind: 'download'; blob: Blob; fileName: string | null };

const anyReply: ReplySchema<unknown> = { safeParse: (data) => ({ success: true, data }) };

/** The file name of a Content-Disposition header, if it names one. */
function fileNameOf(disposition: string | null): string | null {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? null;
}

/**
 * GET a file (`contentType`, e.g. the bill's CSV) with the session token and save it through a
 * Blob: a link cannot carry the Authorization header. Any other reply is an error envelope,
 * settled like any call's.
 */
export async function apiDownload(
  path: string,
  options: { params?: RequestParams; contentType: string; fallbackName: string },
): Promise<void> {
  const reply = await transport(
    'GET',
    path,
    { params: options.params, accept: `${options.contentType}, application/json` },
    async (response): Promise<ApiOutcome | Download> => {
      const type = response.headers.get('content-type') ?? '';
      if (response.status !== 200 || !type.startsWith(options.contentType)) return readEnvelope(response);
      const fileName = fileNameOf(response.headers.get('content-disposition'));
      return { kind: 'download', blob: await response.blob(), fileName };
    },
  );
  if (reply.kind !== 'download') {
    // A JSON success here is not the file: treat it as a reply the client cannot use.
    settle(reply.kind === 'success' ? { kind: 'bad-reply' } : reply, anyReply, 'reject');
    return;
  }
  const url = URL.createObjectURL(reply.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = reply.fileName ?? options.fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
