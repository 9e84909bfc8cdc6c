import type { AccountKindName } from '@fairex/contract';
import { useTranslation } from 'react-i18next';
import { accountKinds } from '../assets-rules';

type KindTabsProps = {
  selected: AccountKindName;
  onSelect: (kind: AccountKindName) => void;
};

/** Segmented tabs, one per account kind, in the order spot, futures, options, fiat. */
export const kindTabOrder: readonly AccountKindName[] = ['change', 'lever', 'micro', 'legal'];

export function KindTabs({ selected, onSelect }: KindTabsProps) {
  const { t } = useTranslation();
  return (
    <div className="fund-segments" role="tablist" aria-label={t('assets:kinds.label')}>
      {kindTabOrder
        .filter((kind) => accountKinds.includes(kind))
        .map((kind) => (
          <button
            key={kind}
            type="button"
            role="tab"
            aria-selected={selected === kind}
            className={`fund-segment${selected === kind ? ' is-active' : ''}`}
            data-testid={`assets-tab-${kind}`}
            onClick={() => onSelect(kind)}
          >
            {t(`assets:kinds.${kind}`)}
          </button>
        ))}
    </div>
  );
}
