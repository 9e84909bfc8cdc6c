/**
 * What is throttled per source address (issue 22 defect 4) and per user (defect 5): the rules, by
 * route. Fixed windows; a caller over the limit gets "Too many requests" until the window ends.
 */
export type ThrottleRule = {
  /** The counter's name: routes with one name share a counter per caller. */
  readonly name: string;
  readonly max: number;
  readonly windowMs: number;
  /** Routes under it, as "METHOD /url" of the registered route. */
  readonly routes: readonly string[];
};

const minute = 60_000;

/** Per source address. */
export const addressRules: readonly ThrottleRule[] = [
  {
    name: 'sign-in',
    max: 30,
    windowMs: 10 * minute,
    routes: [
      'POST /api/user/login',
      'POST /api/user/walletLogin',
      'POST /api/admin/auth/login',
      'POST /api/user/forget',
    ],
  },
  { name: 'codes', max: 10, windowMs: 10 * minute, routes: ['POST /api/sms_mail', 'POST /api/sms_send'] },
  { name: 'register', max: 10, windowMs: 60 * minute, routes: ['POST /api/user/register'] },
  { name: 'upload', max: 60, windowMs: 10 * minute, routes: ['POST /api/upload', 'POST /api/admin/upload'] },
];

/** Per signed-in user (or staff member), on top of the address rule. */
export const userRules: readonly ThrottleRule[] = [
  {
    name: 'upload-user',
    max: 20,
    windowMs: 10 * minute,
    routes: ['POST /api/upload', 'POST /api/admin/upload'],
  },
];

export function ruleFor(
  rules: readonly ThrottleRule[],
  method: string,
  url: string,
): ThrottleRule | undefined {
  const route = `${method} ${url}`;
  return rules.find((rule) => rule.routes.includes(route));
}
