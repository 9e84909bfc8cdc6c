import type { AccountKindName } from '@fairex/contract';
import { useTranslation } from 'react-i18next';
import { SegmentedTabs } from '../../../components/ui/segmented-tabs';
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
    <SegmentedTabs
      className="fund-segments"
      label={t('assets:kinds.label')}
      value={selected}
      onChange={onSelect}
      options={kindTabOrder
        .filter((kind) => accountKinds.includes(kind))
        .map((kind) => ({ value: kind, label: t(`assets:kinds.${kind}`), testId: `assets-tab-${kind}` }))}
    />
  );
}
