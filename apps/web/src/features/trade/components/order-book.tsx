import type { SpotDepth, SpotMarket } from '@fairex/contract';
import { useTranslation } from 'react-i18next';
import { bookLevelsShown, type DepthRow, depthRows, shown } from '../trade-rules';

type OrderBookProps = {
  market: SpotMarket;
  depth: SpotDepth | null;
  pending: boolean;
  /** The last traded (or reference) price shown between the sides. */
  last: string | null;
  lastDirection: 'up' | 'down' | 'zero';
  onPickPrice: (price: string) => void;
};

function Level({
  row,
  side,
  market,
  onPick,
}: {
  row: DepthRow;
  side: 'ask' | 'bid';
  market: SpotMarket;
  onPick: (price: string) => void;
}) {
  return (
    <li>
      <button
        type="button"
        className={`tr-level is-${side}`}
        onClick={() => onPick(row.price)}
        data-testid={`book-${side}`}
        data-price={row.price}
      >
        <span
          className="tr-level-bar"
          style={{ width: `${Math.round(row.share * 100)}%` }}
          aria-hidden="true"
        />
        <span className="tr-level-price">{shown(row.price, market.price_decimals)}</span>
        <span className="tr-level-amount">{shown(row.amount, market.amount_decimals)}</span>
      </button>
    </li>
  );
}

/** Asks above (best at the bottom), bids below, amounts with depth bars; a tap fills the price. */
export function OrderBook({ market, depth, pending, last, lastDirection, onPickPrice }: OrderBookProps) {
  const { t } = useTranslation();
  const asks = depthRows(depth?.asks ?? [], bookLevelsShown, market.amount_decimals).reverse();
  const bids = depthRows(depth?.bids ?? [], bookLevelsShown, market.amount_decimals);
  return (
    <section className="tr-book" aria-label={t('trade:book.title')} data-testid="order-book">
      <div className="tr-book-head">
        <span>{t('trade:book.price', { code: market.quote })}</span>
        <span>{t('trade:book.amount', { code: market.base })}</span>
      </div>
      {pending ? (
        <div className="skeleton tr-book-skeleton" aria-busy="true" />
      ) : (
        <>
          <ul className="tr-levels is-asks" data-testid="book-asks">
            {Array.from({ length: bookLevelsShown - asks.length }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: empty rows keep the mid price in place
              <li key={`empty-${index}`} className="tr-level-empty" aria-hidden="true" />
            ))}
            {asks.map((row) => (
              <Level key={row.price} row={row} side="ask" market={market} onPick={onPickPrice} />
            ))}
          </ul>
          <div className={`tr-book-mid is-${lastDirection}`} data-testid="book-mid">
            {shown(last, market.price_decimals)}
          </div>
          <ul className="tr-levels is-bids" data-testid="book-bids">
            {bids.map((row) => (
              <Level key={row.price} row={row} side="bid" market={market} onPick={onPickPrice} />
            ))}
            {Array.from({ length: bookLevelsShown - bids.length }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: empty rows keep the height steady
              <li key={`empty-${index}`} className="tr-level-empty" aria-hidden="true" />
            ))}
          </ul>
          {depth !== null && depth.asks.length === 0 && depth.bids.length === 0 && (
            <p className="tr-book-empty">{t('trade:book.empty')}</p>
          )}
        </>
      )}
    </section>
  );
}
