import { nftBasisPoints, toScaledBigint } from '@fairex/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { FormField, TextInput } from '../../components/ui/form-field';
import { PageHeader } from '../../components/ui/page-header';
import { ApiError } from '../../lib/api-client';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { appRoutes } from '../../lib/navigation';
import { userQueryRoot } from '../../lib/session';
import { useAppStore } from '../../lib/stores/app-store';
import { showToast } from '../../lib/toast';
import { balanceQuery, buy, detailQuery, nftQueryRoot, termsQuery } from './api/nft-api';
import { Cover, CustodialNotice, LoadState } from './components/nft-parts';
import { bpsText, detailPath, readCode } from './nft-rules';
import './nft.css';
import { trimDecimalText } from '@fairex/domain';

/**
 * /pages/nft/purchase?id=N12 (an item) and /pages/nft/purchase_one?id=B3 (one blind box): the
 * price, the published fee, the balance it is paid from, and the purchase.
 */
export function PurchasePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const code = readCode(search);
  const lang = useAppStore((state) => state.lang);
  const token = useAppStore((state) => state.token);
  const query = useQuery({ ...detailQuery(code ?? 'N1', lang), enabled: code !== null });
  const terms = useQuery(termsQuery());
  const detail = query.data ?? null;
  const sale = detail?.item?.listing
    ? {
        title: detail.item.title,
        cover: detail.item.cover,
        price: detail.item.listing.price,
        currency: detail.item.listing.currency,
        currencyId: detail.item.listing.currency_id,
      }
    : detail?.box
      ? {
          title: detail.box.title,
          cover: detail.box.cover,
          price: detail.box.price,
          currency: detail.box.currency,
          currencyId: detail.box.currency_id,
        }
      : null;
  const balance = useQuery({
    ...balanceQuery(sale?.currencyId ?? 0),
    enabled: token !== null && sale !== null,
  });
  const [clientSeed, setClientSeed] = useState('');
  const [busy, setBusy] = useState(false);
  const attempt = useRef<string | null>(null);
  const scale = terms.data?.list.find((entry) => entry.currency_id === sale?.currencyId)?.scale ?? 8;
  const priceUnits = sale ? toScaledBigint(sale.price, scale) : null;
  const availableUnits = balance.data ? toScaledBigint(balance.data.available, scale) : null;
  const short = priceUnits?.ok && availableUnits?.ok ? availableUnits.value < priceUnits.value : false;
  const feeBps = terms.data?.terms.fee_bps ?? 0;
  const feeUnits = priceUnits?.ok ? (priceUnits.value * BigInt(feeBps)) / nftBasisPoints : null;
  const isBox = code?.startsWith('B') ?? false;
  const seedOk = clientSeed === '' || /^[\x21-\x7e]{1,64}$/.test(clientSeed);

  const submit = async () => {
    if (!sale || !code) return;
    if (token === null) return navigate(appRoutes.login);
    attempt.current ??= newIdempotencyKey();
    setBusy(true);
    try {
      const reply = await buy(
        { code, price: sale.price, ...(isBox && clientSeed ? { client_seed: clientSeed } : {}) },
        attempt.current,
      );
      attempt.current = null;
      showToast(t('nft:purchase.done'));
      await queryClient.invalidateQueries({ queryKey: nftQueryRoot });
      await queryClient.invalidateQueries({ queryKey: [userQueryRoot] });
      navigate(isBox ? detailPath(code) : detailPath(reply.code), { replace: true });
    } catch (error) {
      if (!(error instanceof ApiError && (error.kind === 'timeout' || error.kind === 'network'))) {
        attempt.current = null;
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="nft-page">
      <PageHeader back title={t('nft:purchase.title')} />
      <div className="nft-body">
        {!sale ? (
          <LoadState
            isError={query.isError}
            notFound={code === null || (query.isSuccess && sale === null)}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <section className="card nft-panel" data-testid="nft-purchase">
            <div className="nft-row">
              <Cover src={sale.cover} alt={sale.title} className="is-thumb" />
              <div className="nft-row-text">
                <strong>{sale.title}</strong>
                <span>{isBox ? t('nft:mode.blind_box') : t('nft:mode.normal')}</span>
              </div>
            </div>
            <dl className="fx-figures">
              <div>
                <dt>{t('nft:price')}</dt>
                <dd className="is-strong" data-testid="nft-purchase-price">
                  {trimDecimalText(sale.price)} {sale.currency}
                </dd>
              </div>
              <div>
                <dt>{t('nft:purchase.fee', { rate: bpsText(feeBps) })}</dt>
                <dd>{t('nft:purchase.feeBySeller')}</dd>
              </div>
              <div>
                <dt>{t('nft:purchase.total')}</dt>
                <dd className="is-strong">
                  {trimDecimalText(sale.price)} {sale.currency}
                </dd>
              </div>
              {token !== null && (
                <div>
                  <dt>{t('nft:purchase.balance')}</dt>
                  <dd data-testid="nft-balance">
                    {balance.data?.available ?? '—'} {sale.currency}
                  </dd>
                </div>
              )}
            </dl>
            {feeUnits !== null && feeUnits > 0n && <p className="nft-muted">{t('nft:purchase.feeNote')}</p>}
            {isBox && (
              <FormField
                label={t('nft:purchase.clientSeed')}
                htmlFor="nft-client-seed"
                sunken
                hint={t('nft:purchase.clientSeedHint')}
                error={seedOk ? null : t('nft:purchase.clientSeedBad')}
              >
                <TextInput
                  id="nft-client-seed"
                  testId="nft-client-seed"
                  maxLength={64}
                  autoComplete="off"
                  value={clientSeed}
                  invalid={!seedOk}
                  onChange={(event) => setClientSeed(event.target.value)}
                />
              </FormField>
            )}
            {short && (
              <p className="nft-notice is-bad" data-testid="nft-short">
                {t('nft:purchase.short')}
              </p>
            )}
            <button
              type="button"
              className="fx-button is-block"
              disabled={busy || short || !seedOk}
              onClick={submit}
              data-testid="nft-purchase-confirm"
            >
              {token === null ? t('nft:login') : t('nft:purchase.confirm')}
            </button>
          </section>
        )}
        <CustodialNotice />
      </div>
    </div>
  );
}
