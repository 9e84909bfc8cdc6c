import type { Candle, CandlePeriod, Quote } from '@fairex/contract';
import { useEffect, useRef, useState } from 'react';
import { getSocket } from '../socket';
import { useAppStore } from '../stores/app-store';
import { applyQuoteBuffer, bufferQuotes, type QuoteMap } from './quote-buffer';

/** The server accepts at most this many symbols per subscription (contract: marketSubscribeSchema). */
export const subscribeSymbolsMax = 50;

export type CandleStream = { symbol: string; period: CandlePeriod } | null;

type StreamHandlers = {
  onQuotes: (quotes: Quote[]) => void;
  onCandle?: (candle: Candle) => void;
};

/**
 * Subscribes the shared socket to `symbols` (and one candle stream) while mounted. The server
 * replaces subscriptions on each emit, so it is re-sent whenever the socket (re)connects.
 */
export function useMarketStream(symbols: readonly string[], candles: CandleStream, handlers: StreamHandlers) {
  const status = useAppStore((state) => state.socket);
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const symbolsKey = symbols.slice(0, subscribeSymbolsMax).join('|');
  const candleSymbol = candles?.symbol ?? null;
  const candlePeriod = candles?.period ?? null;

  useEffect(() => {
    const socket = getSocket();
    if (status !== 'connected' || socket === null) {
      return;
    }
    const list = symbolsKey === '' ? [] : symbolsKey.split('|');
    const candleStream =
      candleSymbol !== null && candlePeriod !== null ? { symbol: candleSymbol, period: candlePeriod } : null;
    const onQuotes = (quotes: Quote[]) => handlersRef.current.onQuotes(quotes);
    const onCandle = (update: { symbol: string; period: CandlePeriod; candle: Candle }) => {
      if (update.symbol === candleSymbol && update.period === candlePeriod) {
        handlersRef.current.onCandle?.(update.candle);
      }
    };
    socket.on('market:quotes', onQuotes);
    socket.on('market:candle', onCandle);
    socket.emit('market:subscribe', { symbols: list, candles: candleStream });
    return () => {
      socket.off('market:quotes', onQuotes);
      socket.off('market:candle', onCandle);
      socket.emit('market:subscribe', { symbols: [], candles: null });
    };
  }, [status, symbolsKey, candleSymbol, candlePeriod]);
}

/**
 * Live quotes applied at most once per animation frame (conventions rule 6): pushes land in a
 * buffer (a ref), and one requestAnimationFrame flush moves the latest per symbol into state.
 */
export function useFrameQuotes(): [QuoteMap, (quotes: Quote[]) => void] {
  const [live, setLive] = useState<QuoteMap>(() => new Map());
  const buffer = useRef(new Map<string, Quote>());
  const frame = useRef<number | null>(null);
  const push = useRef((quotes: Quote[]) => {
    bufferQuotes(buffer.current, quotes);
    if (frame.current !== null) {
      return;
    }
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      const flushed = buffer.current;
      buffer.current = new Map();
      setLive((state) => applyQuoteBuffer(state, flushed));
    });
  }).current;
  useEffect(
    () => () => {
      if (frame.current !== null) {
        cancelAnimationFrame(frame.current);
      }
    },
    [],
  );
  return [live, push];
}

/** Quotes for `symbols` pushed by the socket, flushed once per frame. */
export function useLiveQuotes(symbols: readonly string[]): QuoteMap {
  const [live, push] = useFrameQuotes();
  useMarketStream(symbols, null, { onQuotes: push });
  return live;
}
