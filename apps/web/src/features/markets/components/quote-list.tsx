import type { Instrument, Quote } from '@fairex/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFiatDisplay } from '../../../lib/fiat-display';
import { spotPairsQuery } from '../../../lib/market/spot-pairs-query';
import type { TranslationKey } from '../../../lib/translation-key';
import { spotTradeability } from '../lib/market-paths';
import { nextSort, type QuoteSort, type SortKey, sortQuotes } from '../lib/sort-quotes';
import { QuoteRow } from './quote-row';

type QuoteListProps = {
  quotes: readonly Quote[];
  bySymbol: ReadonlyMap<string, Instrument>;
  testId?: string;
};

const columns: readonly { key: SortKey; labelKey: TranslationKey; className: string }[] = [
  { key: 'name', labelKey: 'markets:columns.name', className: 'is-name' },
  { key: 'price', labelKey: 'markets:columns.price', className: 'is-end' },
  { key: 'change', labelKey: 'markets:columns.change', className: 'is-end' },
];

/** Column headers (tap to sort by name, price or change) and the rows. */
export function QuoteList({ quotes, bySymbol, testId }: QuoteListProps) {
  const { t } = useTranslation();
  const fiat = useFiatDisplay();
  const [sort, setSort] = useState<QuoteSort>(null);
  const sorted = sortQuotes(quotes, sort);
  // What cannot be traded on spot is marked; nothing is marked until the pairs are known.
  const pairs = useQuery(spotPairsQuery).data;
  return (
    <div className="quote-list" data-testid={testId}>
      <div className="quote-list-head">
        {columns.map((column) => {
          const active = sort?.key === column.key ? sort.order : null;
          return (
            <button
              key={column.key}
              type="button"
              className={`quote-sort ${column.className}${active ? ' is-active' : ''}`}
              onClick={() => setSort((current) => nextSort(current, column.key))}
              aria-pressed={active !== null}
              data-testid={`sort-${column.key}`}
            >
              {t(column.labelKey)}
              <span className={`sort-caret${active ? ` is-${active}` : ''}`} aria-hidden="true" />
            </button>
          );
        })}
      </div>
      <ul className="quote-rows">
        {sorted.map((quote) => (
          <QuoteRow
            key={quote.symbol}
            quote={quote}
            instrument={bySymbol.get(quote.symbol)}
            fiat={fiat}
            tradeability={spotTradeability(quote.symbol, pairs)}
          />
        ))}
      </ul>
    </div>
  );
}

/** Placeholder rows while the first snapshot loads. */
export function QuoteListSkeleton() {
  return (
    <ul className="quote-rows" aria-busy="true">
      {[0, 1, 2, 3, 4, 5, 6, 7].map((index) => (
        <li key={index} className="skeleton quote-row-skeleton" />
      ))}
    </ul>
  );
}
