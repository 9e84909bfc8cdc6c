import { walletAddressNameLengthMax } from '@fairex/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DownOutline } from 'antd-mobile-icons';
import { useCallback, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CoinIcon } from '../../components/ui/coin-icon';
import { FormField, TextInput } from '../../components/ui/form-field';
import { OptionSheet } from '../../components/ui/option-sheet';
import { PageHeader } from '../../components/ui/page-header';
import { LoadFailed, SignedInOnly } from '../../components/ui/signed-in-only';
import { pasteText } from '../../lib/clipboard';
import { showToast } from '../../lib/toast';
import { useGoBack } from '../../lib/use-go-back';
import { useImageUpload } from '../../lib/use-image-upload';
import { coinsQuery, payoutQueryRoot, saveWalletAddress } from './api/payout-api';
import { PayPasswordField } from './components/pay-password-field';
import { PayPasswordNotice } from './components/pay-password-notice';
import { QrPicker } from './components/qr-picker';
import { payoutPaths } from './payout-paths';
import {
  type AddressFormValues,
  addressFormSchema,
  addressIssueKey,
  type Coin,
  effectiveChain,
  qrUpload,
} from './payout-rules';
import './payout.css';
import { runtimeKey } from '../../lib/translation-key';

function AddWalletForm({ coins, hasPayPassword }: { coins: readonly Coin[]; hasPayPassword: boolean }) {
  const { t } = useTranslation();
  const goBack = useGoBack(payoutPaths.addresses);
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [picking, setPicking] = useState(false);
  const requested = coins.find((coin) => String(coin.id) === params.get('currency'));
  const initial = requested ?? coins[0];
  const initialChain = params.get('chain') ?? '';

  const resolver = useMemo(
    () => zodResolver(addressFormSchema(coins), { error: (issue) => addressIssueKey(issue) }),
    [coins],
  );
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    trigger,
    formState: { errors, isSubmitted },
  } = useForm<AddressFormValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: {
      currency: initial ? String(initial.id) : '',
      chain: initial?.chains.includes(initialChain) ? initialChain : '',
      name: '',
      address: '',
      qrcode: '',
      pay_password: '',
    },
  });
  const currencyId = watch('currency');
  const chain = watch('chain');
  const name = watch('name');
  const coin = coins.find((candidate) => String(candidate.id) === currencyId);
  const networkChain = effectiveChain(coin, chain);

  const onUploaded = useCallback(
    (path: string) => {
      setValue('qrcode', path, { shouldValidate: isSubmitted && path !== '' });
    },
    [setValue, isSubmitted],
  );
  const { image: qr, choose } = useImageUpload({ ...qrUpload, onPath: onUploaded });

  const save = useMutation({
    mutationFn: saveWalletAddress,
    onSuccess: async (saved) => {
      if (!saved) return;
      showToast(t('payout:add.saved'));
      await queryClient.invalidateQueries({ queryKey: payoutQueryRoot });
      goBack();
    },
  });

  const pickCoin = (id: string) => {
    setPicking(false);
    setValue('currency', id, { shouldValidate: true });
    setValue('chain', '', { shouldValidate: false });
    if (isSubmitted) trigger().catch(() => undefined);
  };
  const pickChain = (next: string) => {
    setValue('chain', next, { shouldValidate: true });
    trigger('address').catch(() => undefined);
  };
  const paste = async () => {
    const text = await pasteText();
    if (text === null) {
      showToast(t('payout:add.pasteFailed'));
      return;
    }
    setValue('address', text, { shouldValidate: true, shouldDirty: true });
  };

  const message = (key: string | undefined) =>
    key ? t(runtimeKey(key), { chain: networkChain ?? '' }) : null;

  return (
    <form
      className="payout-form"
      noValidate
      onSubmit={handleSubmit((values) => save.mutate(values))}
      data-testid="payout-address-form"
    >
      <div className="fx-field">
        <div className="fx-field-head">
          <span className="fx-field-label" id="payout-currency-label">
            {t('payout:add.currency')}
          </span>
        </div>
        <button
          type="button"
          className={`fx-field-box payout-select${errors.currency ? ' is-invalid' : ''}`}
          aria-labelledby="payout-currency-label"
          onClick={() => setPicking(true)}
          data-testid="payout-currency"
        >
          {coin ? (
            <>
              <CoinIcon code={coin.code} image={coin.image} size={26} />
              <span className="payout-select-value">{coin.code}</span>
            </>
          ) : (
            <span className="payout-select-placeholder">{t('payout:add.chooseCurrency')}</span>
          )}
          <DownOutline className="payout-select-caret" fontSize={14} />
        </button>
        {errors.currency && (
          <p className="fx-field-error" role="alert">
            {message(errors.currency.message)}
          </p>
        )}
      </div>

      {coin && coin.chains.length > 0 && (
        <div className="fx-field">
          <div className="fx-field-head">
            <span className="fx-field-label" id="payout-chain-label">
              {t('payout:add.network')}
            </span>
          </div>
          <fieldset className="payout-chips" aria-labelledby="payout-chain-label">
            {coin.chains.map((option) => {
              const selected = networkChain === option;
              return (
                <button
                  key={option}
                  type="button"
                  aria-pressed={selected}
                  className={`fx-chip is-large${selected ? ' is-selected' : ''}`}
                  disabled={coin.chains.length === 1}
                  onClick={() => pickChain(option)}
                  data-testid={`payout-chain-${option}`}
                >
                  {option}
                </button>
              );
            })}
          </fieldset>
          {errors.chain ? (
            <p className="fx-field-error" role="alert">
              {message(errors.chain.message)}
            </p>
          ) : (
            <p className="fx-field-hint">{t('payout:add.networkHint')}</p>
          )}
        </div>
      )}

      <FormField
        label={t('payout:add.label')}
        htmlFor="payout-name"
        error={message(errors.name?.message)}
        aside={
          <span className="payout-field-counter">
            {name.trim().length}/{walletAddressNameLengthMax}
          </span>
        }
      >
        <TextInput
          id="payout-name"
          autoComplete="off"
          maxLength={walletAddressNameLengthMax + 10}
          placeholder={t('payout:add.labelPlaceholder')}
          invalid={Boolean(errors.name)}
          testId="payout-name"
          {...register('name')}
        />
      </FormField>

      <FormField
        label={t('payout:add.address')}
        htmlFor="payout-address"
        error={message(errors.address?.message)}
        suffix={
          <button type="button" className="fx-field-action" onClick={paste} data-testid="payout-paste">
            {t('payout:add.paste')}
          </button>
        }
      >
        <TextInput
          id="payout-address"
          className="is-mono"
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          placeholder={
            networkChain
              ? t('payout:add.addressPlaceholder', { chain: networkChain })
              : t('payout:add.addressPlaceholderAny')
          }
          invalid={Boolean(errors.address)}
          testId="payout-address"
          {...register('address')}
        />
      </FormField>

      <QrPicker
        qr={qr}
        onChoose={choose}
        error={
          errors.qrcode && qr.status === 'uploading'
            ? t('payout:errors.qrcodeUploading')
            : message(errors.qrcode?.message)
        }
      />

      {hasPayPassword ? (
        <PayPasswordField
          id="payout-pay-password"
          error={message(errors.pay_password?.message)}
          input={{ testId: 'payout-pay-password', ...register('pay_password') }}
        />
      ) : (
        <PayPasswordNotice />
      )}

      <button
        type="submit"
        className="fx-button is-block payout-submit"
        disabled={!hasPayPassword || save.isPending}
        data-testid="payout-save-address"
      >
        {t('payout:add.submit')}
      </button>

      <OptionSheet
        visible={picking}
        title={t('payout:add.chooseCurrency')}
        options={coins.map((option) => ({
          value: String(option.id),
          label: option.code,
          detail: option.chains.join(' · '),
          leading: <CoinIcon code={option.code} image={option.image} size={28} />,
          testId: `payout-coin-${option.code}`,
        }))}
        selected={currencyId}
        onSelect={pickCoin}
        onClose={() => setPicking(false)}
        testId="payout-coin-sheet"
      />
    </form>
  );
}

function AddWalletContent({ hasPayPassword }: { hasPayPassword: boolean }) {
  const coins = useQuery(coinsQuery());
  if (coins.isPending) {
    return (
      <div className="payout-list-skeleton" aria-busy="true">
        {[0, 1, 2, 3].map((index) => (
          <div key={index} className="skeleton skeleton-bar payout-skeleton-field" />
        ))}
      </div>
    );
  }
  if (coins.isError || coins.data.length === 0) {
    return <LoadFailed onRetry={() => coins.refetch()} />;
  }
  return <AddWalletForm coins={coins.data} hasPayPassword={hasPayPassword} />;
}

/** /pages/setting/addWallet: save a withdrawal address with its QR code (spec sections 3 and 5). */
export function AddWalletPage() {
  const { t } = useTranslation();
  return (
    <div className="payout-page">
      <PageHeader title={t('payout:add.title')} back />
      <SignedInOnly>{(user) => <AddWalletContent hasPayPassword={user.has_pay_password} />}</SignedInOnly>
    </div>
  );
}
