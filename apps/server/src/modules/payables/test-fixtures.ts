import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { cents } from '@copro/domain';
import { activityLog, outbox, registryRecord, type building } from '../../db/schema/index';
import { postTransaction } from '../ledger';
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
  categoryBody,
  createDirectly,
  firstYear,
  freshNumber,
  personBody,
  supplierBody,
  unitBody,
  yearPath,
} from '../../test/registry-fixtures';

/** A record with its ledger account. */
export interface Account {
  uuid: string;
  aid: number;
}

/**
 * What the payables tests share: a building (with `settings`) and its chart, an admin, an
 * accountant (read only), two approvers (an English and a French speaker), a bank holding $10,000
 * (posted on the year's first day), a supplier,
 * two expense categories and three units with vote shares 0.5, 0.3 and 0.2.
 */
export interface PayablesSetup {
  h: Harness;
  b: BuildingFixture;
  base: string;
  admin: TestUser;
  accountant: TestUser;
  approvers: [TestUser, TestUser];
  bank: Account;
  supplier: Account;
  expenses: [Account, Account];
  units: (Account & { number: string; ownerEmail: string })[];
}

export async function aidOf(h: Harness, b: BuildingFixture, uuid: string): Promise<number> {
  const [row] = await h.platform.db
    .select({ aid: registryRecord.aid })
    .from(registryRecord)
    .where(and(eq(registryRecord.buildingId, b.id), eq(registryRecord.uuid, uuid)));
  if (!row?.aid) throw new Error(`no account for ${uuid}`);
  return row.aid;
}

async function account(h: Harness, b: BuildingFixture, collection: string, body: object): Promise<Account> {
  const uuid = await createDirectly(h, b, collection, body);
  return { uuid, aid: await aidOf(h, b, uuid) };
}

export async function payablesSetup(
  h: Harness,
  settings: Partial<typeof building.$inferInsert> = {},
): Promise<PayablesSetup> {
  const b = await createBuildingFixture(h, { locale: 'en-CA', ...settings }, { chart: true });
  const admin = await createUser(h, 'admin');
  await grantBuildingRole(h, b, admin, 'admin');
  const accountant = await createUser(h, 'accountant');
  await grantBuildingRole(h, b, accountant, 'accountant');
  const approvers: TestUser[] = [];
  for (const locale of ['en-CA', 'fr-CA'] as const) {
    const approver = await createUser(h, `approver-${locale}`, { locale });
    await grantBuildingRole(h, b, approver, 'approver');
    approvers.push(approver);
  }
  const bank = await account(h, b, 'banks', bankBody('Caisse'));
  const capital = await account(h, b, 'categories', categoryBody('Opening capital', 'capital'));
  // $10,000 in the bank, so payments have money to go out of.
  await h.platform.db.transaction((tx) =>
    postTransaction(
      tx,
      { buildingId: b.id, fiscalYear: firstYear },
      { kind: 'system', id: 'backend' },
      {
        date: firstYear,
        description: 'Opening',
        kind: 'accountantWriting',
        taxes: [],
        indexes: [],
        subtransactions: [
          { aid: bank.aid, amount: cents(1_000_000) },
          { aid: capital.aid, amount: cents(-1_000_000) },
        ],
      },
    ),
  );
  const expenses = [
    await account(h, b, 'categories', categoryBody('Snow removal')),
    await account(h, b, 'categories', categoryBody('Repairs')),
  ] as [Account, Account];
  const supplier = await account(
    h,
    b,
    'suppliers',
    supplierBody('Déneigement Nord', { category: expenses[0].uuid }),
  );
  const units = [];
  for (const voteShare of [0.5, 0.3, 0.2]) {
    const ownerEmail = `owner-${randomUUID().slice(0, 8)}@example.test`;
    const person = await createDirectly(h, b, 'people', personBody('Owner', [ownerEmail]));
    const number = freshNumber();
    const uuid = await createDirectly(
      h,
      b,
      'units',
      unitBody(number, { voteShare, owners: [{ personUuid: person }] }),
    );
    units.push({ uuid, aid: await aidOf(h, b, uuid), number, ownerEmail });
  }
  return {
    h,
    b,
    base: yearPath(b),
    admin,
    accountant,
    approvers: approvers as [TestUser, TestUser],
    bank,
    supplier,
    expenses,
    units,
  };
}

/** The balance of a ledger account as its page shows it (positive: debit). */
export async function balanceOf(s: PayablesSetup, aid: number): Promise<number> {
  const res = await as(s.h, s.admin).get(`${s.base}/accounts/${aid}/transactions`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().balance as number;
}

export const mailsTo = (h: Harness, to: string) =>
  h.platform.db.select().from(outbox).where(eq(outbox.to, to));

export async function eventsOf(s: PayablesSetup, event: string) {
  return s.h.platform.db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.buildingId, s.b.id), eq(activityLog.event, event)));
}

/** The lines of a transaction as [account, signed cents], for exact comparison. */
export const postings = (view: { subtransactions: { aid: number; amount: number }[] }): [number, number][] =>
  view.subtransactions.map((l) => [l.aid, l.amount]);
