/**
 * Every localStorage key the web app owns, in one place. `lang`, `token` and `h5Version` are the
 * keys the original clients used (spec sections 1, 6 and 9), so a device keeps its settings.
 */
export const storageKeys = {
  /** Storage layout version; see storage-version.ts. */
  version: 'h5Version',
  /** The chosen locale code, e.g. `th`. */
  lang: 'lang',
  /** The bare session token. */
  token: 'token',
  /** The signed-in user's profile, JSON. */
  user: 'user',
  /** The chosen display fiat code, e.g. `EUR` (plain text). */
  fiat: 'fiat',
  /** The chosen fiat's rate against USD, JSON `{currency_code, rate, saveTime}`. */
  fiatRate: 'fiatRate',
  /** Ids of popup notices already shown on this device, JSON number array. */
  seenPopupNotices: 'seenPopupNotices',
} as const;
