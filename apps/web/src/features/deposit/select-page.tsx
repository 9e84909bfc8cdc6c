import { useQuery } from '@tanstack/react-query';
import { BillOutline, RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CoinIcon } from '../../components/ui/coin-icon';
import { PageHeader } from '../../components/ui/page-header';
import { useRequireSession } from '../../lib/require-session';
import { coinListQuery } from './api/deposit-api';
import { depositCoins, depositPaths, receivePath } from './deposit-rules';
import './deposit.css';
import { LoginFirst } from '../../components/ui/login-first';

const skeletonRows = 4;

function CoinList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useQuery(coinListQuery());
  if (query.isPending) {
    return (
      <ul className="dep-coin-list" aria-busy="true">
        {Array.from({ length: skeletonRows }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <li key={index} className="skeleton dep-coin-skeleton" />
        ))}
      </ul>
    );
  }
  // Unavailable or failed: spec section 3's default entries still lead somewhere useful.
  const coins = depositCoins(query.data ?? null);
  return (
    <ul className="dep-coin-list" data-testid="deposit-coins">
      {coins.map((coin) => (
        <li key={`${coin.id}-${coin.chain}`}>
          <button
            type="button"
            className="dep-coin-row"
            onClick={() => navigate(receivePath(coin.id, coin.chain))}
            data-testid={`deposit-coin-${coin.code}-${coin.chain}`}
          >
            <CoinIcon code={coin.code} image={coin.image} size={38} />
            <span className="dep-coin-text">
              <span className="dep-coin-code">
                {coin.code}
                {coin.subName && <span className="dep-chain-tag">{coin.subName}</span>}
              </span>
              <span className="dep-coin-name">{coin.name}</span>
            </span>
            <span className="visually-hidden">{t('deposit:select.choose')}</span>
            <RightOutline className="dep-coin-chevron" fontSize={16} />
          </button>
        </li>
      ))}
    </ul>
  );
}

/** /pages/fund/select: the coin (and, for USDT, the network) to deposit. */
export function DepositSelectPage() {
  const { t } = useTranslation();
  const allowed = useRequireSession();
  return (
    <div className="deposit">
      <PageHeader
        title={t('deposit:select.header')}
        back
        right={
          <Link
            className="icon-button"
            to={depositPaths.records}
            aria-label={t('deposit:records')}
            data-testid="deposit-records-link"
          >
            <BillOutline fontSize={22} />
          </Link>
        }
      />
      <div className="page-body">
        {allowed ? (
          <>
            <h2 className="dep-title">{t('deposit:select.title')}</h2>
            <p className="dep-intro">{t('deposit:select.intro')}</p>
            <CoinList />
            <p className="dep-footnote">{t('deposit:select.note')}</p>
          </>
        ) : (
          <LoginFirst />
        )}
      </div>
    </div>
  );
}
