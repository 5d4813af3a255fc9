import { expect } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { cents, type ReconciliationPeriod } from '@copro/domain';
import { activityLog } from '../../../db/schema/index';
import { cancelTransaction, postTransaction } from '../../ledger';
import { aidOf, type Account } from '../../payables/test-fixtures';
import {
  as,
  createBuildingFixture,
  createHarness,
  createUser,
  grantBuildingRole,
  type BuildingFixture,
  type Harness,
  type TestUser,
} from '../../../test/harness';
import { bankBody, categoryBody, createDirectly, firstYear } from '../../../test/registry-fixtures';

/** What the period tests share: one building, its admin, and a way to move money in its banks. */
export interface PeriodsSetup {
  h: Harness;
  b: BuildingFixture;
  admin: TestUser;
  /** The counterpart of every movement. */
  other: Account;
  newBank(name: string): Promise<Account>;
  /** A movement of the bank (positive money in), posted directly; answers its transaction's uuid. */
  move(bank: Account, date: string, amount: number, description?: string, year?: string): Promise<string>;
  cancel(uuid: string, year?: string): Promise<void>;
}

const system = { kind: 'system', id: 'backend' } as const;

export async function periodsSetup(): Promise<PeriodsSetup> {
  const h = await createHarness();
  const b = await createBuildingFixture(h, { locale: 'en-CA' }, { chart: true });
  const admin = await createUser(h, 'admin');
  await grantBuildingRole(h, b, admin, 'admin');
  const account = async (collection: string, body: object): Promise<Account> => {
    const uuid = await createDirectly(h, b, collection, body);
    return { uuid, aid: await aidOf(h, b, uuid) };
  };
  const other = await account('categories', categoryBody('Fees', 'revenues'));
  return {
    h,
    b,
    admin,
    other,
    newBank: (name) => account('banks', bankBody(name)),
    async move(bank, date, amount, description = `Movement ${date}`, year = firstYear) {
      const view = await h.platform.db.transaction((tx) =>
        postTransaction(tx, { buildingId: b.id, fiscalYear: year }, system, {
          date,
          description,
          kind: 'accountantWriting',
          taxes: [],
          indexes: [],
          subtransactions: [
            { aid: bank.aid, amount: cents(amount) },
            { aid: other.aid, amount: cents(-amount) },
          ],
        }),
      );
      return view.uuid;
    },
    async cancel(uuid, year = firstYear) {
      await h.platform.db.transaction((tx) =>
        cancelTransaction(tx, { buildingId: b.id, fiscalYear: year }, system, uuid, 'Entered twice'),
      );
    },
  };
}

/** The reconciliation routes of a bank. */
export const reconciliationUrl = (s: PeriodsSetup, bank: Account): string =>
  `/api/buildings/${s.b.ref}/banks/${bank.uuid}/reconciliation`;

export const periodUrl = (s: PeriodsSetup, bank: Account, period: { uuid: string }): string =>
  `${reconciliationUrl(s, bank)}/periods/${period.uuid}`;

/** Creates a period as the admin; the test stops with the server's answer if it refuses. */
export async function newPeriod(s: PeriodsSetup, bank: Account, body: object): Promise<ReconciliationPeriod> {
  const res = await as(s.h, s.admin).post(`${reconciliationUrl(s, bank)}/periods`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Ticks and unticks as the admin; answers the period. */
export async function tick(
  s: PeriodsSetup,
  bank: Account,
  period: { uuid: string },
  clear: string[],
  unclear: string[] = [],
): Promise<ReconciliationPeriod> {
  const res = await as(s.h, s.admin).put(`${periodUrl(s, bank, period)}/cleared`, { clear, unclear });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A write as the admin that must succeed with 200; answers its JSON. */
export async function ok<T = ReconciliationPeriod>(
  res: Promise<{ statusCode: number; body: string; json: () => unknown }>,
): Promise<T> {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as T;
}

/** A call that must be refused with this status and error code. */
export async function refused(
  res: Promise<{ statusCode: number; body: string; json: () => unknown }>,
  status: number,
  code: string,
): Promise<void> {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBe(status);
  expect((answer.json() as { code: string }).code).toBe(code);
}

export async function logsOf(s: PeriodsSetup, event: string) {
  return s.h.platform.db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.buildingId, s.b.id), eq(activityLog.event, event)));
}
