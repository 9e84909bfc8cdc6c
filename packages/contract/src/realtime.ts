import { z } from 'zod';
import type { Candle, CandlePeriod, MarketSubscribe, Quote } from './market';
import type { SpotDepth, SpotOrder, SpotSubscribe, SpotTradesEvent, WalletChangedEvent } from './spot';
import type { VerificationChangedEvent } from './verification';

/** Socket.IO settings shared by the server and the web client (spec sections 4 and 7). */
export const socketPath = '/socket.io';
export const socketReconnectDelayMs = 1000;
export const socketReconnectDelayMaxMs = 5000;
export const socketConnectTimeoutMs = 20_000;

export const serverHelloSchema = z.object({ serverTime: z.number().int() });
export type ServerHello = z.infer<typeof serverHelloSchema>;

/** Events the server emits. Each later feature adds its own here. */
export interface ServerToClientEvents {
  'server:hello': (hello: ServerHello) => void;
  /** Answer to `auth`: whether the socket joined the user's room. */
  'auth:result': (result: { ok: boolean }) => void;
  /** The session this socket authenticated with has ended; the socket is then disconnected. */
  'session:ended': (ended: { reason: SessionEndReason }) => void;
  /** Ticker snapshots of subscribed symbols, conflated to at most one per symbol per 100 ms. */
  'market:quotes': (quotes: Quote[]) => void;
  /** The current (still open) candle of the subscribed symbol and period. */
  'market:candle': (update: { symbol: string; period: CandlePeriod; candle: Candle }) => void;
  /** Depth of the subscribed spot pair, conflated to at most one snapshot per 100 ms. */
  'spot:depth': (depth: SpotDepth) => void;
  /** New public trades of the subscribed spot pair, conflated like depth. */
  'spot:trades': (event: SpotTradesEvent) => void;
  /** User room: one of the user's spot orders changed (placed, filled, cancelled, expired). */
  'spot:order': (order: SpotOrder) => void;
  /** User room: balances of these currencies changed. */
  'wallet:changed': (event: WalletChangedEvent) => void;
  /** User room: staff approved or rejected one of the user's verification requests. */
  'verification:changed': (event: VerificationChangedEvent) => void;
  /**
   * User room: one of the user's contract positions or pending orders changed (opened, filled,
   * closed by the user or a trigger, cancelled, stops set, an overnight fee charged): the contract
   * screens refetch it without polling.
   */
  'contracts:position': (event: ContractPositionEvent) => void;
}

/** `contracts:position`: which position changed and its status now. */
export type ContractPositionEvent = { id: string; status: 'pending' | 'open' | 'closed' | 'cancelled' };

/** Events a client emits. */
export interface ClientToServerEvents {
  auth: (auth: SocketAuth) => void;
  /** Replaces the socket's market subscriptions (symbols for quotes, one candle stream). */
  'market:subscribe': (subscription: MarketSubscribe) => void;
  /** Replaces the socket's spot book subscription (depth and trades of one pair). */
  'spot:subscribe': (subscription: SpotSubscribe) => void;
}

/** A client presents its session token to join its private room (`user:<id>`). */
export const socketAuthSchema = z.object({ token: z.string().min(1).max(512) });
export type SocketAuth = z.infer<typeof socketAuthSchema>;

/** Why the server ended a session; the client clears it and goes to login. */
export const sessionEndReasons = ['logout', 'password_changed', 'password_reset', 'revoked'] as const;
export type SessionEndReason = (typeof sessionEndReasons)[number];
