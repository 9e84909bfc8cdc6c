/**
 * Navigation for code outside React (the API client's 999/998 handling). The app registers the
 * router's navigate at start-up; before that, assigning the hash does the same in hash mode.
 */
type Navigate = (path: string) => void;

let navigate: Navigate = (path) => {
  window.location.hash = `#${path}`;
};

export function registerNavigator(next: Navigate): void {
  navigate = next;
}

export function navigateTo(path: string): void {
  navigate(path);
}

/** Routes the shell itself relies on (spec section 2). */
export const appRoutes = {
  home: '/pages/index/index',
  markets: '/pages/market/market',
  trade: '/pages/transaction/index',
  finance: '/pages/financial/index',
  assets: '/pages/fund/assets',
  settings: '/pages/setting/setting',
  login: '/pages/common/login',
  realMark: '/pages/setting/real_mark',
  article: '/pages/common/article',
  faq: '/pages/common/faq',
  aboutUs: '/pages/common/aboutus',
  contactUs: '/pages/common/contactus',
  compliance: '/pages/setting/operational_compliance',
} as const;

export function articlePath(id: number): string {
  return `${appRoutes.article}?id=${id}`;
}

/** Spec section 9: redirects after a session or verification reply wait this long. */
export const redirectDelayMs = 1200;
