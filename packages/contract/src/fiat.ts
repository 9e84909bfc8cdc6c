import { z } from 'zod';
import { noParamsSchema } from './envelope';
import { getRoute } from './route';

/** The fiats a user may show amounts in (spec section 3); USD first, the default, at rate 1. */
export const fiatCodes = [
  'USD',
  'CNY',
  'GBP',
  'HKD',
  'JPY',
  'EUR',
  'AED',
  'THB',
  'PHP',
  'SGD',
  'VND',
] as const;
export type FiatCode = (typeof fiatCodes)[number];
export const defaultFiat: FiatCode = 'USD';
export const fiatCodeSchema = z.enum(fiatCodes);

/** A rate is units of the fiat per 1 USD, as an exact decimal string. */
export const decimalString = z.string().regex(/^\d{1,18}(\.\d{1,12})?$/);

export const fiatRateSchema = z.object({ currency_code: fiatCodeSchema, rate: decimalString });
export type FiatRate = z.infer<typeof fiatRateSchema>;

/** GET /fiat/rates: our call (the original clients fetched the rate service themselves). */
export const fiatRatesReplySchema = z.object({
  base: z.literal('USD'),
  /** live: fetched from the rate service; bundled: the table shipped with the server. */
  source: z.enum(['live', 'bundled']),
  /** The date the rates are from, ISO 8601; for the bundled table, the table's own date. */
  as_of: z.string(),
  rates: z.array(fiatRateSchema),
});
export type FiatRates = z.infer<typeof fiatRatesReplySchema>;

export const fiatRatesRoute = getRoute('/fiat/rates', {
  policy: 'public',
  query: noParamsSchema,
  reply: fiatRatesReplySchema,
});
