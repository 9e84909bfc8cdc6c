import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast';
import { useCountdown } from '../hooks/use-countdown';

type SendCodeButtonProps = {
  /** Countdown key (countdownKey(purpose, address)). */
  countdownKey: string;
  /** Validates and sends; resolves true when a code went out. */
  onSend: () => Promise<boolean>;
  testId?: string;
};

/** "Send code", then a 60 s countdown before it can be pressed again. */
export function SendCodeButton({ countdownKey, onSend, testId }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const { seconds, start } = useCountdown(countdownKey);
  const [sending, setSending] = useState(false);
  const waiting = seconds > 0;
  const send = async () => {
    if (waiting || sending) return;
    setSending(true);
    try {
      if (await onSend()) {
        start();
        showToast(t('account:code.sent'));
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
      className="fx-send-code"
      onClick={send}
      disabled={waiting || sending}
      data-testid={testId}
      aria-live="polite"
    >
      {waiting ? t('account:code.resendIn', { seconds }) : t('account:code.send')}
    </button>
  );
}
