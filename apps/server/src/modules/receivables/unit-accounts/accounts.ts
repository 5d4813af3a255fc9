import { and, asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { can, zeroCents, type UnitAccountView, type UnitPerson } from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { unitSale } from '../../../db/schema/index';
import { AppError } from '../../../platform/errors';
import type { YearScope } from '../../../platform/fiscal-year-scope';
import { buildingOf, userOf } from '../../../platform/routes';
import { accountBalances } from '../../ledger';
import { personName } from '../../registry';
import { findRecord, listRecords, type RecordRow } from '../../registry';

export type SaleRow = typeof unitSale.$inferSelect;

/** A unit's owner links as stored (they went through the unit schema on every write). */
export const ownerLinksOf = (unit: RecordRow): UnitPerson[] =>
  (unit.data.owners as UnitPerson[] | undefined) ?? [];

/**
 * The owners of the unit's current account: the links not ended before it began. A sale ends
 * the former owners' links the day before, so they are not owners of the account that follows.
 */
export const currentOwnerLinks = (unit: RecordRow, currentFrom: string | null): UnitPerson[] =>
  ownerLinksOf(unit).filter(
    (link) => link.to === undefined || currentFrom === null || link.to >= currentFrom,
  );

/** The year's sales of the units, by unit, oldest first. */
export async function salesOfYear(db: DbOrTx, scope: YearScope): Promise<Map<string, SaleRow[]>> {
  const rows = await db
    .select()
    .from(unitSale)
    .where(and(eq(unitSale.buildingId, scope.buildingId), eq(unitSale.fiscalYear, scope.fiscalYear)))
    .orderBy(asc(unitSale.date));
  const byUnit = new Map<string, SaleRow[]>();
  for (const row of rows) byUnit.set(row.unitUuid, [...(byUnit.get(row.unitUuid) ?? []), row]);
  return byUnit;
}

/**
 * DOMAIN 6: the ownership periods of each unit in the year, oldest first: one account per
 * former owner (ended by a sale of the year) and the current account. The first account's
 * period has no start; each former one ends on the sale date.
 */
export async function unitAccountsOf(
  db: DbOrTx,
  scope: YearScope,
  units: readonly RecordRow[],
): Promise<Map<string, UnitAccountView[]>> {
  const sales = await salesOfYear(db, scope);
  const names = new Map((await listRecords(db, scope, 'people')).map((p) => [p.uuid, personName(p.data)]));
  const aids = units.flatMap((u) => [
    ...(sales.get(u.uuid) ?? []).map((s) => s.oldAid),
    ...(u.aid !== null ? [u.aid] : []),
  ]);
  const balances = await accountBalances(db, scope, aids);
  const result = new Map<string, UnitAccountView[]>();
  for (const unit of units) {
    if (unit.aid === null) continue;
    const unitSales = sales.get(unit.uuid) ?? [];
    const former = unitSales.map((sale, i): UnitAccountView => ({
      aid: sale.oldAid,
      from: unitSales[i - 1]?.date ?? null,
      until: sale.date,
      ownerNames: sale.formerOwners.map((o) => o.name),
      balance: balances.get(sale.oldAid) ?? zeroCents,
      soldAndNeedToSetBalanceToZero: sale.soldAndNeedToSetBalanceToZero,
      closedAt: sale.closedAt?.toISOString() ?? null,
    }));
    const currentFrom = unitSales.at(-1)?.date ?? null;
    result.set(unit.uuid, [
      ...former,
      {
        aid: unit.aid,
        from: currentFrom,
        until: null,
        ownerNames: currentOwnerLinks(unit, currentFrom).map((link) => names.get(link.personUuid) ?? ''),
        balance: balances.get(unit.aid) ?? zeroCents,
        soldAndNeedToSetBalanceToZero: false,
        closedAt: null,
      },
    ]);
  }
  return result;
}

export interface ReadableUnit {
  unit: RecordRow;
  /** The accounts the caller may read, oldest first; an owner's is the current one only. */
  accounts: UnitAccountView[];
  /** The caller reads as one of the unit's owners, not as a finance reader. */
  asOwner: boolean;
}

/**
 * SPEC 6: finance readers read every unit's accounts. Anyone else the route lets in is an owner
 * (transactions.read.unit: ownersFinancesAccess self or all) and reads only a unit listed under
 * their email of which they are a current owner, and only its current account: a former owner
 * whose link a sale ended does not read the new owner's account. Others get "not found".
 */
export async function readableUnit(db: DbOrTx, req: FastifyRequest, scope: YearScope, uuid: string) {
  const unit = await findRecord(db, scope, 'units', uuid);
  if (!unit || unit.aid === null) throw new AppError('notFound');
  const accounts = (await unitAccountsOf(db, scope, [unit])).get(uuid) ?? [];
  const access = buildingOf(req);
  if (can({ role: access.role, banned: access.banned }, 'finance.read', access.policy))
    return { unit, accounts, asOwner: false } satisfies ReadableUnit;
  const email = userOf(req).email.toLowerCase();
  const current = accounts.at(-1);
  const owners = currentOwnerLinks(unit, current?.from ?? null).map((link) => link.personUuid);
  const people = await listRecords(db, scope, 'people');
  const isOwner =
    unit.ownersEmails.includes(email) &&
    people.some(
      (p) =>
        owners.includes(p.uuid) &&
        ((p.data.emails as string[] | undefined) ?? []).some((e) => e.toLowerCase() === email),
    );
  if (!isOwner || !current) throw new AppError('notFound');
  return { unit, accounts: [current], asOwner: true } satisfies ReadableUnit;
}
