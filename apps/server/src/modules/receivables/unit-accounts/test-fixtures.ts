import { and, asc, eq } from 'drizzle-orm';
import { cents, type TransactionInput } from '@copro/domain';
import type { building } from '../../../db/schema/index';
import { activityLog, ledgerTransaction, registryRecord, subtransaction } from '../../../db/schema/index';
import {
  createBuildingFixture,
  createUser,
  grantBuildingRole,
  type BuildingFixture,
  type Harness,
  type TestUser,
} from '../../../test/harness';
import { bankBody, createDirectly, personBody, unitBody, yearPath } from '../../../test/registry-fixtures';
import { postTransaction } from '../../ledger';

/** What the unit-account tests share: a building, its admin, a revenue and a bank account. */
export interface AccountsBuilding {
  b: BuildingFixture;
  base: string;
  admin: TestUser;
  scope: { buildingId: string; fiscalYear: string };
  revenueAid: number;
  bankAid: number;
  aidOf(uuid: string): Promise<number>;
  person(lastName: string, emails?: string[], locale?: 'en-CA' | 'fr-CA'): Promise<string>;
  unit(number: string, owners: string[]): Promise<{ uuid: string; aid: number }>;
  /** A monthly fee charged to the account (debit the unit, credit revenue). */
  fee(aid: number, amount: number, date: string): Promise<string>;
  /** A payment received on the account (debit the bank, credit the unit). */
  payment(
    aid: number,
    amount: number,
    date: string,
    method?: 'check' | 'cash',
    check?: string,
  ): Promise<string>;
  /** The building's log entries of one event, oldest first. */
  logs(event: string): Promise<(typeof activityLog.$inferSelect)[]>;
  transaction(uuid: string): Promise<{
    row: typeof ledgerTransaction.$inferSelect;
    lines: { aid: number; amount: number; checkNumber: string | null }[];
  }>;
}

const system = { kind: 'system', id: 'backend' } as const;

export async function accountsBuilding(
  h: Harness,
  settings: Partial<typeof building.$inferInsert> = {},
): Promise<AccountsBuilding> {
  const b = await createBuildingFixture(h, { locale: 'en-CA', ...settings });
  const admin = await createUser(h, 'admin');
  await grantBuildingRole(h, b, admin, 'admin');
  const scope = { buildingId: b.id, fiscalYear: '2026-01-01' };
  const aidOf = async (uuid: string) => {
    const [row] = await h.platform.db
      .select({ aid: registryRecord.aid })
      .from(registryRecord)
      .where(and(eq(registryRecord.buildingId, b.id), eq(registryRecord.uuid, uuid)));
    if (!row?.aid) throw new Error(`no account for ${uuid}`);
    return row.aid;
  };
  const revenueAid = await aidOf(
    await createDirectly(h, b, 'categories', { name: 'Fees', parent: 'revenues' }),
  );
  const bankAid = await aidOf(await createDirectly(h, b, 'banks', bankBody('Bank')));
  const post = async (input: Omit<TransactionInput, 'taxes' | 'indexes'>) =>
    (
      await h.platform.db.transaction((tx) =>
        postTransaction(tx, scope, system, { ...input, taxes: [], indexes: [] }),
      )
    ).uuid;
  return {
    b,
    base: yearPath(b),
    admin,
    scope,
    revenueAid,
    bankAid,
    aidOf,
    person: (lastName, emails = [], locale) =>
      createDirectly(h, b, 'people', personBody(lastName, emails, locale ? { locale } : {})),
    unit: async (number, owners) => {
      const uuid = await createDirectly(
        h,
        b,
        'units',
        unitBody(number, { owners: owners.map((personUuid) => ({ personUuid })) }),
      );
      return { uuid, aid: await aidOf(uuid) };
    },
    fee: (aid, amount, date) =>
      post({
        date,
        description: `Fees ${date}`,
        kind: 'unitMonthlyFee',
        subtransactions: [
          { aid, amount: cents(amount) },
          { aid: revenueAid, amount: cents(-amount) },
        ],
      }),
    payment: (aid, amount, date, method = 'cash', check) =>
      post({
        date,
        description: `Payment ${date}`,
        kind: 'unitPayment',
        paymentMethod: method,
        subtransactions: [
          { aid: bankAid, amount: cents(amount) },
          { aid, amount: cents(-amount), ...(check ? { check } : {}) },
        ],
      }),
    logs: (event) =>
      h.platform.db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.buildingId, b.id), eq(activityLog.event, event)))
        .orderBy(asc(activityLog.date)),
    transaction: async (uuid) => {
      const [row] = await h.platform.db
        .select()
        .from(ledgerTransaction)
        .where(and(eq(ledgerTransaction.buildingId, b.id), eq(ledgerTransaction.uuid, uuid)));
      if (!row) throw new Error(`no transaction ${uuid}`);
      const lines = await h.platform.db
        .select({
          aid: subtransaction.aid,
          amount: subtransaction.amount,
          checkNumber: subtransaction.checkNumber,
        })
        .from(subtransaction)
        .where(and(eq(subtransaction.buildingId, b.id), eq(subtransaction.transactionUuid, uuid)))
        .orderBy(asc(subtransaction.line));
      return { row, lines };
    },
  };
}

/** A user of the building whose person (by email) the tests make an owner. */
export async function member(
  h: Harness,
  b: BuildingFixture,
  label: string,
  role: 'owner' | 'resident' | 'accountant' | 'accountantWrite',
  locale?: 'en-CA' | 'fr-CA',
): Promise<TestUser> {
  const u = await createUser(h, label, locale ? { locale } : {});
  await grantBuildingRole(h, b, u, role);
  return u;
}
