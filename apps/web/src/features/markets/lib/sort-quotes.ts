import type { Quote } from '@fairex/contract';
import { compareDecimal } from '@fairex/domain';

export type SortKey = 'name' | 'price' | 'change';
export type SortOrder = 'asc' | 'desc';
export type QuoteSort = { key: SortKey; order: SortOrder } | null;

function compareText(left: string, right: string): number {
  const compared = compareDecimal(left, right);
  return compared.ok ? compared.value : 0;
}

/** A sorted copy; null sort keeps the server's order. Prices compare as exact decimals. */
export function sortQuotes(quotes: readonly Quote[], sort: QuoteSort): Quote[] {
  if (sort === null) {
    return [...quotes];
  }
  const sign = sort.order === 'asc' ? 1 : -1;
  const compare = (left: Quote, right: Quote): number => {
    switch (sort.key) {
      case 'name':
        return left.symbol.localeCompare(right.symbol);
      case 'price':
        return compareText(left.last, right.last);
      case 'change':
        return compareText(left.change_percent, right.change_percent);
    }
  };
  return [...quotes].sort((left, right) => sign * compare(left, right));
}

/** Tapping a column: none -> descending -> ascending -> none. */
export function nextSort(current: QuoteSort, key: SortKey): QuoteSort {
  if (current === null || current.key !== key) {
    return { key, order: 'desc' };
  }
  return current.order === 'desc' ? { key, order: 'asc' } : null;
}
