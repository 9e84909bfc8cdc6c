import type { StaffProfile } from '@fairex/contract';
import { useSyncExternalStore } from 'react';

/** The signed-in staff member: token and profile, kept in sessionStorage (closed tab = signed out). */
export type StaffSession = {
  readonly token: string;
  readonly expiresAt: number;
  readonly staff: StaffProfile;
};

const storageKey = 'fairex-console-session';
const listeners = new Set<() => void>();

function read(): StaffSession | null {
  try {
    const text = sessionStorage.getItem(storageKey);
    if (!text) return null;
    const session = JSON.parse(text) as StaffSession;
    return session.expiresAt > Date.now() ? session : null;
  } catch {
    return null;
  }
}

let current = read();

export function currentSession(): StaffSession | null {
  return current;
}

export function setSession(session: StaffSession | null): void {
  current = session;
  if (session) sessionStorage.setItem(storageKey, JSON.stringify(session));
  else sessionStorage.removeItem(storageKey);
  for (const listener of listeners) listener();
}

export function useSession(): StaffSession | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
