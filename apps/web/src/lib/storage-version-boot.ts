import { applyStorageVersion } from './storage-version';

/**
 * Side effect on import: main.tsx imports this module first, so the version check runs before
 * any store reads storage. Storage can be unavailable (private modes, blocked cookies).
 */
try {
  applyStorageVersion(window.localStorage, [window.sessionStorage]);
} catch {
  // Without storage the app still runs with defaults.
}
