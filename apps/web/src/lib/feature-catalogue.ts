import type { ParseKeys } from 'i18next';
import type { TranslationKey } from './translation-key';

/**
 * The product's features as Home shortcuts and "not yet available" pages know them: a label key
 * in locales/<lang>/menu.json, an icon name, and the routes that belong to it. The server's
 * /menu sends `key`s; older and newer spellings of a key map to the same entry through aliases.
 */
/** Icon names a feature or a /menu `icon` may use; components/ui/feature-icon.tsx draws them. */
export const featureIconNames = [
  'deposit',
  'withdraw',
  'transfer',
  'convert',
  'stock',
  'futures',
  'options',
  'spot',
  'copy',
  'finance',
  'otc',
  'coupon',
  'bill',
  'lock',
  'game',
  'chat',
  'quickBuy',
  'verify',
  'ieo',
  'borrow',
  'nft',
  'invite',
  'mining',
  'wallet',
  'bank',
  'security',
  'profile',
  'user',
  'generic',
] as const;
export type FeatureIconName = (typeof featureIconNames)[number];

export function isFeatureIconName(name: string): name is FeatureIconName {
  return (featureIconNames as readonly string[]).includes(name);
}

export type Feature = {
  key: string;
  labelKey: TranslationKey;
  icon: FeatureIconName;
  aliases: readonly string[];
  /** Exact paths, or folder prefixes ending in '/'. */
  routes: readonly string[];
};

function feature(
  key: ParseKeys<'menu'>,
  icon: FeatureIconName,
  aliases: readonly string[],
  routes: readonly string[],
): Feature {
  return { key, labelKey: `menu:${key}`, icon, aliases, routes };
}

