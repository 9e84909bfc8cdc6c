import type { Candle, CandlePeriod } from '@fairex/contract';
import { priceDownColor, priceUpColor } from '@fairex/domain';
import {
  CandlestickSeries,
  ColorType,
  createChart,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { type RefObject, useEffect, useRef } from 'react';
import {
  candlesToApply,
  dedupeCandles,
  toChartCandle,
  toChartVolume,
  withLastPrice,
} from '../lib/candle-window';

/** Receives live candles from the socket; the chart applies them once per animation frame. */
export type CandleSink = RefObject<((candle: Candle) => void) | null>;

type PriceChartProps = {
  /** Changes when the symbol or period changes: the chart then refits. */
  seriesKey: string;
  candles: readonly Candle[];
  sink: CandleSink;
  priceDecimals: number;
  period: CandlePeriod;
  /** The header's price: the last candle closes at it, so the chart's last-price line is that figure. */
  lastPrice: { price: string; timeMs: number } | null;
};

const volumeColors = { up: 'rgba(14, 203, 129, 0.45)', down: 'rgba(246, 70, 93, 0.45)' };
const volumePaneHeightPx = 80;
const visibleCandles = 80;

/** Candlesticks with a volume histogram below, dark like the app (lightweight-charts, this route only). */
export function PriceChart({ seriesKey, candles, sink, priceDecimals, period, lastPrice }: PriceChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<{
    api: IChartApi;
    price: ISeriesApi<'Candlestick'>;
    volume: ISeriesApi<'Histogram'>;
  } | null>(null);
  const drawn = useRef<{ key: string; lastTime: number | null; count: number; last: Candle | null }>({
    key: '',
    lastTime: null,
    count: 0,
    last: null,
  });
  const latestPrice = useRef(lastPrice);
  latestPrice.current = lastPrice;
  const periodRef = useRef(period);
  periodRef.current = period;

  /** Draws the header's price as the last candle's close (after history or a live candle). */
  const applyLastPrice = () => {
    const target = chart.current;
    const element = container.current;
    const merged = withLastPrice(drawn.current.last, latestPrice.current, periodRef.current);
    if (target === null || element === null || merged === null) return;
    target.price.update({ ...toChartCandle(merged), time: merged.time as UTCTimestamp });
    if (merged.time !== drawn.current.lastTime) {
      target.volume.update({ ...toChartVolume(merged, volumeColors), time: merged.time as UTCTimestamp });
      drawn.current.count += 1;
      drawn.current.lastTime = merged.time;
    }
    drawn.current.last = merged;
    element.dataset.lastClose = merged.close;
  };
  const applyLastPriceRef = useRef(applyLastPrice);
  applyLastPriceRef.current = applyLastPrice;

  useEffect(() => {
    const element = container.current;
    if (element === null) {
      return;
    }
    const api = createChart(element, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: '#0b0e11' },
        textColor: '#848e9c',
        fontSize: 11,
        panes: { separatorColor: '#2b3139', separatorHoverColor: 'rgba(255, 215, 166, 0.15)' },
      },
      grid: { vertLines: { color: 'rgba(43, 49, 57, 0.5)' }, horzLines: { color: 'rgba(43, 49, 57, 0.5)' } },
      rightPriceScale: { borderColor: '#2b3139' },
      timeScale: { borderColor: '#2b3139', timeVisible: true, secondsVisible: false },
      crosshair: {
        vertLine: { color: '#5e6673', labelBackgroundColor: '#2b3139' },
        horzLine: { color: '#5e6673', labelBackgroundColor: '#2b3139' },
      },
    });
    const price = api.addSeries(CandlestickSeries, {
      upColor: priceUpColor,
      downColor: priceDownColor,
      borderVisible: false,
      wickUpColor: priceUpColor,
      wickDownColor: priceDownColor,
    });
    const volume = api.addSeries(
      HistogramSeries,
      { priceFormat: { type: 'volume' }, priceLineVisible: false, lastValueVisible: false },
      1,
    );
    api.panes()[1]?.setHeight(volumePaneHeightPx);
    chart.current = { api, price, volume };

    let frame: number | null = null;
    let buffer = new Map<number, Candle>();
    const flush = () => {
      frame = null;
      const target = chart.current;
      const pending = candlesToApply(buffer, drawn.current.lastTime);
      buffer = new Map();
      if (target === null) {
        return;
      }
      for (const candle of pending) {
        target.price.update({ ...toChartCandle(candle), time: candle.time as UTCTimestamp });
        target.volume.update({ ...toChartVolume(candle, volumeColors), time: candle.time as UTCTimestamp });
        if (drawn.current.lastTime === null || candle.time > drawn.current.lastTime) {
          drawn.current.count += 1;
          drawn.current.lastTime = candle.time;
        }
        if (candle.time === drawn.current.lastTime) {
          drawn.current.last = candle;
          element.dataset.lastClose = candle.close;
        }
      }
      applyLastPriceRef.current();
      element.dataset.candles = String(drawn.current.count);
    };
    sink.current = (candle) => {
      buffer.set(candle.time, candle);
      frame ??= requestAnimationFrame(flush);
    };
    return () => {
      sink.current = null;
      if (frame !== null) {
        cancelAnimationFrame(frame);
      }
      chart.current = null;
      api.remove();
    };
  }, [sink]);

  useEffect(() => {
    chart.current?.price.applyOptions({
      priceFormat: { type: 'price', precision: priceDecimals, minMove: 10 ** -priceDecimals },
    });
  }, [priceDecimals]);

  useEffect(() => {
    const target = chart.current;
    const element = container.current;
    if (target === null || element === null) {
      return;
    }
    const sorted = dedupeCandles(candles);
    target.price.setData(
      sorted.map((candle) => ({ ...toChartCandle(candle), time: candle.time as UTCTimestamp })),
    );
    target.volume.setData(
      sorted.map((candle) => ({ ...toChartVolume(candle, volumeColors), time: candle.time as UTCTimestamp })),
    );
    const last = sorted.at(-1);
    const refit = drawn.current.key !== seriesKey;
    drawn.current = {
      key: seriesKey,
      lastTime: last?.time ?? null,
      count: sorted.length,
      last: last ?? null,
    };
    element.dataset.lastClose = last?.close ?? '';
    applyLastPriceRef.current();
    element.dataset.candles = String(drawn.current.count);
    if (refit && sorted.length > 0) {
      // A phone shows the latest candles; the rest are a swipe away.
      target.api
        .timeScale()
        .setVisibleLogicalRange({ from: sorted.length - visibleCandles, to: sorted.length + 2 });
    }
  }, [candles, seriesKey]);

  useEffect(() => {
    if (lastPrice !== null) applyLastPriceRef.current();
  }, [lastPrice]);

  return <div ref={container} className="detail-chart" data-testid="detail-chart" data-candles="0" />;
}
