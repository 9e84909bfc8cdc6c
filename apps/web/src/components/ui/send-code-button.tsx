import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../../lib/countdown/use-countdown';
import { showToast } from '../../lib/toast';

type SendCodeButtonProps = {
  /** Countdown key (countdownKey(purpose, address)). */
  countdownKey: string;
  /** Validates and sends; resolves true when a code went out. */
  onSend: () => Promise<boolean>;
  testId?: string;
  /** E.g. when there is nowhere to send a code to. */
  disabled?: boolean;
};

/** "Send code", then a 60 s countdown before it can be pressed again. */
export function SendCodeButton({ countdownKey, onSend, testId, disabled = false }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const { seconds, start } = useCountdown(countdownKey);
  const [sending, setSending] = useState(false);
  const waiting = seconds > 0;
  const send = async () => {
    if (waiting || sending || disabled) return;
    setSending(true);
    try {
      if (await onSend()) {
        start();
        showToast(t('forms:code.sent'));
      }
    } catch {
      // The API client has already said what went wrong.
    } finally {
      setSending(false);
    }
  };
  return (
    <button
      type="button"
      className="fx-field-action"
      onClick={send}
      disabled={waiting || sending || disabled}
      data-testid={testId}
      aria-live="polite"
    >
      {waiting ? t('forms:code.resendIn', { seconds }) : t('forms:code.send')}
    </button>
  );
}
