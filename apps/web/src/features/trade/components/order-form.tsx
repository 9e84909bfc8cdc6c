import type { SpotMarket, SpotOrderKind, SpotSide } from '@fairex/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { balanceQueryKeys } from '../../../lib/market/spot-query-keys';
import { showToast } from '../../../lib/toast';
import { placeOrder, spotBalanceQuery, spotQueryKeys } from '../api/spot-api';
import {
  draftProblem,
  isZeroRate,
  type OrderDraft,
  orderTotal,
  percentText,
  shown,
  sliderAmount,
  sliderShares,
  tradeParams,
  tradeRoutes,
} from '../trade-rules';

type OrderFormProps = {
  market: SpotMarket;
  bestBid: string | null;
  bestAsk: string | null;
  /** A price tapped in the book; `at` makes a second tap on the same level count. */
  picked: { price: string; at: number } | null;
  /** The side selected at first (a coin page's Sell opens the form on Sell). */
  initialSide?: SpotSide;
};

const problemKeys = {
  price: 'trade:form.errors.price',
  priceDecimals: 'trade:form.errors.priceDecimals',
  amount: 'trade:form.errors.amount',
  amountDecimals: 'trade:form.errors.amountDecimals',
} as const;

/** Buy or sell, limit or market, with the amount by share of what is available. */
export function OrderForm({ market, bestBid, bestAsk, picked, initialSide = 'buy' }: OrderFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [side, setSide] = useState<SpotSide>(initialSide);
  const [kind, setKind] = useState<SpotOrderKind>('limit');
  const [price, setPrice] = useState('');
  const [amount, setAmount] = useState('');
  const [share, setShare] = useState<number | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const lastAttempt = useRef<{ signature: string; key: string } | null>(null);
  const quoteBalance = useQuery(spotBalanceQuery(market.legal_id));
  const baseBalance = useQuery(spotBalanceQuery(market.currency_id));

  // A new pair or side starts from the best price on the other side of the book.
  const bestForSide = side === 'buy' ? bestAsk : bestBid;
  const filledFor = useRef<string | null>(null);
  useEffect(() => {
    const slot = `${market.symbol}|${side}`;
    if (filledFor.current === slot || bestForSide === null) return;
    filledFor.current = slot;
    setPrice(bestForSide);
  }, [market.symbol, side, bestForSide]);
  useEffect(() => {
    if (picked) {
      setPrice(picked.price);
      setKind('limit');
    }
  }, [picked]);
  const pairSymbol = market.symbol;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pair clears the amount
  useEffect(() => {
    setAmount('');
    setShare(null);
  }, [pairSymbol]);

  const available = side === 'buy' ? quoteBalance.data?.available : baseBalance.data?.available;
  const availableCode = side === 'buy' ? market.quote : market.base;
  const sizingPrice = kind === 'limit' ? price : bestAsk;
  const takerRate = market.taker_fee_rate;
  const zeroFees = isZeroRate(market.maker_fee_rate) && isZeroRate(market.taker_fee_rate);
  const totalPrice = kind === 'limit' ? price : side === 'buy' ? bestAsk : bestBid;
  const total = totalPrice && amount ? orderTotal(totalPrice, amount) : null;

  const chooseShare = (value: number) => {
    setShare(value);
    const next = sliderAmount({
      side,
      share: value,
      available: available ?? '0',
      price: sizingPrice || null,
      feeRate: takerRate,
      market,
    });
    setAmount(next === null || value === 0 ? '' : next);
  };
  const chooseSide = (next: SpotSide) => {
    setSide(next);
    setAmount('');
    setShare(null);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const draft: OrderDraft = { side, kind, price, amount };
    const problem = draftProblem(draft, market);
    if (problem) {
      showToast(t(problemKeys[problem], { price: market.price_decimals, amount: market.amount_decimals }));
      return;
    }
    const params = tradeParams(draft, market);
    const signature = JSON.stringify(params);
    // A retry of the very same order after a lost reply keeps its key: it is placed once.
    const key = lastAttempt.current?.signature === signature ? lastAttempt.current.key : newIdempotencyKey();
    lastAttempt.current = { signature, key };
    setSubmitting(true);
    try {
      const order = await placeOrder(params, key);
      lastAttempt.current = null;
      if (order) {
        showToast(
          order.status === 'filled'
            ? t('trade:form.filled')
            : order.status === 'open'
              ? t('trade:form.placed')
              : t(`trade:status.${order.status}`),
        );
        setAmount('');
        setShare(null);
      }
    } catch (error) {
      // The client has shown the server's message. Only a lost reply may be retried with the key.
      if (!(error instanceof ApiError && (error.kind === 'timeout' || error.kind === 'network'))) {
        lastAttempt.current = null;
      }
    } finally {
      setSubmitting(false);
      void queryClient.invalidateQueries({ queryKey: spotQueryKeys.orders });
      for (const queryKey of balanceQueryKeys) void queryClient.invalidateQueries({ queryKey });
    }
  };

  const paused = market.status !== 'trading';
  return (
    <form className={`tr-form is-${side}`} onSubmit={submit} noValidate data-testid="order-form">
      <div className="tr-sides" role="tablist">
        {(['buy', 'sell'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={side === name}
            className={`tr-side is-${name}${side === name ? ' is-active' : ''}`}
            onClick={() => chooseSide(name)}
            data-testid={`side-${name}`}
          >
            {t(`trade:form.${name}`)}
          </button>
        ))}
      </div>
      <div className="tr-kinds" role="tablist">
        {(['limit', 'market'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={kind === name}
            className={`tr-kind${kind === name ? ' is-active' : ''}`}
            onClick={() => setKind(name)}
            data-testid={`kind-${name}`}
          >
            {t(`trade:form.${name}`)}
          </button>
        ))}
      </div>
      {kind === 'limit' ? (
        <label className="tr-box">
          <span className="visually-hidden">{t('trade:form.price')}</span>
          <input
            className="tr-input"
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('trade:form.price')}
            value={price}
            onChange={(event) => setPrice(event.target.value)}
            data-testid="order-price"
          />
          <span className="tr-unit">{market.quote}</span>
        </label>
      ) : (
        <div className="tr-box is-static" data-testid="order-market-price">
          <span className="tr-input is-muted">{t('trade:form.marketPrice')}</span>
        </div>
      )}
      <label className="tr-box">
        <span className="visually-hidden">{t('trade:form.amount')}</span>
        <input
          className="tr-input"
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('trade:form.amount')}
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            setShare(null);
          }}
          data-testid="order-amount"
        />
        <span className="tr-unit">{market.base}</span>
      </label>
      <fieldset className="tr-slider" aria-label={t('trade:form.share')}>
        <span className="tr-slider-track" aria-hidden="true">
          <span className="tr-slider-fill" style={{ width: `${share ?? 0}%` }} />
        </span>
        {sliderShares.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={share === value}
            className={`tr-slider-stop${share !== null && value <= share ? ' is-on' : ''}`}
            style={{ left: `${value}%` }}
            onClick={() => chooseShare(value)}
            data-testid={`share-${value}`}
          >
            <span className="tr-slider-dot" aria-hidden="true" />
            <span className="tr-slider-label">{value}%</span>
          </button>
        ))}
      </fieldset>
      <dl className="fx-figures is-compact">
        <div>
          <dt>{t('trade:form.available')}</dt>
          <dd data-testid="order-available">
            {shown(available ?? '0', side === 'buy' ? 2 : market.amount_decimals)} {availableCode}
          </dd>
        </div>
        <div>
          <dt>{kind === 'market' ? t('trade:form.estimatedTotal') : t('trade:form.total')}</dt>
          <dd data-testid="order-total">
            {shown(total, market.price_decimals)} {market.quote}
          </dd>
        </div>
        <div>
          <dt>{t('trade:form.fee')}</dt>
          <dd>
            {zeroFees ? (
              <span className="tr-zero-fee" data-testid="zero-fees">
                {t('trade:form.zeroFees')}
              </span>
            ) : (
              <span data-testid="fee-rate">
                {t('trade:form.feeRates', {
                  maker: percentText(market.maker_fee_rate),
                  taker: percentText(market.taker_fee_rate),
                })}
              </span>
            )}
          </dd>
        </div>
      </dl>
      <button
        type="submit"
        className={`tr-submit is-${side}`}
        disabled={submitting || paused}
        data-testid="order-submit"
      >
        {paused
          ? t('trade:form.paused')
          : t(side === 'buy' ? 'trade:form.submitBuy' : 'trade:form.submitSell', { code: market.base })}
      </button>
      <Link className="tr-form-link" to={tradeRoutes.transfer}>
        {t('trade:form.transferLink')}
      </Link>
    </form>
  );
}

/** What a visitor sees in place of the form. */
export function LoginCard() {
  const { t } = useTranslation();
  return (
    <div className="tr-form tr-login" data-testid="trade-login">
      <p className="tr-login-title">{t('trade:login.title')}</p>
      <p className="tr-login-body">{t('trade:login.body')}</p>
      <Link className="fx-button is-block" to={tradeRoutes.login} data-testid="trade-login-button">
        {t('trade:login.action')}
      </Link>
    </div>
  );
}
