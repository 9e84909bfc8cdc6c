import { z } from 'zod';
import { withDeadline } from '../../platform/http/deadline';
import { decimalFromNumber } from './fiat.domain';
import { type FiatRateQuote, type FiatRateSource, FiatSourceError } from './fiat.source';

/** Slow answers are abandoned: the stored table keeps serving meanwhile. */
export const fiatFetchTimeoutMs = 10_000;
/** A full USD table is a few kilobytes; anything far larger is not the service we know. */
const fiatReplyMaxBytes = 1024 * 1024;

/**
 * The reply of open.er-api.com (`/v6/latest/USD`) and services shaped like it. Only what we use
 * is read; other fields are ignored.
 */
const usdRatesReplySchema = z.object({
  result: z.literal('success'),
  base_code: z.literal('USD').optional(),
  time_last_update_unix: z.number().int().positive(),
  rates: z.record(z.string().regex(/^[A-Z]{3}$/), z.number()),
});

export type FiatRateSourceOptions = { readonly timeoutMs?: number };

async function readBoundedText(response: Response): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > fiatReplyMaxBytes) {
    throw new FiatSourceError(`reply too large: ${declared} bytes`);
  }
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of response.body) {
    total += chunk.byteLength;
    if (total > fiatReplyMaxBytes) throw new FiatSourceError('reply too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseReply(text: string): FiatRateQuote {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new FiatSourceError('reply is not JSON');
  }
  const parsed = usdRatesReplySchema.safeParse(json);
  if (!parsed.success) throw new FiatSourceError('reply does not have the expected shape');
  const rates: Record<string, string> = {};
  for (const [code, value] of Object.entries(parsed.data.rates)) {
    const rate = decimalFromNumber(value);
    if (rate !== null) rates[code] = rate;
  }
  return { rates, asOf: new Date(parsed.data.time_last_update_unix * 1000) };
}

function describeFetchFailure(error: unknown): FiatSourceError {
  if (error instanceof FiatSourceError) return error;
  if (error instanceof Error && error.name === 'TimeoutError') return new FiatSourceError('timed out');
  if (error instanceof Error && error.name === 'AbortError') return new FiatSourceError('aborted');
  return new FiatSourceError(`unreachable: ${error instanceof Error ? error.message : String(error)}`);
}

/** The production adapter: one GET of a public USD-base rate service, bounded in time and size. */
export function createFiatRateSource(url: string, options: FiatRateSourceOptions = {}): FiatRateSource {
  const timeoutMs = options.timeoutMs ?? fiatFetchTimeoutMs;
  return {
    async fetchUsdRates(signal) {
      try {
        return await withDeadline(
          timeoutMs,
          async (deadline) => {
            const response = await fetch(url, { headers: { accept: 'application/json' }, signal: deadline });
            if (!response.ok) {
              await response.body?.cancel();
              throw new FiatSourceError(`HTTP ${response.status}`);
            }
            return parseReply(await readBoundedText(response));
          },
          signal,
        );
      } catch (error) {
        throw describeFetchFailure(error);
      }
    },
  };
}
