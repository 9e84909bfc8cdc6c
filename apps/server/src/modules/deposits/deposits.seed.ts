/**
 * Demo mode: made-up receiving addresses, labelled demo, so the deposit screens work out of the
 * box. Nothing sent to them can arrive: they are patterns, not keys anyone holds. Seeded only
 * where no address is set, so an operator's own addresses are never overwritten.
 */
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { demoAddressNote } from './deposits.domain';
import { insertMissingAddresses } from './deposits.repository';

export const demoAddresses: readonly { currencyId: number; chain: string; address: string }[] = [
  { currencyId: 1, chain: 'BTC', address: '1FairexDemoAddressDoNotSendFunds' },
  { currencyId: 2, chain: 'ERC20', address: `0x${'de'.repeat(20)}` },
  { currencyId: 3, chain: 'ERC20', address: `0x${'de'.repeat(20)}` },
  { currencyId: 3, chain: 'TRC20', address: 'TFairexDemoAddressDoNotSendFunds99' },
];

export async function seedDemoAddresses(db: Database, clock: Clock): Promise<void> {
  const now = clock.now();
  await insertMissingAddresses(
    db,
    demoAddresses.map((entry) => ({ ...entry, note: demoAddressNote, now })),
  );
}
