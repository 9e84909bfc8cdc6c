import { type FiatCode, fiatCodes } from '@fairex/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OptionSheet } from '../../components/ui/option-sheet';
import { currencyName } from '../../lib/format';
import { useAppStore } from '../../lib/stores/app-store';
import { rateFor, useFiatStore } from '../../lib/stores/fiat-store';

/** The supported fiats with today's rate; one without a known rate cannot be chosen yet. */
export function FiatSheet({
  visible,
  onClose,
  note,
}: {
  visible: boolean;
  onClose: () => void;
  note: ReactNode;
}) {
  const { t } = useTranslation();
  const lang = useAppStore((state) => state.lang);
  const fiat = useFiatStore((state) => state.fiat);
  const fiats = useFiatStore((state) => state.fiats);
  const chooseFiat = useFiatStore((state) => state.chooseFiat);
  const options = fiatCodes.map((code) => {
    const rate = rateFor(code, fiats);
    return {
      value: code,
      leading: code,
      label: currencyName(code, lang),
      detail: rate === null ? t('settings:fiat.noRate') : t('settings:fiat.rate', { rate, fiat: code }),
      disabled: rate === null,
      testId: `fiat-${code}`,
    };
  });
  const choose = (code: FiatCode) => {
    chooseFiat(code);
    onClose();
  };
  return (
    <OptionSheet
      visible={visible}
      title={t('settings:fiat.sheetTitle')}
      options={options}
      selected={fiat}
      onSelect={choose}
      onClose={onClose}
      footer={note}
      testId="fiat-sheet"
    />
  );
}
