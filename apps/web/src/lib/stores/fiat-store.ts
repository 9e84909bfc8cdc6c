import { defaultFiat, type FiatCode, type FiatRate, type FiatRates, fiatCodeSchema } from '@fairex/contract';
import { create } from 'zustand';
import { readStored, readStoredJson, writeStored } from '../browser-storage';
import { storageKeys } from '../storage-keys';

/** USD is the base: its rate is 1 by definition (spec section 3). */
export const usdRate = '1';

/** The display fiat of spec section 3 (`fiat`, with `saveTime`) and the rate table (`fiats`). */
export type FiatState = {
  fiat: FiatCode;
  /** Units of `fiat` per 1 USD, an exact decimal string. */
  rate: string;
  /** Unix milliseconds when the rate was stored. */
  saveTime: number;
  fiats: readonly FiatRate[];
  source: FiatRates['source'] | null;
  asOf: string | null;
};

type FiatActions = {
  chooseFiat: (code: FiatCode) => void;
  applyRates: (rates: FiatRates, now: number) => void;
};

/** Picks the rate for `code` from a table; USD is always 1, an absent fiat is null. */
export function rateFor(code: FiatCode, table: readonly FiatRate[]): string | null {
  if (code === 'USD') {
    return usdRate;
  }
  return table.find((entry) => entry.currency_code === code)?.rate ?? null;
}

function initialFiat(): Pick<FiatState, 'fiat' | 'rate' | 'saveTime'> {
  const parsed = fiatCodeSchema.safeParse(readStored(storageKeys.fiat));
  const fiat = parsed.success ? parsed.data : defaultFiat;
  const stored = readStoredJson(storageKeys.fiatRate) as Partial<Record<string, unknown>> | null;
  if (
    fiat !== 'USD' &&
    stored !== null &&
    stored.currency_code === fiat &&
    typeof stored.rate === 'string' &&
    typeof stored.saveTime === 'number'
  ) {
    return { fiat, rate: stored.rate, saveTime: stored.saveTime };
  }
  return { fiat, rate: usdRate, saveTime: 0 };
}

function persist(state: Pick<FiatState, 'fiat' | 'rate' | 'saveTime'>): void {
  writeStored(storageKeys.fiat, state.fiat);
  writeStored(
    storageKeys.fiatRate,
    JSON.stringify({ currency_code: state.fiat, rate: state.rate, saveTime: state.saveTime }),
  );
}

export const useFiatStore = create<FiatState & FiatActions>()((set, get) => ({
  ...initialFiat(),
  fiats: [],
  source: null,
  asOf: null,
  chooseFiat: (code) => {
    const rate = rateFor(code, get().fiats);
    const next = { fiat: code, rate: rate ?? usdRate, saveTime: Date.now() };
    persist(next);
    set(next);
  },
  applyRates: (rates, now) => {
    const current = get();
    const rate = rateFor(current.fiat, rates.rates);
    const next = rate === null ? {} : { rate, saveTime: now };
    set({ ...next, fiats: rates.rates, source: rates.source, asOf: rates.as_of });
    if (rate !== null && rate !== current.rate) {
      persist({ fiat: current.fiat, rate, saveTime: now });
    }
  },
}));
