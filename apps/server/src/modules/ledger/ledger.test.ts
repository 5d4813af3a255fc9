import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { activityLog, building, ledgerTransaction } from '../../db/schema/index';
import {
  as,
  createBuildingFixture,
  createHarness,
  databaseRefusal,
  createUser,
  grantBuildingRole,
  type BuildingFixture,
  type Harness,
  type TestUser,
} from '../../test/harness';

let h: Harness;
let b: BuildingFixture;
let admin: TestUser;
let accountant: TestUser;
let owner: TestUser;
let base: string;
/** Ledger accounts of the default chart, by the category's or bank's name. */
const aid = new Map<string, number>();
let unitAid: number;
let otherUnitAid: number;

const hasHledger = spawnSync('hledger', ['--version']).status === 0;

beforeAll(async () => {
  h = await createHarness();
  b = await createBuildingFixture(h, { ownersFinancesAccess: 'self' }, { chart: true });
  admin = await createUser(h, 'admin');
  accountant = await createUser(h, 'accountant');
  owner = await createUser(h, 'owner');
  await grantBuildingRole(h, b, admin, 'admin');
  await grantBuildingRole(h, b, accountant, 'accountant');
  await grantBuildingRole(h, b, owner, 'owner');
  base = `/api/buildings/${b.ref}/fiscal-years/2026-01-01`;
  const accounts = (await as(h, admin).get(`${base}/accounts`)).json() as { aid: number; name: string }[];
  for (const a of accounts) aid.set(a.name, a.aid);
  const person = await as(h, admin).post(`${base}/people`, {
    lastName: 'Owner',
    emails: [owner.email],
    phones: [],
    address: {},
    emergencyContact: {},
  });
  const unit = (number: string, owners: { personUuid: string }[]) =>
    as(h, admin).post(`${base}/units`, {
      number,
      voteShare: 0.5,
      owners,
      residents: [],
      proxies: [],
      parkings: [],
      lockers: [],
      automaticPayment: false,
      noMonthlyFees: false,
      insurance: {},
      waterHeater: {},
    });
  unitAid = (await unit('101', [{ personUuid: person.json().uuid }])).json().aid;
  otherUnitAid = (await unit('102', [])).json().aid;
});
afterAll(async () => h.close());

const writing = (lines: [number, number][], extra: object = {}) => ({
  date: '2026-03-01',
  description: 'Adjustment',
  kind: 'accountantWriting',
  taxes: [],
  indexes: [],
  subtransactions: lines.map(([a, amount]) => ({ aid: a, amount })),
  ...extra,
});

const must = (name: string): number => {
  const value = aid.get(name);
  if (value === undefined) throw new Error(`no account ${name}`);
  return value;
};

describe('posting', () => {
  it('posts a balanced writing, logs it, and shows it on each account with its running balance', async () => {
    const bank = must('Operating account');
    const insurance = must('Insurance');
    const first = await as(h, admin).post(
      `${base}/transactions`,
      writing([
        [insurance, 120000],
        [bank, -120000],
      ]),
    );
    expect(first.statusCode, first.body).toBe(201);
    const second = await as(h, admin).post(
      `${base}/transactions`,
      writing(
        [
          [insurance, 5050],
          [bank, -5050],
        ],
        { date: '2026-04-01', description: 'Rider' },
      ),
    );
    expect(second.statusCode).toBe(201);
    const page = (await as(h, accountant).get(`${base}/accounts/${bank}/transactions`)).json();
    expect(page.lines.map((l: { amount: number; balance: number }) => [l.amount, l.balance])).toEqual([
      [-120000, -120000],
      [-5050, -125050],
    ]);
    expect(page).toMatchObject({ total: 2, debits: 0, credits: 125050, balance: -125050 });
    const logs = await h.platform.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.buildingId, b.id), eq(activityLog.event, 'transactionAdded')));
    expect(logs.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses all-zero and unbalanced amounts, unknown accounts and dates outside the year', async () => {
    const bank = must('Operating account');
    const fees = must('Bank fees');
    const zero = await as(h, admin).post(
      `${base}/transactions`,
      writing([
        [bank, 0],
        [fees, 0],
      ]),
    );
    expect(zero.statusCode).toBe(400);
    expect(zero.json().issues).toContainEqual({
      path: ['subtransactions'],
      key: 'validation.transactionAllZero',
    });
    const unbalanced = await as(h, admin).post(
      `${base}/transactions`,
      writing([
        [bank, 100],
        [fees, -99],
      ]),
    );
    expect(unbalanced.json().issues).toContainEqual({
      path: ['subtransactions'],
      key: 'validation.transactionNotBalanced',
    });
    const unknown = await as(h, admin).post(
      `${base}/transactions`,
      writing([
        [bank, 100],
        [99_999, -100],
      ]),
    );
    expect(unknown.json().issues).toContainEqual({
      path: ['subtransactions', 1, 'aid'],
      key: 'validation.accountMissing',
    });
    const late = await as(h, admin).post(
      `${base}/transactions`,
      writing(
        [
          [bank, 100],
          [fees, -100],
        ],
        { date: '2027-01-01' },
      ),
    );
    expect(late.json().issues).toContainEqual({ path: ['date'], key: 'validation.dateTooLate' });
    const automatic = await as(h, admin).post(
      `${base}/transactions`,
      writing(
        [
          [bank, 100],
          [fees, -100],
        ],
        { kind: 'unitMonthlyFee' },
      ),
    );
    expect(automatic.statusCode).toBe(400);
    expect(
      (
        await as(h, accountant).post(
          `${base}/transactions`,
          writing([
            [bank, 1],
            [fees, -1],
          ]),
        )
      ).statusCode,
    ).toBe(403);
  });

  it('is refused by the database itself when the lines do not balance, even without the service', async () => {
    const bank = must('Operating account');
    const attempt = h.platform.db.transaction(async (tx) => {
      await tx.execute(sql`insert into transactions (building_id, uuid, fiscal_year, date, description, kind, created_by)
        values (${b.id}, '00000000-0000-4000-8000-000000000001', '2026-01-01', '2026-02-01', 'Bypass', 'accountantWriting', '{"kind":"system","id":"backend"}')`);
      await tx.execute(sql`insert into subtransactions (building_id, transaction_uuid, line, aid, amount, date)
        values (${b.id}, '00000000-0000-4000-8000-000000000001', 0, ${bank}, 500, '2026-02-01')`);
    });
    expect(await databaseRefusal(attempt)).toMatch(/does not sum to zero/);
    const left = await h.platform.db
      .select()
      .from(ledgerTransaction)
      .where(eq(ledgerTransaction.uuid, '00000000-0000-4000-8000-000000000001'));
    expect(left).toEqual([]);
  });
});

