import { withDeadline } from '../http/deadline';
import type { SmsSender } from './delivery';

export const smsRequestTimeoutMs = 10_000;

export class SmsProviderError extends Error {}

/**
 * One HTTP SMS provider: `POST <url>` with JSON `{to, text}` and `Authorization: Bearer <token>`.
 * Any answer outside 2xx, a network error or no answer within the timeout is a failure.
 */
export function createHttpSmsSender(options: {
  url: string;
  token: string | undefined;
  timeoutMs?: number;
}): SmsSender {
  const timeoutMs = options.timeoutMs ?? smsRequestTimeoutMs;
  return {
    async send(sms) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const response = await withDeadline(timeoutMs, async (signal) => {
        const response = await fetch(options.url, {
          method: 'POST',
          headers,
          body: JSON.stringify({ to: sms.to, text: sms.text }),
          signal,
        });
        // The body is not needed; reading it frees the connection.
        await response.arrayBuffer().catch(() => undefined);
        return response;
      });
      if (!response.ok) throw new SmsProviderError(`SMS provider answered HTTP ${response.status}`);
    },
  };
}
