import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { SegmentedTabs } from '../../components/ui/segmented-tabs';
import { SignedInOnly } from '../../components/ui/signed-in-only';
import { userQueryRoot } from '../../lib/session';
import { useAppStore } from '../../lib/stores/app-store';
import { showToast } from '../../lib/toast';
import { detailQuery, nftQueryRoot, resell, termsQuery } from './api/nft-api';
import { Cover, CustodialNotice, LoadState } from './components/nft-parts';
import { bpsText, nftPaths, type ResellBody, type ResellFormValues, readCode, resellBody } from './nft-rules';
import './nft.css';
import { runtimeKey } from '../../lib/translation-key';

/** /pages/nft/resell?id=N12: list one of the caller's items again, fixed price or auction; staff review it. */
export function ResellPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const code = readCode(search);
  return (
    <div className="nft-page">
      <PageHeader back title={t('nft:resell.title')} />
      <div className="nft-body">
        <SignedInOnly>
          {() =>
            code ? (
              <ResellForm code={code} />
            ) : (
              <LoadState isError={false} notFound onRetry={() => undefined} />
            )
          }
        </SignedInOnly>
        <CustodialNotice />
      </div>
    </div>
  );
}

function ResellForm({ code }: { code: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const lang = useAppStore((state) => state.lang);
  const query = useQuery(detailQuery(code, lang));
  const terms = useQuery(termsQuery());
  const item = query.data?.item ?? null;
  const [busy, setBusy] = useState(false);
  const currencyId = item?.listing?.currency_id ?? terms.data?.list[0]?.currency_id;
  const currency = terms.data?.list.find((entry) => entry.currency_id === currencyId) ?? terms.data?.list[0];
  const scale = currency?.scale ?? 8;
  const resolver: Resolver<ResellFormValues, unknown, ResellBody> = async (values) => {
    const result = resellBody(code, values, Date.now(), scale);
    if (result.ok) return { values: result.body, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [field, key] of Object.entries(result.errors))
      errors[field] = { type: 'validate', message: key };
    return { values: {}, errors };
  };
  const form = useForm<ResellFormValues, unknown, ResellBody>({
    resolver,
    mode: 'onTouched',
    defaultValues: { sale_mode: 'normal', price: '', increment: '', margin: '', starts_at: '', ends_at: '' },
  });
  const mode = form.watch('sale_mode');
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit(async (body) => {
    setBusy(true);
    try {
      await resell(body);
      showToast(t('nft:resell.submitted'));
      await queryClient.invalidateQueries({ queryKey: nftQueryRoot });
      await queryClient.invalidateQueries({ queryKey: [userQueryRoot] });
      navigate(`${nftPaths.mine}?tab=resale`, { replace: true });
    } catch {
      // The client has shown the message.
    } finally {
      setBusy(false);
    }
  });
  if (!item)
    return (
      <LoadState isError={query.isError} notFound={query.isSuccess} onRetry={() => void query.refetch()} />
    );
  const field = (name: keyof ResellFormValues, label: string, type = 'text') => (
    <label className="nft-field">
      <span className="fx-field-label">{label}</span>
      <div className={`fx-field-box is-sunken${errors[name] ? ' is-invalid' : ''}`}>
        <input
          className="fx-input"
          type={type}
          inputMode={type === 'text' ? 'decimal' : undefined}
          autoComplete="off"
          data-testid={`nft-resell-${name}`}
          aria-invalid={!!errors[name]}
          {...form.register(name)}
        />
      </div>
      {errors[name]?.message && (
        <span className="fx-field-error" role="alert">
          {t(runtimeKey(errors[name].message as string))}
        </span>
      )}
    </label>
  );
  return (
    <form className="card nft-panel" onSubmit={onSubmit} noValidate data-testid="nft-resell-form">
      <div className="nft-row">
        <Cover src={item.cover} alt={item.title} className="is-thumb" />
        <div className="nft-row-text">
          <strong>{item.title}</strong>
          <span>
            #{item.edition}/{item.editions}
          </span>
        </div>
      </div>
      <SegmentedTabs
        value={mode}
        label={t('nft:resell.mode')}
        options={[
          { value: 'normal', label: t('nft:mode.normal'), testId: 'nft-resell-normal' },
          { value: 'auction', label: t('nft:mode.auction'), testId: 'nft-resell-auction' },
        ]}
        onChange={(value) => form.setValue('sale_mode', value)}
      />
      {field(
        'price',
        `${mode === 'auction' ? t('nft:startPrice') : t('nft:price')} (${currency?.currency ?? ''})`,
      )}
      {mode === 'auction' && (
        <>
          {field('increment', t('nft:increment'))}
          {field('margin', t('nft:margin'))}
          {field('starts_at', t('nft:resell.start'), 'datetime-local')}
          {field('ends_at', t('nft:resell.end'), 'datetime-local')}
        </>
      )}
      <p className="nft-muted">
        {t('nft:resell.note', {
          fee: bpsText(item.terms.fee_bps),
          royalty: bpsText(item.terms.royalty_bps),
        })}
      </p>
      <p className="nft-notice">{t('nft:resell.noWithdraw')}</p>
      <button type="submit" className="fx-button is-block" disabled={busy} data-testid="nft-resell-submit">
        {t('nft:resell.submit')}
      </button>
    </form>
  );
}
