import 'i18next';
import type accountEn from './locales/en/account.json';
import type assetsEn from './locales/en/assets.json';
import type commonEn from './locales/en/common.json';
import type contentEn from './locales/en/content.json';
import type contractsEn from './locales/en/contracts.json';
import type depositEn from './locales/en/deposit.json';
import type financeEn from './locales/en/finance.json';
import type formsEn from './locales/en/forms.json';
import type homeEn from './locales/en/home.json';
import type ieoEn from './locales/en/ieo.json';
import type investEn from './locales/en/invest.json';
import type marketsEn from './locales/en/markets.json';
import type menuEn from './locales/en/menu.json';
import type nftEn from './locales/en/nft.json';
import type optionsEn from './locales/en/options.json';
import type pagesEn from './locales/en/pages.json';
import type payoutEn from './locales/en/payout.json';
import type settingsEn from './locales/en/settings.json';
import type tradeEn from './locales/en/trade.json';
import type verificationEn from './locales/en/verification.json';
import type walletEn from './locales/en/wallet.json';
import type withdrawEn from './locales/en/withdraw.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: [
      'common',
      'account',
      'assets',
      'content',
      'contracts',
      'deposit',
      'finance',
      'forms',
      'home',
      'ieo',
      'invest',
      'markets',
      'menu',
      'nft',
      'options',
      'pages',
      'payout',
      'settings',
      'trade',
      'verification',
      'wallet',
      'withdraw',
    ];
    resources: {
      account: typeof accountEn;
      assets: typeof assetsEn;
      common: typeof commonEn;
      content: typeof contentEn;
      contracts: typeof contractsEn;
      deposit: typeof depositEn;
      finance: typeof financeEn;
      forms: typeof formsEn;
      home: typeof homeEn;
      ieo: typeof ieoEn;
      invest: typeof investEn;
      markets: typeof marketsEn;
      menu: typeof menuEn;
      nft: typeof nftEn;
      options: typeof optionsEn;
      pages: typeof pagesEn;
      payout: typeof payoutEn;
      settings: typeof settingsEn;
      trade: typeof tradeEn;
      verification: typeof verificationEn;
      wallet: typeof walletEn;
      withdraw: typeof withdrawEn;
    };
  }
}
