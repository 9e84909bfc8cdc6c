import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ConsoleLocale, consoleLocales, setConsoleLocale } from '../lib/i18n';

/** The language switcher; the API answers in the chosen language too (`lang` on every call). */
export function LanguageSelect({ testId }: { testId?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Select
      size="small"
      value={i18n.language as ConsoleLocale}
      style={{ width: 124 }}
      aria-label={t('language')}
      data-testid={testId}
      onChange={(locale: ConsoleLocale) => setConsoleLocale(locale)}
      options={Object.entries(consoleLocales).map(([code, locale]) => ({ value: code, label: locale.label }))}
    />
  );
}
