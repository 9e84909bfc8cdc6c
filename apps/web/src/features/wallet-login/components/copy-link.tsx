import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast';

async function copyText(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No async clipboard (plain http, old in-app browsers): select the field and copy.
    if (!field) return false;
    field.select();
    return document.execCommand('copy');
  }
}

/** The current page's link in a read-only field with a Copy button, to paste into a wallet app. */
export function CopyLink({ url }: { url: string }) {
  const { t } = useTranslation();
  const field = useRef<HTMLInputElement>(null);
  const copy = async () => {
    const copied = await copyText(url, field.current);
    showToast(copied ? t('wallet:connect.linkCopied') : t('wallet:connect.copyManually'));
  };
  return (
    <div className="wallet-copy">
      <label className="wallet-copy-label" htmlFor="wallet-page-link">
        {t('wallet:connect.linkLabel')}
      </label>
      <div className="wallet-copy-row">
        <input
          id="wallet-page-link"
          ref={field}
          className="wallet-copy-field"
          value={url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          data-testid="wallet-page-link"
        />
        <button
          type="button"
          className="fx-button wallet-copy-button"
          onClick={copy}
          data-testid="wallet-copy-link"
        >
          {t('wallet:connect.copyLink')}
        </button>
      </div>
    </div>
  );
}