export const features: readonly Feature[] = [
  feature(
    'recharge',
    'deposit',
    ['deposit', 'charge', 'receive', 'top_up'],
    ['/pages/fund/select', '/pages/fund/receive', '/pages/fund/receive_withdraw_record'],
  ),
  feature('withdraw', 'withdraw', ['withdrawal', 'withdraws', 'cash_out'], ['/pages/fund/withdraw']),
  feature(
    'transfer',
    'transfer',
    ['coin_transfer', 'fund_transfer', 'fundtransfer'],
    ['/pages/fund/transfer', '/pages/fund/fundTransfer', '/pages/fund/transfer_history'],
  ),
  feature('exchange', 'convert', ['convert', 'swap', 'flash_exchange'], ['/pages/fund/exchange']),
  feature('stock', 'stock', ['stocks', 'share_trading'], []),
  feature(
    'futures',
    'futures',
    ['contract', 'contracts', 'lever', 'perpetual'],
    ['/pages/transaction/contract', '/pages/transaction/contract_order'],
  ),
  feature(
    'options',
    'options',
    ['seconds', 'micro', 'option', 'microtrade'],
    ['/pages/transaction/seconds_order'],
  ),
  feature(
    'spot',
    'spot',
    ['currency', 'coin', 'coin_trade'],
    ['/pages/transaction/currency', '/pages/transaction/currency_order'],
  ),
  feature(
    'copy',
    'copy',
    ['copytrade', 'copy_trade', 'copy_trading', 'follow'],
    ['/pages/copytrade/', '/pages/follow/'],
  ),
  feature(
    'finance',
    'finance',
    ['invest', 'financial', 'dual', 'wealth', 'earn'],
    ['/pages/invest/', '/pages/other/financial/'],
  ),
  feature('otc', 'otc', ['c2c', 'p2p'], ['/pages/otc/']),
  feature('coupon', 'coupon', ['coupons', 'coupon_center', 'voucher'], ['/pages/setting/coupon']),
  feature(
    'bill',
    'bill',
    ['bills', 'records', 'record'],
    ['/pages/setting/bill', '/pages/fund/assets_record', '/pages/fund/assets_all_record'],
  ),
  feature(
    'lockming',
    'lock',
    ['lock_mining', 'lockmining', 'lock_ming', 'mining_lock'],
    ['/pages/lockming/'],
  ),
  feature('game', 'game', ['mini_game', 'games'], ['/pages/other/game']),
  feature(
    'chat',
    'chat',
    ['chatroom', 'chat_room', 'kefu', 'service', 'support', 'customer_service'],
    ['/pages/other/kefu/', '/pages/common/contact'],
  ),
  feature('quick_buy', 'quickBuy', ['quickbuy', 'buy_coin', 'fast_buy', 'buy_crypto'], []),
  feature(
    'real_name',
    'verify',
    ['real', 'realname', 'kyc', 'authentication', 'verification', 'real_auth'],
    ['/pages/setting/real', '/pages/setting/real_mark'],
  ),
  feature('ieo', 'ieo', ['launchpad', 'subscribe'], ['/pages/ieo/']),
  feature('borrowing', 'borrow', ['borrow', 'loan', 'loans'], ['/pages/common/borrowing']),
  feature('nft', 'nft', ['nfts', 'nft_market'], ['/pages/nft/']),
  feature('invite', 'invite', ['share', 'invitation', 'rebate', 'referral'], ['/pages/setting/share']),
  feature('cloud_mining', 'mining', ['cloudmining', 'cloud'], []),
  feature('defi', 'mining', ['defi_mining', 'defimining'], []),
  feature(
    'wallet_address',
    'wallet',
    ['wallet', 'address', 'add_wallet'],
    ['/pages/setting/wallet', '/pages/setting/addWallet'],
  ),
  feature(
    'bank_card',
    'bank',
    ['bank', 'bankcard', 'bank_international'],
    ['/pages/setting/bank', '/pages/setting/bank_international'],
  ),
  feature(
    'security',
    'security',
    ['safe', 'password', 'pay_password'],
    ['/pages/setting/security', '/pages/setting/password', '/pages/setting/payPassword'],
  ),
  feature('profile', 'profile', ['user_info', 'userinfo', 'mine'], ['/pages/setting/userInfo']),
  feature(
    'register',
    'user',
    ['signup', 'sign_up'],
    ['/pages/common/register', '/pages/common/wallet-select', '/pages/common/wallet-connect'],
  ),
  feature('markets_search', 'spot', ['search'], ['/pages/market/search']),
  feature('funds', 'wallet', ['fund', 'assets_all'], ['/pages/fund/']),
];

function normaliseKey(key: string): string {
  return key
    .trim()
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

const byKey = new Map<string, Feature>();
for (const entry of features) {
  for (const name of [entry.key, ...entry.aliases]) {
    byKey.set(normaliseKey(name), entry);
    byKey.set(normaliseKey(name).replaceAll('_', ''), entry);
  }
}

/** The feature a /menu `key` names, or null for a key this build does not know. */
export function featureForKey(key: string): Feature | null {
  const normal = normaliseKey(key);
  return byKey.get(normal) ?? byKey.get(normal.replaceAll('_', '')) ?? null;
}

function routeMatches(route: string, path: string): boolean {
  return route.endsWith('/') ? path.startsWith(route) : path === route;
}

/** The feature a /pages/... path belongs to; exact paths win over folders. */
export function featureForPath(pathWithQuery: string): Feature | null {
  const path = pathWithQuery.split('?')[0] ?? '';
  const exact = features.find((entry) =>
    entry.routes.some((route) => !route.endsWith('/') && route === path),
  );
  if (exact) {
    return exact;
  }
  const folders = features
    .flatMap((entry) =>
      entry.routes.filter((route) => route.endsWith('/')).map((route) => ({ entry, route })),
    )
    .filter(({ route }) => routeMatches(route, path))
    .sort((a, b) => b.route.length - a.route.length);
  return folders[0]?.entry ?? null;
}

/** "fundTransfer" or "lock_mining" as words, for a route or key no entry knows. */
export function humaniseName(name: string): string {
  const words = name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim();
  return words.length === 0 ? name : words.charAt(0).toUpperCase() + words.slice(1);
}
