import { uploadFieldName } from '@fairex/contract';
import { apiBasePath } from './api-outcome';
import { useAppStore } from './stores/app-store';
import { decideUploadOutcome, type UploadOutcome, uploadAcceptLanguage } from './upload-outcome';

/** Spec section 9: uploads time out after 60 s. */
const uploadTimeoutMs = 60_000;

export type UploadResult = UploadOutcome | { kind: 'network' };

/**
 * POST /api/upload as multipart (field `file`, plus `lang`) with the session token and the
 * accept-language of spec section 7. Never throws: every way it can end is a result.
 */
export async function uploadImage(file: Blob): Promise<UploadResult> {
  const { token, lang } = useAppStore.getState();
  const form = new FormData();
  form.append('lang', lang);
  form.append(uploadFieldName, file);
  const headers: Record<string, string> = { 'accept-language': uploadAcceptLanguage(lang) };
  if (token) headers.Authorization = token;
  try {
    const response = await fetch(`${apiBasePath}/upload`, {
      method: 'POST',
      headers,
      body: form,
      credentials: 'same-origin',
      signal: AbortSignal.timeout(uploadTimeoutMs),
    });
    return decideUploadOutcome(response.status, await response.text());
  } catch {
    return { kind: 'network' };
  }
}
