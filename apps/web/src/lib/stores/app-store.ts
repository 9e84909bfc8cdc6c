import { defaultLocale, isLocale, type Locale, type UserInfo, userInfoSchema } from '@fairex/contract';
import { create } from 'zustand';
import { readStored, readStoredJson, writeStored } from '../browser-storage';
import { storageKeys } from '../storage-keys';

export type SocketStatus = 'connecting' | 'connected' | 'disconnected';

/** The signed-in user's profile (GET /user/info). */
export type StoredUser = UserInfo;

/**
 * Client state of spec section 3 (site_name, logo, lang, token, user, socket) plus the demo flag;
 * fiat and fiats live in fiat-store.ts. Field names follow the spec.
 */
export type AppState = {
  site_name: string;
  logo: string;
  demo: boolean;
  /** A demo's clock runs this far ahead of real time (site config `clock_ahead_ms`). */
  clockAheadMs: number;
  lang: Locale;
  token: string | null;
  user: StoredUser | null;
  socket: SocketStatus;
};

type AppActions = {
  setSite: (site: { site_name: string; logo: string; demo: boolean; clockAheadMs: number }) => void;
  setLang: (lang: Locale) => void;
  /** Use lib/session.ts (startSession) rather than this directly. */
  setSession: (token: string, user: StoredUser | null) => void;
  setUser: (user: StoredUser) => void;
  clearSession: () => void;
  setSocketStatus: (status: SocketStatus) => void;
};

/** Shown until the operator's site name arrives. */
export const defaultSiteName = 'Fairex';

function initialLang(): Locale {
  const stored = readStored(storageKeys.lang);
  return isLocale(stored) ? stored : defaultLocale;
}

function initialUser(): StoredUser | null {
  const parsed = userInfoSchema.safeParse(readStoredJson(storageKeys.user));
  return parsed.success ? parsed.data : null;
}

export const useAppStore = create<AppState & AppActions>()((set) => ({
  site_name: defaultSiteName,
  logo: '',
  demo: false,
  clockAheadMs: 0,
  lang: initialLang(),
  token: readStored(storageKeys.token) || null,
  user: initialUser(),
  socket: 'connecting',
  setSite: (site) => set(site),
  setLang: (lang) => {
    writeStored(storageKeys.lang, lang);
    set({ lang });
  },
  setSession: (token, user) => {
    writeStored(storageKeys.token, token);
    writeStored(storageKeys.user, user === null ? null : JSON.stringify(user));
    set({ token, user });
  },
  setUser: (user) => {
    writeStored(storageKeys.user, JSON.stringify(user));
    set({ user });
  },
  clearSession: () => {
    writeStored(storageKeys.token, null);
    writeStored(storageKeys.user, null);
    set({ token: null, user: null });
  },
  setSocketStatus: (socket) => set({ socket }),
}));
