import type { Instrument, Quote } from '@fairex/contract';
import { formatCompact, priceDirection } from '@fairex/domain';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FiatDisplay } from '../../../lib/fiat-display';
import { fiatDecimals, formatPrice, toFiatPrice } from '../../../lib/market/fiat-price';
import { detailPath, type SpotTradeability, splitSymbol, symbolTestId } from '../lib/market-paths';
import { ChangePill } from './change-pill';

type QuoteRowProps = {
  quote: Quote;
  instrument: Instrument | undefined;
  fiat: FiatDisplay;
  tradeability: SpotTradeability;
};

/** One instrument: symbol and 24 h volume, price in the chosen fiat and natively, change %. */
export const QuoteRow = memo(function QuoteRow({ quote, instrument, fiat, tradeability }: QuoteRowProps) {
  const { t } = useTranslation();
  const { base, quote: quoteCode } = splitSymbol(quote.symbol);
  const nativeQuote = instrument?.quote ?? quoteCode ?? '';
  const decimals = instrument?.price_decimals ?? 2;
  const fiatPrice = toFiatPrice({ price: quote.last, quote: nativeQuote, rate: fiat.rate });
  const testId = symbolTestId(quote.symbol);
  return (
    <li>
      <Link
        className="quote-row"
        to={detailPath(quote.symbol)}
        data-testid={`quote-row-${testId}`}
        data-direction={priceDirection(quote.change_percent)}
      >
        <span className="quote-name">
          <span className="quote-symbol">
            <b>{base}</b>
            {quoteCode && <span className="quote-symbol-quote">/{quoteCode}</span>}
            {quote.kind === 'perpetual' && <span className="quote-kind">{t('markets:kinds.perpetual')}</span>}
            {quote.kind === 'spot' && (tradeability === 'none' || tradeability === 'paused') && (
              <span className="quote-view-only" data-testid={`view-only-${testId}`}>
                {t(tradeability === 'paused' ? 'markets:paused' : 'markets:viewOnly')}
              </span>
            )}
          </span>
          <span className="quote-volume">{t('markets:volume', { value: formatCompact(quote.volume) })}</span>
        </span>
        <span className="quote-price" data-testid={`quote-price-${testId}`}>
          <span className="quote-price-main">
            {fiatPrice === null
              ? formatPrice(quote.last, decimals)
              : `${fiat.symbol}${formatPrice(fiatPrice, fiatDecimals(decimals))}`}
          </span>
          <span className="quote-price-native">
            {formatPrice(quote.last, decimals)} {nativeQuote}
          </span>
        </span>
        <span className="quote-change">
          <ChangePill changePercent={quote.change_percent} />
        </span>
      </Link>
    </li>
  );
});
