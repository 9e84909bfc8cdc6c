import type { SpotDepth, SpotOrder, SpotTradesEvent } from '@fairex/contract';
import { useEffect, useRef } from 'react';
import { getSocket } from '../socket';
import { useAppStore } from '../stores/app-store';

type SpotStreamHandlers = {
  onDepth: (depth: SpotDepth) => void;
  onTrades: (event: SpotTradesEvent) => void;
};

/**
 * Subscribes the shared socket to one pair's depth and trades while mounted (`spot:subscribe`
 * replaces the subscription, so it is re-sent on every reconnect); null subscribes to nothing.
 */
export function useSpotStream(symbol: string | null, handlers: SpotStreamHandlers): void {
  const status = useAppStore((state) => state.socket);
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  useEffect(() => {
    const socket = getSocket();
    if (status !== 'connected' || socket === null || symbol === null) {
      return;
    }
    const onDepth = (depth: SpotDepth) => {
      if (depth.symbol === symbol) handlersRef.current.onDepth(depth);
    };
    const onTrades = (event: SpotTradesEvent) => {
      if (event.symbol === symbol) handlersRef.current.onTrades(event);
    };
    socket.on('spot:depth', onDepth);
    socket.on('spot:trades', onTrades);
    socket.emit('spot:subscribe', { symbol });
    return () => {
      socket.off('spot:depth', onDepth);
      socket.off('spot:trades', onTrades);
      socket.emit('spot:subscribe', { symbol: null });
    };
  }, [status, symbol]);
}

/** Calls `onOrder` for each `spot:order` of the signed-in user while mounted. */
export function useSpotOrderEvents(onOrder: (order: SpotOrder) => void): void {
  const status = useAppStore((state) => state.socket);
  const handlerRef = useRef(onOrder);
  handlerRef.current = onOrder;
  useEffect(() => {
    const socket = getSocket();
    if (status !== 'connected' || socket === null) {
      return;
    }
    const listener = (order: SpotOrder) => handlerRef.current(order);
    socket.on('spot:order', listener);
    return () => {
      socket.off('spot:order', listener);
    };
  }, [status]);
}
