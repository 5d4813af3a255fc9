import { cents, type Cents } from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import type { YearScope } from '../../../platform/fiscal-year-scope';
import { periodBalances } from '../../ledger';
import { listRecords, type RecordRow } from '../../registry';

const amountOf = (record: RecordRow): number => {
  const value = record.data.monthlyContributions;
  return typeof value === 'number' && Number.isInteger(value) ? value : 0;
};

/**
 * Each unit's monthly fee: what its account is billed each month, its own contribution and those
 * of the parkings and lockers billed to it (the ones it owns, else the ones it rents), as the
 * monthly billing bills them.
 */
export async function monthlyFeesOf(
  db: DbOrTx,
  scope: YearScope,
  units: readonly RecordRow[],
): Promise<Map<string, Cents>> {
  const fees = new Map<string, number>(units.map((u) => [u.uuid, amountOf(u)]));
  const ownerOf = new Map<string, string>();
  for (const unit of units) {
    for (const kind of ['parkings', 'lockers'] as const) {
      const owned = unit.data[kind];
      if (!Array.isArray(owned)) continue;
      for (const uuid of owned) if (typeof uuid === 'string') ownerOf.set(uuid, unit.uuid);
    }
  }
  for (const kind of ['parkings', 'lockers'] as const) {
    for (const space of await listRecords(db, scope, kind, { liveOnly: true })) {
      const renter = (space.data.renter as { unitUuid?: unknown } | undefined)?.unitUuid;
      const holder = ownerOf.get(space.uuid) ?? (typeof renter === 'string' ? renter : undefined);
      const fee = holder === undefined ? undefined : fees.get(holder);
      if (holder !== undefined && fee !== undefined) fees.set(holder, fee + amountOf(space));
    }
  }
  return new Map([...fees].map(([uuid, fee]) => [uuid, cents(fee)]));
}

/**
 * Each account's balance at the end of `asOf` (debits − credits: what a unit owes), the year's
 * opening included, from the ledger's period balances of that one day.
 */
export async function balancesAt(db: DbOrTx, scope: YearScope, asOf: string): Promise<Map<number, Cents>> {
  const { opening, movements } = await periodBalances(db, scope, { from: asOf, to: asOf });
  const balances = new Map<number, number>(opening);
  for (const m of movements) balances.set(m.aid, (balances.get(m.aid) ?? 0) + m.debits - m.credits);
  return new Map([...balances].map(([aid, balance]) => [aid, cents(balance)]));
}
