import { type AccountKindName, type BillEntryKind, billEntryKinds } from '@fairex/contract';
import { useQuery } from '@tanstack/react-query';
import { DownOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CoinIcon } from '../../../components/ui/coin-icon';
import { OptionSheet } from '../../../components/ui/option-sheet';
import type { BillFilter } from '../api/wallet-api';
import { userCurrenciesQuery } from '../api/wallet-api';
import { accountKinds, isAccountKind, isEntryKind } from '../assets-rules';

const any = 'all';
type Sheet = 'currency' | 'type' | 'kind' | null;

type BillFiltersProps = {
  filter: BillFilter;
  onChange: (filter: BillFilter) => void;
};

/** Currency, account kind and entry kind filters of the bill, each chosen in a bottom sheet. */
export function BillFilters({ filter, onChange }: BillFiltersProps) {
  const { t } = useTranslation();
  const [sheet, setSheet] = useState<Sheet>(null);
  const currencies = useQuery(userCurrenciesQuery()).data ?? [];
  const currencyName = currencies.find((item) => item.id === filter.currency)?.name;
  const close = () => setSheet(null);
  const set = (next: BillFilter) => {
    onChange(next);
    close();
  };
  const without = <K extends keyof BillFilter>(key: K): BillFilter => {
    const { [key]: _removed, ...rest } = filter;
    return rest;
  };

  const chips: { sheet: Exclude<Sheet, null>; label: string; active: boolean }[] = [
    {
      sheet: 'currency',
      label: currencyName ?? t('assets:filters.allCurrencies'),
      active: filter.currency !== undefined,
    },
    {
      sheet: 'type',
      label: filter.type ? t(`assets:kinds.${filter.type}`) : t('assets:filters.allAccounts'),
      active: filter.type !== undefined,
    },
    {
      sheet: 'kind',
      label: filter.kind ? t(`assets:reasons.${filter.kind}`) : t('assets:filters.allTypes'),
      active: filter.kind !== undefined,
    },
  ];

  return (
    <>
      <div className="fund-filters" role="toolbar" aria-label={t('assets:filters.label')}>
        {chips.map((chip) => (
          <button
            key={chip.sheet}
            type="button"
            className={`fund-filter${chip.active ? ' is-active' : ''}`}
            onClick={() => setSheet(chip.sheet)}
            data-testid={`bill-filter-${chip.sheet}`}
          >
            <span>{chip.label}</span>
            <DownOutline fontSize={10} />
          </button>
        ))}
      </div>
      <OptionSheet
        visible={sheet === 'currency'}
        title={t('assets:filters.currency')}
        selected={filter.currency === undefined ? any : String(filter.currency)}
        options={[
          { value: any, label: t('assets:filters.allCurrencies') },
          ...currencies.map((currency) => ({
            value: String(currency.id),
            label: currency.name,
            detail: currency.full_name,
            leading: <CoinIcon code={currency.name} image={currency.image} size={26} />,
            testId: `bill-filter-currency-${currency.name}`,
          })),
        ]}
        onSelect={(value) =>
          set(value === any ? without('currency') : { ...filter, currency: Number(value) })
        }
        onClose={close}
      />
      <OptionSheet
        visible={sheet === 'type'}
        title={t('assets:filters.account')}
        selected={filter.type ?? any}
        options={[
          { value: any, label: t('assets:filters.allAccounts') },
          ...accountKinds.map((kind) => ({
            value: kind,
            label: t(`assets:kinds.${kind}`),
            testId: `bill-filter-type-${kind}`,
          })),
        ]}
        onSelect={(value) =>
          set(isAccountKind(value) ? { ...filter, type: value as AccountKindName } : without('type'))
        }
        onClose={close}
      />
      <OptionSheet
        visible={sheet === 'kind'}
        title={t('assets:filters.type')}
        selected={filter.kind ?? any}
        options={[
          { value: any, label: t('assets:filters.allTypes') },
          ...billEntryKinds.map((kind) => ({
            value: kind,
            label: t(`assets:reasons.${kind}`),
            testId: `bill-filter-kind-${kind}`,
          })),
        ]}
        onSelect={(value) =>
          set(isEntryKind(value) ? { ...filter, kind: value as BillEntryKind } : without('kind'))
        }
        onClose={close}
      />
    </>
  );
}