describe('cancelling', () => {
  it('keeps a cancelled transaction visible, out of every balance, with who and why; never twice', async () => {
    const bank = must('Operating account');
    const fees = must('Bank fees');
    const posted = (
      await as(h, admin).post(
        `${base}/transactions`,
        writing([
          [fees, 999],
          [bank, -999],
        ]),
      )
    ).json();
    const before = (await as(h, admin).get(`${base}/accounts/${fees}/transactions`)).json().balance;
    const cancel = await as(h, admin).post(`${base}/transactions/${posted.uuid}/cancel`, {
      reason: 'Entered twice',
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ status: 'cancelled', cancelled: { reason: 'Entered twice' } });
    const after = (await as(h, admin).get(`${base}/accounts/${fees}/transactions`)).json();
    expect(after.balance).toBe(before - 999);
    const hidden = (
      await as(h, admin).get(`${base}/accounts/${fees}/transactions?hideCancelled=true`)
    ).json();
    expect(hidden.lines.map((l: { transaction: { uuid: string } }) => l.transaction.uuid)).not.toContain(
      posted.uuid,
    );
    const again = await as(h, admin).post(`${base}/transactions/${posted.uuid}/cancel`, { reason: 'Again' });
    expect(again.json().issues[0].key).toBe('validation.transactionNotEditable');
    const comment = await as(h, admin).post(`${base}/transactions/${posted.uuid}/comments`, {
      comment: 'Checked',
    });
    expect(comment.json().comments[0]).toMatchObject({ comment: 'Checked' });
  });
});

describe('who reads what', () => {
  it('lets an owner with self access read their own unit account only', async () => {
    const income = must('Other revenues');
    const own = await as(h, admin).post(
      `${base}/transactions`,
      writing(
        [
          [unitAid, 2500],
          [income, -2500],
        ],
        { kind: 'categorySimple' },
      ),
    );
    const other = await as(h, admin).post(
      `${base}/transactions`,
      writing(
        [
          [otherUnitAid, 2500],
          [income, -2500],
        ],
        { kind: 'categorySimple' },
      ),
    );
    expect((await as(h, owner).get(`${base}/accounts/${unitAid}/transactions`)).json().balance).toBe(2500);
    expect((await as(h, owner).get(`${base}/accounts/${otherUnitAid}/transactions`)).statusCode).toBe(404);
    expect((await as(h, owner).get(`${base}/transactions/${own.json().uuid}`)).statusCode).toBe(200);
    expect((await as(h, owner).get(`${base}/transactions/${other.json().uuid}`)).statusCode).toBe(404);
    expect((await as(h, owner).get(`${base}/trial-balance`)).statusCode).toBe(403);
    await h.platform.db.update(building).set({ ownersFinancesAccess: 'none' }).where(eq(building.id, b.id));
    expect((await as(h, owner).get(`${base}/accounts/${unitAid}/transactions`)).statusCode).toBe(403);
    await h.platform.db.update(building).set({ ownersFinancesAccess: 'self' }).where(eq(building.id, b.id));
  });
});

describe('trial balance and journal', () => {
  it('balances, and hledger reads the exported journal to the same balances', async () => {
    const rows = (await as(h, accountant).get(`${base}/trial-balance`)).json() as {
      aid: number;
      debits: number;
      credits: number;
      balance: number;
    }[];
    expect(rows.length).toBeGreaterThan(2);
    const debits = rows.reduce((s, r) => s + r.debits, 0);
    expect(debits).toBe(rows.reduce((s, r) => s + r.credits, 0));
    const journal = await as(h, accountant).get(`${base}/journal`);
    expect(journal.statusCode).toBe(200);
    expect(journal.headers['content-type']).toContain('text/plain');
    if (!hasHledger) return;
    const dir = mkdtempSync(path.join(tmpdir(), 'copro-journal-'));
    try {
      const file = path.join(dir, 'year.journal');
      writeFileSync(file, journal.body);
      const csv = execFileSync('hledger', ['-f', file, 'balance', '--flat', '--no-total', '-O', 'csv'], {
        encoding: 'utf8',
      });
      const balances = new Map<number, number>();
      for (const line of csv.trim().split('\n').slice(1)) {
        const [account = '', amount = ''] = line.split('","').map((cell) => cell.replace(/"/g, ''));
        const match = /#(\d+)$/.exec(account);
        if (match) balances.set(Number(match[1]), Math.round(Number(amount.replace(/[^0-9.-]/g, '')) * 100));
      }
      for (const row of rows) expect(balances.get(row.aid) ?? 0, `account ${row.aid}`).toBe(row.balance);
      expect(balances.size).toBe(rows.filter((r) => r.balance !== 0).length);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
