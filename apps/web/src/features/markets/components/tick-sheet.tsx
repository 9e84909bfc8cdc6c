import { localeTags } from '@fairex/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import { formatPrice } from '../../../lib/market/fiat-price';
import { useAppStore } from '../../../lib/stores/app-store';
import { tickQuery } from '../api/market-queries';

type TickSheetProps = { tickId: string | null; priceDecimals: number; onClose: () => void };

/** The recorded tick behind the last price (GET /market/tick): the evidence fills cite. */
export function TickSheet({ tickId, priceDecimals, onClose }: TickSheetProps) {
  const { t } = useTranslation();
  return (
    <BottomSheet
      visible={tickId !== null}
      title={t('markets:tick.title')}
      onClose={onClose}
      className="tick-sheet"
      testId="tick-sheet"
    >
      {tickId !== null && <TickDetails id={tickId} priceDecimals={priceDecimals} />}
      <p className="tick-note">{t('markets:tick.note')}</p>
    </BottomSheet>
  );
}

function TickDetails({ id, priceDecimals }: { id: string; priceDecimals: number }) {
  const { t } = useTranslation();
  const lang = useAppStore((state) => state.lang);
  const { data, isPending } = useQuery(tickQuery(id));
  if (isPending) {
    return <div className="tick-loading" aria-busy="true" />;
  }
  if (!data) {
    return <p className="markets-empty-body">{t('markets:tick.missing')}</p>;
  }
  const rows: [string, string][] = [
    [t('markets:tick.id'), data.id],
    [t('markets:tick.symbol'), data.symbol],
    [t('markets:tick.price'), formatPrice(data.price, priceDecimals)],
    [t('markets:tick.source'), data.source],
    [
      t('markets:tick.time'),
      new Intl.DateTimeFormat(localeTags[lang], { dateStyle: 'medium', timeStyle: 'medium' }).format(
        data.time,
      ),
    ],
  ];
  return (
    <dl className="tick-details">
      {rows.map(([label, value]) => (
        <div key={label} className="tick-detail">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
