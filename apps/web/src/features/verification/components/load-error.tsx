import { useTranslation } from 'react-i18next';

export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="real-load-error" data-testid="real-load-error">
      <p>{t('verification:loadFailed')}</p>
      <button type="button" className="fx-button is-secondary" onClick={onRetry}>
        {t('verification:retry')}
      </button>
    </section>
  );
}
