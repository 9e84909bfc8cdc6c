/**
 * A money amount typed by a user, checked the same way by the web form and the server: a plain
 * positive decimal with no more decimals than the currency's scale (never rounded, reliability
 * case 8) and below a sane ceiling (case 7: 0, negatives, 1e-30, 1e30 and NaN are refused).
 */
import { toScaledBigint } from './decimal';

/** No amount a user types may reach 10^18 whole units of anything. */
export const amountWholeDigitsMax = 18;

export type AmountRefusal = 'invalid' | 'not_positive' | 'too_many_decimals' | 'too_large';
export type AmountResult =
  | { readonly ok: true; readonly units: bigint }
  | { readonly ok: false; readonly error: AmountRefusal };

const plainDecimal = /^\d+(\.\d+)?$/;

/** Parses `text` into smallest units of a currency with `scale` decimals. */
export function parseAmount(text: string, scale: number): AmountResult {
  const trimmed = text.trim();
  if (!plainDecimal.test(trimmed)) return { ok: false, error: 'invalid' };
  const whole = trimmed.split('.')[0] ?? '';
  if (whole.replace(/^0+/, '').length > amountWholeDigitsMax) return { ok: false, error: 'too_large' };
  const scaled = toScaledBigint(trimmed, scale);
  if (!scaled.ok)
    return { ok: false, error: scaled.error === 'excessPrecision' ? 'too_many_decimals' : 'invalid' };
  if (scaled.value <= 0n) return { ok: false, error: 'not_positive' };
  return { ok: true, units: scaled.value };
}
