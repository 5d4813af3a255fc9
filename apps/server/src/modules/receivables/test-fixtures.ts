import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  activityLog,
  ledgerTransaction,
  outbox,
  penalty,
  registryRecord,
  type building,
} from '../../db/schema/index';
import {
  as,
  createBuildingFixture,
  createUser,
  grantBuildingRole,
  type BuildingFixture,
  type Harness,
  type TestUser,
} from '../../test/harness';
import {
  bankBody,
  createDirectly,
  freshNumber,
  personBody,
  unitBody,
  yearPath,
} from '../../test/registry-fixtures';
import { cents } from '@copro/domain';

/** What the money-in tests share: a building with the default chart, a bank, units with owners. */
export interface MoneyInSetup {
  h: Harness;
  b: BuildingFixture;
  admin: TestUser;
  base: string;
  bank: { uuid: string; aid: number };
  units: { uuid: string; aid: number; number: string; ownerEmail: string }[];
  /** The chart's condo-fee revenue category. */
  revenue: { uuid: string; aid: number };
}

export async function aidOf(h: Harness, b: BuildingFixture, uuid: string): Promise<number> {
  const [row] = await h.platform.db
    .select({ aid: registryRecord.aid })
    .from(registryRecord)
    .where(and(eq(registryRecord.buildingId, b.id), eq(registryRecord.uuid, uuid)));
  if (!row?.aid) throw new Error(`no account for ${uuid}`);
  return row.aid;
}

/**
 * A building (with `settings`) and its admin, a bank, and two units: the first owned by an
 * English speaker, the second by a French speaker. Owners' emails are unique to the test.
 */
export async function moneyInSetup(
  h: Harness,
  settings: Partial<typeof building.$inferInsert> = {},
): Promise<MoneyInSetup> {
  const b = await createBuildingFixture(h, { locale: 'en-CA', ...settings }, { chart: true });
  const admin = await createUser(h, 'admin');
  await grantBuildingRole(h, b, admin, 'admin');
  const bankUuid = await createDirectly(h, b, 'banks', bankBody('Caisse'));
  const units = [];
  for (const locale of ['en-CA', 'fr-CA'] as const) {
    const ownerEmail = `owner-${randomUUID().slice(0, 8)}@example.test`;
    const person = await createDirectly(h, b, 'people', personBody('Owner', [ownerEmail], { locale }));
    const number = freshNumber();
    const uuid = await createDirectly(h, b, 'units', unitBody(number, { owners: [{ personUuid: person }] }));
    units.push({ uuid, aid: await aidOf(h, b, uuid), number, ownerEmail });
  }
  const categories = (await as(h, admin).get(`${yearPath(b)}/categories`)).json().items as {
    uuid: string;
    aid: number;
    systemKey: string | null;
  }[];
  const revenue = categories.find((c) => c.systemKey === 'condoFees');
  if (!revenue) throw new Error('no condo-fee category');
  return {
    h,
    b,
    admin,
    base: yearPath(b),
    bank: { uuid: bankUuid, aid: await aidOf(h, b, bankUuid) },
    units,
    revenue: { uuid: revenue.uuid, aid: revenue.aid },
  };
}

/** A penalty of the building, written straight to its table (the penalties area owns its routes). */
export async function addPenalty(
  s: MoneyInSetup,
  values: { kind: string; amount: number; name?: string; categoryUuid?: string },
): Promise<string> {
  const uuid = randomUUID();
  await s.h.platform.db.insert(penalty).values({
    buildingId: s.b.id,
    uuid,
    kind: values.kind,
    name: values.name ?? null,
    categoryUuid: values.categoryUuid ?? s.revenue.uuid,
    amount: cents(values.amount),
  });
  return uuid;
}

/** The balance of a ledger account as its page shows it. */
export async function balanceOf(s: MoneyInSetup, aid: number): Promise<number> {
  const res = await as(s.h, s.admin).get(`${s.base}/accounts/${aid}/transactions`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().balance as number;
}

export async function transactionCount(s: MoneyInSetup): Promise<number> {
  const [row] = await s.h.platform.db
    .select({ n: count() })
    .from(ledgerTransaction)
    .where(eq(ledgerTransaction.buildingId, s.b.id));
  return row?.n ?? 0;
}

export const mailsTo = (h: Harness, to: string) =>
  h.platform.db.select().from(outbox).where(eq(outbox.to, to));

export async function eventsOf(s: MoneyInSetup, event: string) {
  return s.h.platform.db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.buildingId, s.b.id), eq(activityLog.event, event)));
}

/** The lines of a transaction as [account, signed cents], for exact comparison. */
export const postings = (view: { subtransactions: { aid: number; amount: number }[] }): [number, number][] =>
  view.subtransactions.map((l) => [l.aid, l.amount]);
