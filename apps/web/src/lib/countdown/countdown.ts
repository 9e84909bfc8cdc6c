import { create } from 'zustand';

/** Seconds before another code may be requested (spec: a 60 s countdown on "Send code"). */
export const codeResendSeconds = 60;
export const countdownTickMs = 250;

/** Whole seconds left until `endsAtMs` (rounded up), never negative. */
export function secondsLeft(endsAtMs: number | undefined, nowMs: number): number {
  if (endsAtMs === undefined) return 0;
  return Math.max(0, Math.ceil((endsAtMs - nowMs) / 1000));
}

/** When a countdown started now ends. */
export function countdownEnd(nowMs: number, seconds: number = codeResendSeconds): number {
  return nowMs + seconds * 1000;
}

/**
 * The key a countdown is kept under: the purpose and the address, so switching to another
 * address is not blocked, and the countdown survives leaving the page (e.g. to pick an area code).
 */
export function countdownKey(purpose: string, address: string): string {
  return `${purpose}:${address.trim().toLowerCase()}`;
}

type CountdownState = {
  endsAt: Readonly<Record<string, number>>;
  start: (key: string, nowMs: number) => void;
};

/** Running countdowns by key, for this tab's lifetime. */
export const useCountdownStore = create<CountdownState>()((set) => ({
  endsAt: {},
  start: (key, nowMs) => set((state) => ({ endsAt: { ...state.endsAt, [key]: countdownEnd(nowMs) } })),
}));
