import './quotes-section.css';
import type { Quote } from '@fairex/contract';
import { formatAmount, formatCompact, priceDirection } from '@fairex/domain';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFiatDisplay } from '../../../lib/fiat-display';
import { appRoutes } from '../../../lib/navigation';
import { useAppStore } from '../../../lib/stores/app-store';
import { fiatPriceText } from './home-quotes-logic';
import { useHomeQuotes } from './use-home-quotes';

function detailPath(symbol: string): string {
  return `/pages/market/detail?symbol=${encodeURIComponent(symbol)}`;
}

function changeText(changePercent: string): string {
  const direction = priceDirection(changePercent);
  return `${direction === 'up' ? '+' : ''}${formatAmount(changePercent.replace(/^\+/, ''), { decimals: 2 })}%`;
}

/** Home's quotation list: the most traded spot pairs, live; a row opens its detail, "More" the Markets tab. */
export function QuotesSection() {
  const { t } = useTranslation();
  const { quotes, isPending } = useHomeQuotes();
  const { symbol, rate } = useFiatDisplay();
  const demo = useAppStore((state) => state.demo);
  return (
    <section
      className="home-section home-quotes"
      aria-labelledby="home-quotes-title"
      data-testid="home-quotes"
    >
      <div className="home-quotes-head">
        <h2 className="home-section-title" id="home-quotes-title">
          {t('markets:home.title')}
        </h2>
        {demo && (
          <span className="home-quotes-simulated" data-testid="simulated-prices">
            {t('markets:simulated')}
          </span>
        )}
        <Link className="home-quotes-more" to={appRoutes.markets} data-testid="home-quotes-more">
          {t('markets:home.more')}
          <RightOutline fontSize={12} />
        </Link>
      </div>
      {isPending && <div className="skeleton home-quotes-skeleton" aria-busy="true" />}
      {!isPending && quotes.length === 0 && <p className="home-empty">{t('markets:empty')}</p>}
      <ul className="home-quotes-list">
        {quotes.map((quote) => (
          <HomeQuoteRow key={quote.symbol} quote={quote} fiatSymbol={symbol} rate={rate} />
        ))}
      </ul>
    </section>
  );
}

function HomeQuoteRow({ quote, fiatSymbol, rate }: { quote: Quote; fiatSymbol: string; rate: string }) {
  const { t } = useTranslation();
  const [base = quote.symbol, quoteCode] = quote.symbol.split('/');
  const direction = priceDirection(quote.change_percent);
  const fiatPrice = fiatPriceText(quote.symbol, quote.last, rate);
  const testId = quote.symbol.replace(/\//g, '-');
  return (
    <li>
      <Link
        className="home-quote"
        to={detailPath(quote.symbol)}
        data-testid={`quote-row-${testId}`}
        data-direction={direction}
      >
        <span className="home-quote-name">
          <span>
            <b>{base}</b>
            {quoteCode && <span className="home-quote-dim">/{quoteCode}</span>}
          </span>
          <span className="home-quote-volume">
            {t('markets:volume', { value: formatCompact(quote.volume) })}
          </span>
        </span>
        <span className="home-quote-price" data-testid={`quote-price-${testId}`}>
          {fiatPrice === null
            ? formatAmount(quote.last, { decimals: 2, thousandsSeparator: ',' })
            : `${fiatSymbol}${fiatPrice}`}
        </span>
        <span className={`home-quote-change is-${direction}`}>{changeText(quote.change_percent)}</span>
      </Link>
    </li>
  );
}
