import { defaultLocale, isLocale, type Locale } from '@fairex/contract';
import { create } from 'zustand';
import { readStored, readStoredJson, writeStored } from '../browser-storage';
import { storageKeys } from '../storage-keys';

export type SocketStatus = 'connecting' | 'connected' | 'disconnected';

/** The signed-in user's profile; its shape arrives with the accounts feature. */
export type StoredUser = Readonly<Record<string, unknown>>;

/**
 * Client state of spec section 3 (site_name, logo, lang, token, user, socket) plus the demo flag;
 * fiat and fiats live in fiat-store.ts. Field names follow the spec.
 */
export type AppState = {
  site_name: string;
  logo: string;
  demo: boolean;
  lang: Locale;
  token: string | null;
  user: StoredUser | null;
  socket: SocketStatus;
};

type AppActions = {
  setSite: (site: { site_name: string; logo: string; demo: boolean }) => void;
  setLang: (lang: Locale) => void;
  setSession: (token: string, user: StoredUser | null) => void;
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
  const stored = readStoredJson(storageKeys.user);
  return typeof stored === 'object' && stored !== null && !Array.isArray(stored)
    ? (stored as StoredUser)
    : null;
}

export const useAppStore = create<AppState & AppActions>()((set) => ({
  site_name: defaultSiteName,
  logo: '',
  demo: false,
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
  clearSession: () => {
    writeStored(storageKeys.token, null);
    writeStored(storageKeys.user, null);
    set({ token: null, user: null });
  },
  setSocketStatus: (socket) => set({ socket }),
}));
