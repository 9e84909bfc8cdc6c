import type { WithdrawCurrency } from '@fairex/contract';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CoinIcon } from '../../../components/ui/coin-icon';
import { OptionSheet } from '../../../components/ui/option-sheet';
import { displayAmount } from '../withdraw-rules';

type CurrencyPickerProps = {
  currencies: readonly WithdrawCurrency[];
  selected: WithdrawCurrency;
  onSelect: (id: number) => void;
};

/** The coin being withdrawn, and a sheet of the others with what is available of each. */
export function CurrencyPicker({ currencies, selected, onSelect }: CurrencyPickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="wd-coin-button"
        onClick={() => setOpen(true)}
        data-testid="withdraw-coin"
        aria-haspopup="listbox"
      >
        <CoinIcon code={selected.code} image={selected.image} size={36} />
        <span className="wd-coin-text">
          <span className="wd-coin-code">{selected.code}</span>
          <span className="wd-coin-name">{selected.name}</span>
        </span>
        <span className="wd-coin-balance">
          {t('withdraw:amount.available', { amount: displayAmount(selected.available), code: selected.code })}
        </span>
        <RightOutline className="wd-chevron" fontSize={14} />
      </button>
      <OptionSheet
        visible={open}
        title={t('withdraw:chooseCoin')}
        selected={String(selected.id)}
        options={currencies.map((currency) => ({
          value: String(currency.id),
          label: currency.code,
          detail: `${currency.name} · ${displayAmount(currency.available)}`,
          leading: <CoinIcon code={currency.code} image={currency.image} size={28} />,
          testId: `withdraw-coin-${currency.code}`,
        }))}
        onSelect={(value) => {
          onSelect(Number(value));
          setOpen(false);
        }}
        onClose={() => setOpen(false)}
        testId="withdraw-coin-sheet"
      />
    </>
  );
}
