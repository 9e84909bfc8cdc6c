import { and, count, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import type { DeliveryChannel, DeliveryStatus } from '../../platform/delivery/delivery';
import type { CodeChannel } from './accounts.domain';
import { deliveryOutbox, verificationCodes } from './accounts.schema';

export type CodeAddress = { readonly channel: CodeChannel; readonly address: string };

export type CodeRecord = {
  readonly id: number;
  readonly codeHash: string;
  readonly areaCode: string | null;
  readonly attempts: number;
  readonly expiresAt: Date;
  readonly consumedAt: Date | null;
};

/**
 * Serialises code requests for one address until the transaction ends, so two parallel requests
 * cannot both pass the sending limits.
 */
export async function lockCodeAddress(tx: Database, target: CodeAddress): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${target.channel}:${target.address}`}))`);
}

export async function codeSendHistory(
  db: Database,
  params: CodeAddress & { purpose: string; requester: string; dayAgo: Date; hourAgo: Date },
) {
  // The resend interval is per purpose (registering, then setting a payment password a minute
  // later, must work); the daily cap counts every purpose.
  const [toAddress] = await db
    .select({
      sent: count(),
      last: sql<Date | null>`max(case when ${verificationCodes.purpose} = ${params.purpose} then ${verificationCodes.createdAt} end)`.mapWith(
        verificationCodes.createdAt,
      ),
    })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.channel, params.channel),
        eq(verificationCodes.address, params.address),
        gt(verificationCodes.createdAt, params.dayAgo),
      ),
    );
  const [fromClient] = await db
    .select({ sent: count() })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.requesterAddress, params.requester),
        gt(verificationCodes.createdAt, params.hourAgo),
      ),
    );
  return {
    lastSentToAddressAt: toAddress?.last ?? null,
    sentToAddressLastDay: toAddress?.sent ?? 0,
    sentFromClientLastHour: fromClient?.sent ?? 0,
  };
}

/** A new code replaces the earlier ones of the same address and purpose. */
export async function retireCodes(
  db: Database,
  params: CodeAddress & { purpose: string; now: Date },
): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ consumedAt: params.now })
    .where(
      and(
        eq(verificationCodes.channel, params.channel),
        eq(verificationCodes.address, params.address),
        eq(verificationCodes.purpose, params.purpose),
        isNull(verificationCodes.consumedAt),
      ),
    );
}

export async function insertCode(
  db: Database,
  code: CodeAddress & {
    areaCode: string | null;
    purpose: string;
    codeHash: string;
    expiresAt: Date;
    requesterAddress: string;
    createdAt: Date;
    viewerHash: string | null;
  },
): Promise<void> {
  await db.insert(verificationCodes).values(code);
}

/**
 * Demo: whose browser holds the mailbox of this address, i.e. the browser that asked for the
 * register or bind code last used on it; null when none did (the shared demo account).
 */
export async function demoMailboxOwner(db: Database, address: CodeAddress): Promise<string | null> {
  const [row] = await db
    .select({ viewerHash: verificationCodes.viewerHash })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.channel, address.channel),
        eq(verificationCodes.address, address.address),
        inArray(verificationCodes.purpose, ['register', 'bind']),
        isNotNull(verificationCodes.consumedAt),
      ),
    )
    .orderBy(desc(verificationCodes.consumedAt), desc(verificationCodes.id))
    .limit(1);
  return row?.viewerHash ?? null;
}

/** The newest unused code for this address and purpose, locked until the transaction ends. */
export async function findNewestCodeForUpdate(
  tx: Database,
  params: CodeAddress & { purpose: string },
): Promise<CodeRecord | null> {
  const [row] = await tx
    .select({
      id: verificationCodes.id,
      codeHash: verificationCodes.codeHash,
      areaCode: verificationCodes.areaCode,
      attempts: verificationCodes.attempts,
      expiresAt: verificationCodes.expiresAt,
      consumedAt: verificationCodes.consumedAt,
    })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.channel, params.channel),
        eq(verificationCodes.address, params.address),
        eq(verificationCodes.purpose, params.purpose),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function countCodeMiss(db: Database, codeId: number): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(eq(verificationCodes.id, codeId));
}

/** Marks the code used; false when another transaction used it first. */
export async function consumeCode(db: Database, codeId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.id, codeId), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  return rows.length > 0;
}

export async function insertOutboxMessage(
  db: Database,
  entry: {
    channel: DeliveryChannel;
    recipient: string;
    subject: string;
    body: string;
    status: DeliveryStatus;
    createdAt: Date;
    viewerHash: string | null;
  },
): Promise<void> {
  await db.insert(deliveryOutbox).values(entry);
}

/** The newest messages one browser may read (demo outbox). */
export async function listOutbox(db: Database, params: { viewerHash: string; limit: number }) {
  return db
    .select()
    .from(deliveryOutbox)
    .where(eq(deliveryOutbox.viewerHash, params.viewerHash))
    .orderBy(desc(deliveryOutbox.id))
    .limit(params.limit);
}
