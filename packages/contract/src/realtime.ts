import { z } from 'zod';

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
}

/** Events a client emits. */
export type ClientToServerEvents = Record<string, never>;
