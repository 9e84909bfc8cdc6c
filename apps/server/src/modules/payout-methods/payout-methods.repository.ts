import type { BankCardRegion } from '@fairex/contract';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import type { AddressRecord, CardFields, CardRecord } from './payout-methods.domain';
import { bankCards, withdrawalAddresses } from './payout-methods.schema';

const addressColumns = {
  id: withdrawalAddresses.id,
  userId: withdrawalAddresses.userId,
  currencyId: withdrawalAddresses.currencyId,
  chain: withdrawalAddresses.chain,
  name: withdrawalAddresses.name,
  address: withdrawalAddresses.address,
  qrcode: withdrawalAddresses.qrcode,
  createdAt: withdrawalAddresses.createdAt,
};

const cardColumns = {
  id: bankCards.id,
  userId: bankCards.userId,
  region: bankCards.region,
  routingNumber: bankCards.routingNumber,
  realName: bankCards.realName,
  accountNumber: bankCards.accountNumber,
  provinceCity: bankCards.provinceCity,
  bankName: bankCards.bankName,
  branch: bankCards.branch,
  swiftCode: bankCards.swiftCode,
  phone: bankCards.phone,
  holderAddress: bankCards.holderAddress,
  updatedAt: bankCards.updatedAt,
};

function liveAddressesOf(userId: number) {
  return and(eq(withdrawalAddresses.userId, userId), isNull(withdrawalAddresses.deletedAt));
}

/**
 * Serialises one user's address changes for the rest of the transaction, so two saves at once
 * cannot both pass the limit or both store the same address.
 */
export async function lockUserAddresses(tx: Database, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payout-methods:${userId}`}))`);
}

/** The user's live addresses on one currency and network (few: the limit is 20 in all). */
export function liveAddressesOn(
  db: Database,
  params: { userId: number; currencyId: number; chain: string },
): Promise<AddressRecord[]> {
  return db
    .select(addressColumns)
    .from(withdrawalAddresses)
    .where(
      and(
        liveAddressesOf(params.userId),
        eq(withdrawalAddresses.currencyId, params.currencyId),
        eq(withdrawalAddresses.chain, params.chain),
      ),
    );
}

export async function countLiveAddresses(db: Database, userId: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(withdrawalAddresses).where(liveAddressesOf(userId));
  return row?.total ?? 0;
}

export type NewAddress = Omit<AddressRecord, 'id'>;

export async function insertAddress(db: Database, address: NewAddress): Promise<AddressRecord> {
  const [row] = await db.insert(withdrawalAddresses).values(address).returning(addressColumns);
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Newest first. */
export function listLiveAddresses(
  db: Database,
  params: { userId: number; limit: number; offset: number },
): Promise<AddressRecord[]> {
  return db
    .select(addressColumns)
    .from(withdrawalAddresses)
    .where(liveAddressesOf(params.userId))
    .orderBy(desc(withdrawalAddresses.createdAt), desc(withdrawalAddresses.id))
    .limit(params.limit)
    .offset(params.offset);
}

/** The user's own live address, or null (another user's, a deleted or a missing id alike). */
export async function findLiveAddress(
  db: Database,
  params: { userId: number; id: number },
): Promise<AddressRecord | null> {
  const [row] = await db
    .select(addressColumns)
    .from(withdrawalAddresses)
    .where(and(liveAddressesOf(params.userId), eq(withdrawalAddresses.id, params.id)));
  return row ?? null;
}

/** Stamps deleted_at on the user's own live address; false when there was none to delete. */
export async function softDeleteAddress(
  db: Database,
  params: { userId: number; id: number; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(withdrawalAddresses)
    .set({ deletedAt: params.now })
    .where(and(liveAddressesOf(params.userId), eq(withdrawalAddresses.id, params.id)))
    .returning({ id: withdrawalAddresses.id });
  return rows.length > 0;
}

/** Saves the user's card of a region, replacing the one there (one row per user and region). */
export async function upsertCard(
  db: Database,
  params: { userId: number; region: BankCardRegion; fields: CardFields; now: Date },
): Promise<CardRecord> {
  const [row] = await db
    .insert(bankCards)
    .values({ userId: params.userId, region: params.region, ...params.fields, updatedAt: params.now })
    .onConflictDoUpdate({
      target: [bankCards.userId, bankCards.region],
      set: { ...params.fields, updatedAt: params.now },
    })
    .returning(cardColumns);
  if (!row) throw new Error('upsert returned no row');
  return row;
}

export async function findCard(
  db: Database,
  params: { userId: number; region: BankCardRegion },
): Promise<CardRecord | null> {
  const [row] = await db
    .select(cardColumns)
    .from(bankCards)
    .where(and(eq(bankCards.userId, params.userId), eq(bankCards.region, params.region)));
  return row ?? null;
}

export async function findCardById(
  db: Database,
  params: { userId: number; id: number },
): Promise<CardRecord | null> {
  const [row] = await db
    .select(cardColumns)
    .from(bankCards)
    .where(and(eq(bankCards.userId, params.userId), eq(bankCards.id, params.id)));
  return row ?? null;
}
