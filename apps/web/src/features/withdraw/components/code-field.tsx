import { useEffect, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast';

/** Spec: a 60 s countdown on "Send code". */
const resendSeconds = 60;
const tickMs = 250;

/** When each address's countdown ends, kept while the tab lives (leaving the page keeps it). */
const countdownEnds = new Map<string, number>();

function secondsLeft(key: string, now: number): number {
  const end = countdownEnds.get(key);
  return end === undefined ? 0 : Math.max(0, Math.ceil((end - now) / 1000));
}

type CodeFieldProps = {
  field: UseFormRegisterReturn;
  /** A translated message, or undefined. */
  error: string | undefined;
  /** Where the code goes, e.g. a masked e-mail; null when the user has nowhere to receive one. */
  target: string | null;
  countdownKey: string;
  onSend: () => Promise<boolean>;
};

/** The six-digit code with its "Send code" button and countdown. */
export function CodeField({ field, error, target, countdownKey, onSend }: CodeFieldProps) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  const [sending, setSending] = useState(false);
  const seconds = secondsLeft(countdownKey, now);
  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [seconds]);
  const send = async () => {
    if (seconds > 0 || sending || target === null) return;
    setSending(true);
    try {
      if (await onSend()) {
        countdownEnds.set(countdownKey, Date.now() + resendSeconds * 1000);
        setNow(Date.now());
        showToast(t('withdraw:code.sent'));
      }
    } catch {
      // The API client has already said what went wrong.
    } finally {
      setSending(false);
    }
  };
  return (
    <div className="wd-field">
      <label className="wd-label" htmlFor="withdraw-code">
        {t('withdraw:code.label')}
      </label>
      <div className={`wd-box${error ? ' is-invalid' : ''}`}>
        <input
          id="withdraw-code"
          data-testid="withdraw-code"
          className="wd-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder={t('withdraw:code.placeholder')}
          aria-invalid={error ? true : undefined}
          {...field}
        />
        <button
          type="button"
          className="wd-send"
          onClick={send}
          disabled={seconds > 0 || sending || target === null}
          data-testid="withdraw-send-code"
          aria-live="polite"
        >
          {seconds > 0 ? t('withdraw:code.resend', { seconds }) : t('withdraw:code.send')}
        </button>
      </div>
      {error ? (
        <p className="wd-error" role="alert">
          {error}
        </p>
      ) : (
        <p className="wd-hint">
          {target === null ? t('withdraw:code.noContact') : t('withdraw:code.target', { target })}
        </p>
      )}
    </div>
  );
}
