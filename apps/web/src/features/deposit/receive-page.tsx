import type { DepositAddress, DepositRecord } from '@fairex/contract';
import { useQuery } from '@tanstack/react-query';
import {
  BillOutline,
  ExclamationCircleFill,
  ExclamationTriangleOutline,
  RightOutline,
} from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { CoinIcon } from '../../components/ui/coin-icon';
import { PageHeader } from '../../components/ui/page-header';
import { PageSkeleton } from '../../components/ui/page-skeleton';
import { SegmentedTabs } from '../../components/ui/segmented-tabs';
import { ApiError } from '../../lib/api-client';
import { useRequireSession } from '../../lib/require-session';
import { depositAddressQuery } from './api/deposit-api';
import { AddressCard } from './components/address-card';
import { DepositForm } from './components/deposit-form';
import { DepositSuccess } from './components/deposit-success';
import { depositPaths, readReceiveQuery, receivePath } from './deposit-rules';
import './deposit.css';
import { LoginFirst } from '../../components/ui/login-first';

/** USDT travels on two networks: pick one (only those with an address are offered). */
function ChainSwitcher({ address }: { address: DepositAddress }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (address.chains.length < 2) {
    return (
      <div className="dep-network">
        <span className="dep-label">{t('deposit:network.label')}</span>
        <span className="dep-network-only">{address.chain}</span>
      </div>
    );
  }
  return (
    <div className="dep-network">
      <span className="dep-label" id="dep-network-label">
        {t('deposit:network.label')}
      </span>
      <SegmentedTabs
        className="dep-segmented"
        label={{ labelledBy: 'dep-network-label' }}
        value={address.chain}
        onChange={(chain) => navigate(receivePath(address.currency_id, chain), { replace: true })}
        options={address.chains.map((chain) => ({
          value: chain,
          label: chain,
          testId: `deposit-chain-${chain}`,
        }))}
      />
    </div>
  );
}

function Unavailable({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <section className="dep-card dep-unavailable" data-testid="deposit-unavailable">
      <ExclamationCircleFill className="dep-unavailable-icon" fontSize={40} />
      <p className="dep-unavailable-text">{message}</p>
      <Link className="fx-button is-secondary" to={depositPaths.select} replace>
        {t('deposit:receive.otherCoin')}
      </Link>
    </section>
  );
}

function ReceiveContent({ currency, chain }: { currency: number; chain: string | null }) {
  const { t } = useTranslation();
  const query = useQuery(depositAddressQuery(currency, chain));
  const [submitted, setSubmitted] = useState<DepositRecord | null>(null);
  const [formKey, setFormKey] = useState(0);
  if (query.isPending) return <PageSkeleton />;
  if (query.isError || query.data === null) {
    const message =
      query.error instanceof ApiError && query.error.message
        ? query.error.message
        : t('deposit:receive.unavailable');
    return <Unavailable message={message} />;
  }
  const address = query.data;
  return (
    <>
      <Link className="dep-coin-current" to={depositPaths.select} replace data-testid="deposit-change-coin">
        <CoinIcon code={address.code} size={34} />
        <span className="dep-coin-code">{address.code}</span>
        <span className="dep-coin-current-change">
          {t('deposit:receive.changeCoin')}
          <RightOutline fontSize={14} />
        </span>
      </Link>
      <ChainSwitcher address={address} />
      {address.demo && (
        <p className="dep-demo" data-testid="deposit-demo-note">
          {t('deposit:receive.demo')}
        </p>
      )}
      <AddressCard address={address} />
      <div className="dep-warning" role="note" data-testid="deposit-warning">
        <ExclamationTriangleOutline className="dep-warning-icon" fontSize={18} />
        <p>{t('deposit:receive.warning', { code: address.code, chain: address.chain })}</p>
      </div>
      {submitted ? (
        <DepositSuccess
          record={submitted}
          onAgain={() => {
            setSubmitted(null);
            setFormKey((key) => key + 1);
          }}
        />
      ) : (
        <DepositForm key={formKey} address={address} onSubmitted={setSubmitted} />
      )}
    </>
  );
}

/** /pages/fund/receive?currency=<id>&chain=<chain>: the address, its QR code, and the voucher form. */
export function ReceivePage() {
  const { t } = useTranslation();
  const allowed = useRequireSession();
  const [params] = useSearchParams();
  const wanted = readReceiveQuery(params);
  if (wanted === null) return <Navigate to={depositPaths.select} replace />;
  return (
    <div className="deposit">
      <PageHeader
        title={t('deposit:receive.header')}
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
      <div className="page-body dep-receive">
        {allowed ? (
          <ReceiveContent key={`${wanted.currency}-${wanted.chain ?? ''}`} {...wanted} />
        ) : (
          <LoginFirst />
        )}
      </div>
    </div>
  );
}
