import { type Locale, localeCodes, localeNames } from '@fairex/contract';
import { useTranslation } from 'react-i18next';
import { OptionSheet } from '../../components/ui/option-sheet';
import { changeLocale } from '../../lib/i18n';
import { showToast } from '../../lib/toast';

const options = localeCodes.map((code) => ({
  value: code,
  label: localeNames[code],
  testId: `lang-${code}`,
}));

/** The ten locales by their own names; choosing one relabels the app at once, no reload. */
export function LanguageSheet({
  visible,
  current,
  onClose,
}: {
  visible: boolean;
  current: Locale;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const choose = (locale: Locale) => {
    onClose();
    changeLocale(locale).catch(() => showToast(t('common:api.network')));
  };
  return (
    <OptionSheet
      visible={visible}
      title={t('settings:language.sheetTitle')}
      options={options}
      selected={current}
      onSelect={choose}
      onClose={onClose}
      testId="language-sheet"
    />
  );
}
