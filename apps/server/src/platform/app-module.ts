/**
 * The shape every feature module has: what it declares (its manifest) and what it brings to a
 * running server. The composition root (src/composition.ts) builds each module once with the
 * services it needs and hands the list to buildApp, which registers what they declare; main.ts
 * starts their jobs once the server listens. Nothing here knows a particular module.
 */
import type { EntryKind, UserAccountKindName } from '@fairex/domain';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from './db/database';
import type { SocketServer } from './realtime/socket-server';

/** One ledger check of reliability.md contributed by a module (the number is the check's). */
export type ModuleCheck = {
  readonly number: number;
  readonly name: string;
  run(db: Database): Promise<string[]>;
};

/**
 * Work that runs on its own once the server answers (feeds, workers, expiries, backfills). It
 * starts after `listen`, so a slow start never delays the first answer, and stops before the
 * database closes. `start` must not throw for a transient problem: it logs and retries itself.
 */
export type BackgroundJob = {
  readonly name: string;
  start(): void | Promise<void>;
  stop(): void | Promise<void>;
};

/** A module's static declaration: readable without building anything (ledger:verify, tests). */
export type ModuleManifest = {
  /** The folder name under src/modules. */
  readonly name: string;
  /** The journal entry kinds it books (packages/domain's entryKinds); each has one owner. */
  readonly entryKinds?: readonly EntryKind[];
  /**
   * User account kinds whose product it is: transfers into such an account are allowed only
   * while a module that serves it is registered (spot and the basic wallet serve legal and change).
   */
  readonly accountKinds?: readonly UserAccountKindName[];
  /** Its part of the ledger checks, run after money tests and by `npm run ledger:verify`. */
  readonly ledgerChecks?: readonly ModuleCheck[];
  /** The Home shortcuts (the web's feature keys, lib/feature-catalogue) that work because of it. */
  readonly shortcuts?: readonly string[];
  /** The prefix of its server messages in src/locales/<lang>.json ("spot" for "spot.errors.*"). */
  readonly localeNamespace?: string;
};

/** A module built by the composition root: its manifest plus what it runs. */
export type AppModule = ModuleManifest & {
  /** Hooks it puts on the whole app, before any route is registered (idempotency keys). */
  readonly install?: (app: FastifyInstance) => void;
  /** Its HTTP routes under /api, users' and staff's alike (each route states its policy). */
  readonly routes?: FastifyPluginAsyncZod;
  /** Routes outside /api (uploaded files). */
  readonly rootRoutes?: FastifyPluginAsyncZod;
  /** Its Socket.IO fan-out, installed once the socket server exists. */
  readonly realtime?: (io: SocketServer) => { stop(): void | Promise<void> };
  readonly jobs?: readonly BackgroundJob[];
  /** Releases what it holds (actors, timers) once requests have drained; before the database closes. */
  readonly close?: () => Promise<void>;
};
