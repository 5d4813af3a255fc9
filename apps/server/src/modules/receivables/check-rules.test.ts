import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createHarness, createUser, grantBuildingRole, type Harness } from '../../test/harness';
import { bankBody, createDirectly, issueKeys } from '../../test/registry-fixtures';
import { moneyInSetup, transactionCount, type MoneyInSetup } from './test-fixtures';

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

const check = (s: MoneyInSetup, extra: Record<string, unknown> = {}, unit = 0) => ({
  unitUuid: unitOf(s, unit).uuid,
  number: '501',
  amount: 31_250,
  date: '2026-05-01',
  ...extra,
});

const deposit = (s: MoneyInSetup, extra: Record<string, unknown> = {}) => ({
  description: 'Deposit',
  date: '2026-06-01',
  bankUuid: s.bank.uuid,
  checkUuids: [],
  newChecks: [],
  cash: [],
  ...extra,
});

describe('check numbers', () => {
  it('refuses the number of another check of the same unit, however it is typed', async () => {
    const s = await moneyInSetup(h);
    expect((await as(h, s.admin).post(`${s.base}/checks`, check(s))).statusCode).toBe(201);
    for (const number of ['501', '0501']) {
      const again = await as(h, s.admin).post(`${s.base}/checks`, check(s, { number, amount: 100 }));
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('checkNumberTaken');
      expect(again.json().message).toBe('A check with this number was already recorded for this unit');
      expect(issueKeys(again)).toEqual(['number:receivables.validation.checkNumberTaken']);
    }
    // Another unit may have a check 501: it is another owner's checkbook.
    expect((await as(h, s.admin).post(`${s.base}/checks`, check(s, {}, 1))).statusCode).toBe(201);
    // A payment by check on the unit's page is the same check.
    const payment = await as(h, s.admin).post(`${s.base}/unit-payments`, {
      unitUuid: unitOf(s).uuid,
      date: '2026-05-01',
      amount: 31_250,
      paymentMethod: 'check',
      checkNumber: '501',
    });
    expect(issueKeys(payment)).toEqual(['checkNumber:receivables.validation.checkNumberTaken']);
    // Correcting a check to the number of another one is refused; keeping its own is not.
    const other = await as(h, s.admin).post(`${s.base}/checks`, check(s, { number: '502' }));
    const uuid = other.json().uuid as string;
    const clash = await as(h, s.admin).put(`${s.base}/checks/${uuid}`, check(s, { number: '501' }));
    expect(clash.statusCode).toBe(409);
    const kept = await as(h, s.admin).put(`${s.base}/checks/${uuid}`, check(s, { number: '502', amount: 1 }));
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it('tells a French reader in French', async () => {
    const s = await moneyInSetup(h);
    const manager = await createUser(h, 'gestionnaire', { locale: 'fr-CA' });
    await grantBuildingRole(h, s.b, manager, 'admin');
    await as(h, s.admin).post(`${s.base}/checks`, check(s));
    const again = await as(h, manager).post(`${s.base}/checks`, check(s));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Un chèque portant ce numéro a déjà été enregistré pour cette unité');
  });

  it('refuses a series that repeats a number or takes one already recorded, and saves none', async () => {
    const s = await moneyInSetup(h);
    await as(h, s.admin).post(`${s.base}/checks`, check(s, { number: '12' }));
    const series = (numbers: string[]) => ({
      unitUuid: unitOf(s).uuid,
      checks: numbers.map((number, i) => ({ number, amount: 10_000, date: `2026-0${i + 2}-01` })),
    });
    const repeated = await as(h, s.admin).post(`${s.base}/checks/series`, series(['10', '11', '010']));
    expect(repeated.statusCode).toBe(400);
    expect(issueKeys(repeated)).toEqual(['checks.2.number:receivables.validation.checkNumberRepeated']);
    const taken = await as(h, s.admin).post(`${s.base}/checks/series`, series(['11', '12', '13']));
    expect(taken.statusCode).toBe(409);
    expect(issueKeys(taken)).toEqual(['checks.1.number:receivables.validation.checkNumberTaken']);
    const listed = (await as(h, s.admin).get(`${s.base}/checks`)).json() as { number: string }[];
    expect(listed.map((c) => c.number)).toEqual(['12']);
  });

  it('in a deposit, refuses a new check of a number the unit gave to the same bank, or not yet deposited', async () => {
    const s = await moneyInSetup(h);
    const otherBank = await createDirectly(h, s.b, 'banks', bankBody('Other bank'));
    const first = await as(h, s.admin).post(
      `${s.base}/deposits`,
      deposit(s, { newChecks: [check(s, { number: '700' })] }),
    );
    expect(first.statusCode, first.body).toBe(201);
    const sameBank = await as(h, s.admin).post(
      `${s.base}/deposits`,
      deposit(s, { newChecks: [check(s, { number: '700' })] }),
    );
    expect(sameBank.statusCode).toBe(409);
    expect(issueKeys(sameBank)).toEqual(['newChecks.0.number:receivables.validation.checkNumberTaken']);
    // Two checks of one unit with one number in one deposit.
    const twice = await as(h, s.admin).post(
      `${s.base}/deposits`,
      deposit(s, { newChecks: [check(s, { number: '800' }), check(s, { number: '800', amount: 5 })] }),
    );
    expect(issueKeys(twice)).toEqual(['newChecks.1.number:receivables.validation.checkNumberRepeated']);
    // A check recorded and waiting is the same check when it is typed again into a deposit.
    await as(h, s.admin).post(`${s.base}/checks`, check(s, { number: '900' }));
    const waiting = await as(h, s.admin).post(
      `${s.base}/deposits`,
      deposit(s, { bankUuid: otherBank, newChecks: [check(s, { number: '900' })] }),
    );
    expect(issueKeys(waiting)).toEqual(['newChecks.0.number:receivables.validation.checkNumberTaken']);
    // The same number deposited in another bank is another check (another account of the owner).
    const otherBankDeposit = await as(h, s.admin).post(
      `${s.base}/deposits`,
      deposit(s, { bankUuid: otherBank, newChecks: [check(s, { number: '700' })] }),
    );
    expect(otherBankDeposit.statusCode, otherBankDeposit.body).toBe(201);
    expect(await transactionCount(s)).toBe(2);
  });

  it('takes a returned check again: the same check deposited a second time', async () => {
    const s = await moneyInSetup(h);
    const created = await as(h, s.admin).post(
      `${s.base}/deposits`,
      deposit(s, { newChecks: [check(s, { number: '42' })] }),
    );
    const checkUuid = created.json().items[0].checkUuid as string;
    const returned = await as(h, s.admin).post(`${s.base}/returned-checks`, {
      bankUuid: s.bank.uuid,
      unitUuid: unitOf(s).uuid,
      amount: 31_250,
      checkNumber: '42',
      date: '2026-06-05',
      checkUuid,
      chargeFee: false,
      emailOwner: false,
    });
    expect(returned.statusCode, returned.body).toBe(201);
    const again = await as(h, s.admin).post(`${s.base}/checks`, check(s, { number: '42' }));
    expect(again.statusCode, again.body).toBe(201);
  });

  it('lets two requests at the same time store one check of a number', async () => {
    const s = await moneyInSetup(h);
    const answers = await Promise.all(
      [1, 2, 3].map((i) => as(h, s.admin).post(`${s.base}/checks`, check(s, { number: '55', amount: i }))),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
  });
});

describe('check dates', () => {
  it('refuses a check dated after its fiscal year, or stale when the year begins', async () => {
    const s = await moneyInSetup(h);
    const late = await as(h, s.admin).post(`${s.base}/checks`, check(s, { date: '2027-01-01' }));
    expect(late.statusCode).toBe(400);
    expect(issueKeys(late)).toEqual(['date:receivables.validation.checkDateAfterYear']);
    expect(late.json().issues[0].params).toEqual({ date: '2026-12-31' });
    const stale = await as(h, s.admin).post(`${s.base}/checks`, check(s, { date: '2025-06-30' }));
    expect(issueKeys(stale)).toEqual(['date:receivables.validation.checkDateStale']);
    // Dated in December for the January fee: taken.
    const early = await as(h, s.admin).post(`${s.base}/checks`, check(s, { date: '2025-12-28' }));
    expect(early.statusCode, early.body).toBe(201);
    const last = await as(h, s.admin).post(
      `${s.base}/checks`,
      check(s, { number: '502', date: '2026-12-31' }),
    );
    expect(last.statusCode, last.body).toBe(201);
  });

  it('refuses a check dated 9999-12-31 wherever it is entered', async () => {
    const s = await moneyInSetup(h);
    const far = '9999-12-31';
    const single = await as(h, s.admin).post(`${s.base}/checks`, check(s, { date: far }));
    expect(single.statusCode).toBe(400);
    const series = await as(h, s.admin).post(`${s.base}/checks/series`, {
      unitUuid: unitOf(s).uuid,
      checks: [
        { number: '1', amount: 100, date: '2026-11-01' },
        { number: '2', amount: 100, date: far },
      ],
    });
    expect(series.statusCode).toBe(400);
    const payment = await as(h, s.admin).post(`${s.base}/unit-payments`, {
      unitUuid: unitOf(s).uuid,
      date: far,
      amount: 100,
      paymentMethod: 'check',
      checkNumber: '3',
    });
    expect(payment.statusCode).toBe(400);
    const inDeposit = await as(h, s.admin).post(
      `${s.base}/deposits`,
      deposit(s, { newChecks: [check(s, { date: '2024-01-01' })] }),
    );
    expect(issueKeys(inDeposit)).toEqual(['newChecks.0.date:receivables.validation.checkDateStale']);
    const listed = (await as(h, s.admin).get(`${s.base}/checks`)).json() as unknown[];
    expect(listed).toEqual([]);
    expect(await transactionCount(s)).toBe(0);
  });

  it('refuses a series running past the year end, naming the checks that do', async () => {
    const s = await moneyInSetup(h);
    const res = await as(h, s.admin).post(`${s.base}/checks/series`, {
      unitUuid: unitOf(s).uuid,
      checks: ['2026-10-01', '2026-12-01', '2027-02-01'].map((date, i) => ({
        number: String(100 + i),
        amount: 10_000,
        date,
      })),
    });
    expect(res.statusCode).toBe(400);
    expect(issueKeys(res)).toEqual(['checks.2.date:receivables.validation.checkDateAfterYear']);
  });

  it('refuses payments and transfers dated outside the year', async () => {
    const s = await moneyInSetup(h);
    for (const date of ['2027-01-01', '2025-12-31']) {
      const transfer = await as(h, s.admin).post(`${s.base}/wire-transfers`, {
        unitUuid: unitOf(s).uuid,
        bankUuid: s.bank.uuid,
        amount: 100,
        date,
      });
      expect(transfer.statusCode).toBe(400);
      const payment = await as(h, s.admin).post(`${s.base}/unit-payments`, {
        unitUuid: unitOf(s).uuid,
        date,
        amount: 100,
        paymentMethod: 'cash',
        bankUuid: s.bank.uuid,
      });
      expect(payment.statusCode).toBe(400);
    }
    expect(await transactionCount(s)).toBe(0);
  });
});
