import type { HomeShortcutKey } from '@fairex/contract';

/**
 * Where each Home shortcut leads (spec section 2) and the icon the web draws for it. Display
 * order is the order of `homeShortcutKeys` in the contract.
 */
export const homeShortcutTargets: Record<HomeShortcutKey, { readonly route: string; readonly icon: string }> =
  {
    recharge: { route: '/pages/fund/select', icon: 'deposit' },
    withdrawal: { route: '/pages/fund/withdraw', icon: 'withdraw' },
    stock: { route: '/pages/market/market?tab=stock', icon: 'stock' },
    futures: { route: '/pages/transaction/contract', icon: 'futures' },
    copy: { route: '/pages/copytrade/copy', icon: 'copy-trade' },
    finance: { route: '/pages/financial/index', icon: 'finance' },
    otc: { route: '/pages/otc/otc', icon: 'otc' },
    coupon: { route: '/pages/setting/coupon', icon: 'coupon' },
    bills: { route: '/pages/setting/bill', icon: 'bill' },
    exchange: { route: '/pages/fund/exchange', icon: 'exchange' },
    lock_mining: { route: '/pages/lockming/lockming', icon: 'lock-mining' },
    game: { route: '/pages/other/game', icon: 'game' },
    chat_room: { route: '/pages/other/kefu/index', icon: 'chat' },
    // The spec names no page for quick buy; the spot order page of a coin is where a quick buy lands.
    quick_buy: { route: '/pages/transaction/currency', icon: 'quick-buy' },
    real_name: { route: '/pages/setting/real_mark', icon: 'verify' },
    ieo: { route: '/pages/ieo/ieo', icon: 'ieo' },
    options: { route: '/pages/transaction/seconds_order', icon: 'options' },
    coin_transfer: { route: '/pages/fund/fundTransfer', icon: 'transfer' },
    borrowing: { route: '/pages/common/borrowing', icon: 'borrow' },
  };
