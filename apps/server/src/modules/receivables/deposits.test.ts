import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { as, createHarness, type Harness } from '../../test/harness';
import { bankBody, createDirectly, issueKeys } from '../../test/registry-fixtures';
import {
  balanceOf,
  eventsOf,
  moneyInSetup,
  postings,
  transactionCount,
  type MoneyInSetup,
} from './test-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

const unitOf = (s: MoneyInSetup, i = 0) => {
  const unit = s.units[i];
  if (!unit) throw new Error('no unit');
  return unit;
};

async function recordCheck(
  s: MoneyInSetup,
  unitUuid: string,
  number: string,
  amount: number,
  date = '2026-03-01',
) {
  const res = await as(h, s.admin).post(`${s.base}/checks`, { unitUuid, number, amount, date });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().uuid as string;
}

const depositBody = (s: MoneyInSetup, extra: Record<string, unknown> = {}) => ({
  description: 'March deposit',
  date: '2026-03-10',
  bankUuid: s.bank.uuid,
  checkUuids: [],
  newChecks: [],
  cash: [],
  ...extra,
});

describe('deposits', () => {
  it('posts one balanced payment for recorded checks, a new check and cash, and deposits the checks', async () => {
    const s = await moneyInSetup(h);
    const [a, b] = [unitOf(s), unitOf(s, 1)];
    const first = await recordCheck(s, a.uuid, '11', 30_000);
    const second = await recordCheck(s, b.uuid, '22', 20_000);
    const res = await as(h, s.admin).post(
      `${s.base}/deposits`,
      depositBody(s, {
        checkUuids: [first, second],
        newChecks: [{ unitUuid: a.uuid, number: '33', amount: 5_000, date: '2026-03-09' }],
        cash: [{ unitUuid: b.uuid, amount: 1_234 }],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const deposit = res.json();
    expect(deposit).toMatchObject({ number: '1', total: 56_234, bankUuid: s.bank.uuid, bankName: 'Caisse' });
    expect(
      deposit.items.map(
        (i: { kind: string; unitNumber: string; checkNumber: string | null; amount: number }) => [
          i.kind,
          i.unitNumber,
          i.checkNumber,
          i.amount,
        ],
      ),
    ).toEqual([
      ['check', a.number, '11', 30_000],
      ['check', b.number, '22', 20_000],
      ['check', a.number, '33', 5_000],
      ['cash', b.number, null, 1_234],
    ]);
    const transaction = (
      await as(h, s.admin).get(`${s.base}/transactions/${deposit.transactionUuid}`)
    ).json();
    expect(transaction).toMatchObject({ kind: 'unitPayment', deposit: '1', date: '2026-03-10' });
    expect(transaction.indexes).toContain('deposit:1');
    expect(postings(transaction)).toEqual([
      [s.bank.aid, 56_234],
      [a.aid, -30_000],
      [b.aid, -20_000],
      [a.aid, -5_000],
      [b.aid, -1_234],
    ]);
    expect(transaction.subtransactions.map((l: { check: string | null }) => l.check)).toEqual([
      null,
      '11',
      '22',
      '33',
      null,
    ]);
    expect(await transactionCount(s)).toBe(1);
    expect(await balanceOf(s, s.bank.aid)).toBe(56_234);
    expect(await balanceOf(s, a.aid)).toBe(-35_000);
    const checks = (await as(h, s.admin).get(`${s.base}/checks`)).json();
    expect(
      checks.map((c: { number: string; status: string; depositNumber: string }) => [
        c.number,
        c.status,
        c.depositNumber,
      ]),
    ).toEqual([
      ['11', 'deposited', '1'],
      ['22', 'deposited', '1'],
      ['33', 'deposited', '1'],
    ]);
    const [log] = await eventsOf(s, 'newDeposit');
    expect(log?.metadata).toMatchObject({ uuid: deposit.uuid, number: '1', total: 56_234 });
    expect((await as(h, s.admin).get(`${s.base}/deposits/${deposit.uuid}`)).json()).toEqual(deposit);

    // The next one takes the next number; a number typed by hand is kept, but only once.
    const next = await as(h, s.admin).post(
      `${s.base}/deposits`,
      depositBody(s, { cash: [{ unitUuid: a.uuid, amount: 1 }] }),
    );
    expect(next.json().number).toBe('2');
    const typed = await as(h, s.admin).post(
      `${s.base}/deposits`,
      depositBody(s, { number: 'B-7', cash: [{ unitUuid: a.uuid, amount: 1 }] }),
    );
    expect(typed.json().number).toBe('B-7');
    const taken = await as(h, s.admin).post(
      `${s.base}/deposits`,
      depositBody(s, { number: 'B-7', cash: [{ unitUuid: a.uuid, amount: 1 }] }),
    );
    expect(issueKeys(taken)).toEqual(['number:receivables.validation.depositNumberTaken']);
    const unusable = await as(h, s.admin).post(
      `${s.base}/deposits`,
      depositBody(s, { number: 'B 7', cash: [{ unitUuid: a.uuid, amount: 1 }] }),
    );
    expect(issueKeys(unusable)).toEqual(['number:validation.invalidIdentifier']);
  });

  it('refuses checks that are not waiting, twice the same, or post-dated past the deposit, and writes nothing', async () => {
    const s = await moneyInSetup(h);
    const a = unitOf(s);
    const deposited = await recordCheck(s, a.uuid, '1', 100);
    expect(
      (await as(h, s.admin).post(`${s.base}/deposits`, depositBody(s, { checkUuids: [deposited] })))
        .statusCode,
    ).toBe(201);
    const later = await recordCheck(s, a.uuid, '2', 100, '2026-04-01');
    const waiting = await recordCheck(s, a.uuid, '3', 100);
    const before = await transactionCount(s);
    const res = await as(h, s.admin).post(
      `${s.base}/deposits`,
      depositBody(s, {
        checkUuids: [deposited, later, waiting, waiting],
        newChecks: [{ unitUuid: a.uuid, number: '4', amount: 100, date: '2026-03-11' }],
        cash: [{ unitUuid: s.bank.uuid, amount: 100 }],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(issueKeys(res)).toEqual([
      'checkUuids.0:receivables.validation.checkNotRecorded',
      'checkUuids.1:receivables.validation.checkPostDated',
      'checkUuids.3:receivables.validation.checkTwice',
      'newChecks.0.date:receivables.validation.checkPostDated',
      'cash.0.unitUuid:receivables.validation.unitMissing',
    ]);
    expect(res.json().issues[1].params).toEqual({ date: '2026-04-01' });
    expect(await transactionCount(s)).toBe(before);
    const statuses = (await as(h, s.admin).get(`${s.base}/checks`)).json();
    expect(statuses.map((c: { number: string; status: string }) => [c.number, c.status])).toEqual([
      ['1', 'deposited'],
      ['3', 'recorded'],
      ['2', 'recorded'],
    ]);
    // On its date, the post-dated check goes in.
    const onTime = await as(h, s.admin).post(
      `${s.base}/deposits`,
      depositBody(s, { date: '2026-04-01', checkUuids: [later] }),
    );
    expect(onTime.statusCode, onTime.body).toBe(201);
    const empty = await as(h, s.admin).post(`${s.base}/deposits`, depositBody(s));
    expect(issueKeys(empty)).toEqual(['checkUuids:validation.depositEmpty']);
  });

  it('lists deposits newest first by bank and period, and gives the slip as a PDF', async () => {
    const s = await moneyInSetup(h);
    const a = unitOf(s);
    const savings = await createDirectly(h, s.b, 'banks', bankBody('Savings'));
    const make = async (date: string, bankUuid: string, amount: number) =>
      (
        await as(h, s.admin).post(
          `${s.base}/deposits`,
          depositBody(s, { date, bankUuid, cash: [{ unitUuid: a.uuid, amount }] }),
        )
      ).json();
    const jan = await make('2026-01-15', s.bank.uuid, 100);
    const feb = await make('2026-02-15', savings, 200);
    const mar = await make('2026-03-15', s.bank.uuid, 300);
    const numbers = async (query: string) =>
      (await as(h, s.admin).get(`${s.base}/deposits${query}`)).json().map((d: { uuid: string }) => d.uuid);
    expect(await numbers('')).toEqual([mar.uuid, feb.uuid, jan.uuid]);
    expect(await numbers(`?bankUuid=${s.bank.uuid}`)).toEqual([mar.uuid, jan.uuid]);
    expect(await numbers('?from=2026-02-01&to=2026-03-01')).toEqual([feb.uuid]);

    const slip = await as(h, s.admin).get(`${s.base}/deposits/${mar.uuid}/slip`);
    expect(slip.statusCode).toBe(200);
    expect(slip.headers['content-type']).toBe('application/pdf');
    expect(slip.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(slip.headers['content-disposition']).toContain('deposit-slip-3.pdf');
    const missing = await as(h, s.admin).get(`${s.base}/deposits/${s.bank.uuid}/slip`);
    expect(missing.statusCode).toBe(404);
  });

  it('exports the deposits as a spreadsheet or CSV, filtered, in the reader’s language', async () => {
    const s = await moneyInSetup(h);
    const a = unitOf(s);
    const check = await recordCheck(s, a.uuid, '77', 12_345);
    await as(h, s.admin).post(
      `${s.base}/deposits`,
      depositBody(s, { checkUuids: [check], date: '2026-03-10' }),
    );
    await as(h, s.admin).post(
      `${s.base}/deposits`,
      depositBody(s, { description: 'April', date: '2026-04-10', cash: [{ unitUuid: a.uuid, amount: 500 }] }),
    );
    const csv = await as(h, s.admin).get(`${s.base}/deposits/export?format=csv&to=2026-03-31`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toContain('Deposit no.,Date,Bank account,Description,Items,Total');
    expect(lines).toContain('1,2026-03-10,Caisse,March deposit,1,$123.45');
    expect(lines).toContain(`1,2026-03-10,${a.number},Check,77,,$123.45`);
    expect(csv.body).not.toContain('April');

    const xlsx = await as(h, s.admin).get(`${s.base}/deposits/export?format=xlsx`, {
      'accept-language': 'fr-CA',
    });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Dépôts');
    expect(sheet?.getRow(1).getCell(1).value).toBe('No de dépôt');
    expect(sheet?.getRow(2).getCell(6).value).toBe(123.45);
    expect(sheet?.getRow(3).getCell(4).value).toBe('April');
    expect(sheet?.getRow(4).getCell(6).value).toBe(128.45);
  });
});
