import type { WalletAccount } from '@fairex/contract';
import { RightOutline } from 'antd-mobile-icons';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CoinIcon } from '../../../components/ui/coin-icon';
import type { FiatDisplay } from '../../../lib/fiat-display';
import { recordPath } from '../assets-paths';
import { displayAmount, fiatFigure } from '../assets-rules';
import { hiddenAmount } from '../hooks/use-assets-prefs';

type AssetRowProps = { account: WalletAccount; fiat: FiatDisplay; hidden: boolean };

/** One currency in one account kind: balance, its equivalent, available and frozen. */
export const AssetRow = memo(function AssetRow({ account, fiat, hidden }: AssetRowProps) {
  const { t } = useTranslation();
  const mask = (text: string) => (hidden ? hiddenAmount : text);
  const fiatValue = account.usdt_value === null ? null : fiatFigure(account.usdt_value, fiat.rate);
  return (
    <li>
      <Link
        className="fund-row"
        to={recordPath(account.currency_id, account.type)}
        data-testid={`asset-row-${account.type}-${account.currency}`}
      >
        <div className="fund-row-head">
          <CoinIcon code={account.currency} image={account.image} />
          <span className="fund-row-name">
            <b>{account.currency}</b>
            <small>{account.full_name}</small>
          </span>
          <span className="fund-row-balance">
            <b data-testid="asset-balance">{mask(displayAmount(account.balance))}</b>
            <small>
              {fiatValue === null ? t('assets:noPrice') : mask(`≈ ${fiat.symbol}${displayAmount(fiatValue)}`)}
            </small>
          </span>
          <RightOutline className="fund-row-chevron" fontSize={12} />
        </div>
        <dl className="fund-row-figures">
          <div>
            <dt>{t('assets:figures.available')}</dt>
            <dd data-testid="asset-available">{mask(displayAmount(account.available))}</dd>
          </div>
          <div>
            <dt>{t('assets:figures.frozen')}</dt>
            <dd data-testid="asset-frozen">{mask(displayAmount(account.frozen))}</dd>
          </div>
          <div>
            <dt>{t('assets:figures.equivalent', { code: 'USDT' })}</dt>
            <dd>{account.usdt_value === null ? '--' : mask(displayAmount(account.usdt_value))}</dd>
          </div>
        </dl>
      </Link>
    </li>
  );
});
