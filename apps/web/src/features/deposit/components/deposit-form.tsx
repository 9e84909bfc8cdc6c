import type { DepositAddress, DepositRecord } from '@fairex/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'antd-mobile';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { userQueryRoot } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { useImageUpload } from '../../../lib/use-image-upload';
import { submitDeposit } from '../api/deposit-api';
import {
  type AmountErrorKey,
  amountErrorKey,
  attemptKey,
  cleanAmountInput,
  type DepositAttempt,
  voucherUpload,
} from '../deposit-rules';
import { VoucherPicker } from './voucher-picker';

type DepositFormProps = {
  address: DepositAddress;
  onSubmitted: (record: DepositRecord) => void;
};

/** After paying: the amount sent and the payment voucher, submitted for review. */
export function DepositForm({ address, onSubmitted }: DepositFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const amountId = useId();
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [tried, setTried] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const { image: voucher, choose } = useImageUpload(voucherUpload);
  const previous = useRef<{ attempt: DepositAttempt; key: string; answered: boolean } | null>(null);

  const amountError: AmountErrorKey | null = amountErrorKey(amount, address.scale);
  const showAmountError = (touched || tried) && amountError !== null;
  const voucherMissing = tried && voucher.status !== 'done';

  const submit = async () => {
    setTried(true);
    if (amountError !== null) return;
    if (voucher.status === 'uploading') {
      showToast(t('deposit:voucher.wait'));
      return;
    }
    if (voucher.status !== 'done') {
      showToast(t('deposit:errors.voucherRequired'));
      return;
    }
    const attempt: DepositAttempt = {
      currency: address.currency_id,
      chain: address.chain,
      amount: amount.trim(),
      voucher: voucher.path,
    };
    const confirmed = await Dialog.confirm({
      title: t('deposit:confirm.title'),
      content: (
        <div className="dep-confirm">
          <p className="dep-confirm-amount">
            {attempt.amount} <span>{address.code}</span>
          </p>
          <p>{t('deposit:confirm.body', { chain: address.chain })}</p>
        </div>
      ),
      confirmText: <span data-testid="deposit-confirm">{t('deposit:confirm.submit')}</span>,
      cancelText: <span data-testid="deposit-cancel">{t('deposit:confirm.cancel')}</span>,
    });
    if (!confirmed) return;
    const key = attemptKey({ attempt, previous: previous.current, newKey: newIdempotencyKey });
    previous.current = { attempt, key, answered: false };
    setSubmitting(true);
    try {
      const record = await submitDeposit(attempt, key);
      previous.current = null;
      await queryClient.invalidateQueries({ queryKey: [userQueryRoot] });
      onSubmitted(record);
    } catch (error) {
      // The message has been shown. An answered refusal gets a new key next time; a lost answer
      // keeps this one, so retrying the same deposit cannot file it twice.
      const unanswered = error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout');
      if (previous.current) previous.current = { ...previous.current, answered: !unanswered };
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form
      className="dep-card dep-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!submitting) void submit();
      }}
      aria-labelledby={`${amountId}-title`}
    >
      <h2 className="dep-form-title" id={`${amountId}-title`}>
        {t('deposit:form.title')}
      </h2>
      <p className="dep-form-intro">{t('deposit:form.intro')}</p>
      <div className="fx-field">
        <label className="fx-field-label" htmlFor={amountId}>
          {t('deposit:form.amount')}
        </label>
        <div className={`fx-field-box is-sunken${showAmountError ? ' is-invalid' : ''}`}>
          <input
            id={amountId}
            className="fx-input is-figure"
            inputMode="decimal"
            autoComplete="off"
            enterKeyHint="done"
            placeholder={t('deposit:form.amountPlaceholder')}
            value={amount}
            onChange={(event) => setAmount(cleanAmountInput(event.currentTarget.value))}
            onBlur={() => setTouched(amount !== '')}
            aria-invalid={showAmountError || undefined}
            aria-describedby={`${amountId}-note`}
            data-testid="deposit-amount"
          />
          <span className="fx-field-unit">{address.code}</span>
        </div>
        {showAmountError ? (
          <p
            className="fx-field-error"
            id={`${amountId}-note`}
            role="alert"
            data-testid="deposit-amount-error"
          >
            {t(amountError, { scale: address.scale })}
          </p>
        ) : (
          <p className="fx-field-hint" id={`${amountId}-note`}>
            {t('deposit:form.amountHint', { scale: address.scale })}
          </p>
        )}
      </div>
      <VoucherPicker
        voucher={voucher}
        onChoose={(file) => void choose(file)}
        disabled={submitting}
        missing={voucherMissing}
      />
      <button
        type="submit"
        className="fx-button is-block dep-submit"
        disabled={submitting || voucher.status === 'uploading'}
        data-testid="deposit-submit"
      >
        {submitting ? t('deposit:form.submitting') : t('deposit:form.submit')}
      </button>
      <p className="dep-footnote">{t('deposit:form.review')}</p>
    </form>
  );
}
