import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { cents, type StatementImport } from '@copro/domain';
import {
  activityLog,
  reconciliationClearing,
  reconciliationPeriod,
  registryRecord,
  statementLine,
} from '../../../db/schema/index';
import {
  as,
  createBuildingFixture,
  createUser,
  grantBuildingRole,
  type BuildingFixture,
  type Harness,
  type TestUser,
} from '../../../test/harness';
import { firstYear } from '../../../test/registry-fixtures';
import { postTransaction } from '../../ledger';

/** A record with its ledger account. */
export interface Account {
  uuid: string;
  aid: number;
}

/**
 * What an import test works with: a building and its chart (its operating bank, its bank fees and
 * interest income), an admin and an accountant (read only), and an open period of the bank for
 * March 2026, written directly so the import's tests do not depend on the periods' routes.
 */
export interface ImportSetup {
  h: Harness;
  b: BuildingFixture;
  admin: TestUser;
  accountant: TestUser;
  bank: Account;
  /** The chart's accounts by their system key (bankFees, interestIncome, condoFees, maintenance, …). */
  chart: Map<string, Account>;
  periodUuid: string;
  /** The bank's reconciliation routes. */
  base: string;
}

export async function importSetup(h: Harness): Promise<ImportSetup> {
  const b = await createBuildingFixture(h, { locale: 'en-CA' }, { chart: true });
  const admin = await createUser(h, 'admin');
  await grantBuildingRole(h, b, admin, 'admin');
  const accountant = await createUser(h, 'accountant');
  await grantBuildingRole(h, b, accountant, 'accountant');
  const records = await h.platform.db
    .select()
    .from(registryRecord)
    .where(and(eq(registryRecord.buildingId, b.id), eq(registryRecord.fiscalYear, firstYear)));
  const chart = new Map(
    records.flatMap((r) =>
      typeof r.data.systemKey === 'string' && r.aid !== null
        ? [[`${r.collection}:${r.data.systemKey}`, { uuid: r.uuid, aid: r.aid }] as const]
        : [],
    ),
  );
  const bank = chart.get('banks:operating');
  if (!bank) throw new Error('the chart has no operating bank');
  const periodUuid = randomUUID();
  await h.platform.db.insert(reconciliationPeriod).values({
    buildingId: b.id,
    uuid: periodUuid,
    bankUuid: bank.uuid,
    fiscalYear: firstYear,
    periodStart: '2026-03-01',
    periodEnd: '2026-04-01',
    startingBalance: cents(0),
  });
  return {
    h,
    b,
    admin,
    accountant,
    bank,
    chart: new Map([...chart].map(([key, account]) => [key.replace(/^categories:/, ''), account])),
    periodUuid,
    base: `/api/buildings/${b.ref}/banks/${bank.uuid}/reconciliation`,
  };
}

/**
 * Posts a movement of the bank: `amount` positive is money in (Dr bank, Cr the category), negative
 * money out (Dr the category, Cr bank); a check number goes on the bank's line.
 */
export async function postBankMovement(
  s: ImportSetup,
  date: string,
  amount: number,
  options: { category?: string; check?: string; description?: string } = {},
): Promise<string> {
  const category = s.chart.get(options.category ?? (amount > 0 ? 'condoFees' : 'maintenance'));
  if (!category) throw new Error('no such category');
  const view = await s.h.platform.db.transaction((tx) =>
    postTransaction(
      tx,
      { buildingId: s.b.id, fiscalYear: firstYear },
      { kind: 'system', id: 'backend' },
      {
        date,
        description: options.description ?? `Movement of ${date}`,
        kind: 'accountantWriting',
        taxes: [],
        indexes: [],
        subtransactions: [
          { aid: s.bank.aid, amount: cents(amount), ...(options.check ? { check: options.check } : {}) },
          { aid: category.aid, amount: cents(-amount) },
        ],
      },
    ),
  );
  return view.uuid;
}

/** A multipart form with one file in the field `file`, as a browser sends it. */
async function fileForm(fileName: string, type: string, bytes: Buffer) {
  const form = new FormData();
  form.append('file', new File([bytes], fileName, { type }));
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

/** Uploads a statement file into the period as `user`. */
export async function uploadStatement(
  s: ImportSetup,
  user: TestUser,
  fileName: string,
  content: string | Buffer,
  type = 'text/csv',
) {
  const form = await fileForm(fileName, type, typeof content === 'string' ? Buffer.from(content) : content);
  return s.h.app.inject({
    method: 'POST',
    url: `${s.base}/periods/${s.periodUuid}/imports`,
    payload: form.payload,
    headers: { ...form.headers, cookie: user.cookie },
  });
}

/** Uploads a statement the server must take. */
export async function imported(
  s: ImportSetup,
  fileName: string,
  content: string | Buffer,
): Promise<StatementImport> {
  const res = await uploadStatement(s, s.admin, fileName, content);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as StatementImport;
}

/** Each line as [description, amount, status, matched transaction, reason], for exact comparison. */
export const linesOf = (view: StatementImport) =>
  view.lines.map((l) => [
    l.description,
    l.amount,
    l.status,
    l.match?.transactionUuid ?? null,
    l.match?.reason ?? null,
  ]);

/** The transactions ticked in the period. */
export async function clearedIn(s: ImportSetup): Promise<string[]> {
  const rows = await s.h.platform.db
    .select({ uuid: reconciliationClearing.transactionUuid })
    .from(reconciliationClearing)
    .where(
      and(eq(reconciliationClearing.buildingId, s.b.id), eq(reconciliationClearing.periodUuid, s.periodUuid)),
    );
  return rows.map((r) => r.uuid).sort();
}

/** Every statement line the bank holds. */
export const storedLines = (s: ImportSetup) =>
  s.h.platform.db.select().from(statementLine).where(eq(statementLine.buildingId, s.b.id));

export const logsOfEvent = (s: ImportSetup, event: string) =>
  s.h.platform.db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.buildingId, s.b.id), eq(activityLog.event, event)));

/** Calls the import's routes as `user`. */
export const caller = (s: ImportSetup, user: TestUser = s.admin) => as(s.h, user);
