import { uploadFieldName } from '@fairex/contract';
import { apiBasePath } from '../../../lib/api-outcome';
import { useAppStore } from '../../../lib/stores/app-store';
import { readUploadReply, type UploadReply, uploadAcceptLanguage } from './upload-reply';

/** Spec section 9: uploads time out after 60 s. */
export const uploadTimeoutMs = 60_000;

export type UploadResult = UploadReply | { kind: 'network' };

/**
 * POST /api/upload as multipart (field `file`) with the session token and accept-language
 * headers of spec section 7. Never throws: every way it can end is a result.
 */
export async function uploadImage(file: Blob): Promise<UploadResult> {
  const { token, lang } = useAppStore.getState();
  const form = new FormData();
  form.append(uploadFieldName, file);
  form.append('lang', lang);
  const headers: Record<string, string> = { 'accept-language': uploadAcceptLanguage(lang) };
  if (token) headers.Authorization = token;
  try {
    const response = await fetch(`${apiBasePath}/upload`, {
      method: 'POST',
      body: form,
      headers,
      credentials: 'same-origin',
      signal: AbortSignal.timeout(uploadTimeoutMs),
    });
    if (response.status !== 200) return { kind: 'network' };
    return readUploadReply(await response.text());
  } catch {
    return { kind: 'network' };
  }
}
