import { type Locale, localeCodes, localeNames } from '@fairex/contract';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';

type Props = {
  value: Locale | undefined;
  onChange: (locale: Locale | undefined) => void;
  /** Offer "all locales" (a list filter) rather than requiring one. */
  allowAll?: boolean;
};

/** One of the ten content locales, by its own name. */
export function LocaleSelect({ value, onChange, allowAll }: Props) {
  const { t } = useTranslation();
  return (
    <Select<Locale>
      value={value}
      allowClear={allowAll}
      placeholder={t('content.allLocales')}
      style={{ width: 150 }}
      onChange={(locale) => onChange(locale ?? undefined)}
      options={localeCodes.map((code) => ({ value: code, label: `${localeNames[code]} (${code})` }))}
      aria-label={t('content.locale')}
    />
  );
}
