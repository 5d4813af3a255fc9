import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitPaymentMethods } from '@copro/domain';
import { as, createHarness, type Harness } from '../../test/harness';
import {
  bankBody,
  createDirectly,
  issueKeys,
  setYearArchived,
  unitBody,
  yearPath,
} from '../../test/registry-fixtures';
import { addPenalty, balanceOf, eventsOf, moneyInSetup, postings, transactionCount } from './test-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

const methodLabels: Record<string, string> = {
  cash: 'Cash',
  'credit-card': 'Credit card',
  'debit-card': 'Debit card',
  'wire-transfer': 'Wire transfer',
  otonom: 'Otonom pre-authorized debit',
  'pre-authorized-debit': 'Pre-authorized debit',
};

describe('unit payments', () => {
  it('posts a payment by every method but check at once: bank debited, unit credited', async () => {
    const s = await moneyInSetup(h);
    const [unit] = s.units;
    if (!unit) throw new Error('no unit');
    const methods = unitPaymentMethods.filter((m) => m !== 'check');
    expect(methods).toEqual([
      'cash',
      'credit-card',
      'debit-card',
      'wire-transfer',
      'otonom',
      'pre-authorized-debit',
    ]);
    for (const [i, paymentMethod] of methods.entries()) {
      const res = await as(h, s.admin).post(`${s.base}/unit-payments`, {
        unitUuid: unit.uuid,
        date: '2026-03-05',
        amount: 10_000 + i,
        paymentMethod,
        bankUuid: s.bank.uuid,
      });
      expect(res.statusCode, res.body).toBe(201);
      const { transaction, check } = res.json();
      expect(check).toBeNull();
      expect(transaction.kind).toBe('unitPayment');
      expect(transaction.paymentMethod).toBe(paymentMethod);
      expect(postings(transaction)).toEqual([
        [s.bank.aid, 10_000 + i],
        [unit.aid, -(10_000 + i)],
      ]);
      expect(transaction.description).toBe(`Payment (${methodLabels[paymentMethod]}), unit ${unit.number}`);
      expect(transaction.indexes.some((i: string) => i.startsWith('electronic-deposit:'))).toBe(
        paymentMethod === 'wire-transfer',
      );
    }
    // 6 payments of 100.00 + i cents: the unit is in credit by their sum.
    expect(await balanceOf(s, unit.aid)).toBe(-(6 * 10_000 + 15));
    expect(await balanceOf(s, s.bank.aid)).toBe(6 * 10_000 + 15);
  });

  it('records a payment by check as a check waiting for its deposit, posting nothing', async () => {
    const s = await moneyInSetup(h);
    const [unit] = s.units;
    if (!unit) throw new Error('no unit');
    const before = await transactionCount(s);
    const res = await as(h, s.admin).post(`${s.base}/unit-payments`, {
      unitUuid: unit.uuid,
      date: '2026-03-05',
      amount: 25_000,
      paymentMethod: 'check',
      checkNumber: '123',
      notes: 'In the mailbox',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { transaction, check } = res.json();
    expect(transaction).toBeNull();
    expect(check).toMatchObject({
      unitUuid: unit.uuid,
      unitNumber: unit.number,
      number: '123',
      amount: 25_000,
      date: '2026-03-05',
      notes: 'In the mailbox',
      status: 'recorded',
      depositUuid: null,
    });
    expect(await transactionCount(s)).toBe(before);
    expect(await balanceOf(s, unit.aid)).toBe(0);
    const listed = (await as(h, s.admin).get(`${s.base}/checks?status=recorded`)).json();
    expect(listed.map((c: { uuid: string }) => c.uuid)).toEqual([check.uuid]);
  });

  it('says which fields are wrong: a check without number, a payment without bank, unknown or archived records', async () => {
    const s = await moneyInSetup(h);
    const [unit] = s.units;
    if (!unit) throw new Error('no unit');
    const url = `${s.base}/unit-payments`;
    const body = {
      unitUuid: unit.uuid,
      date: '2026-03-05',
      amount: 100,
      paymentMethod: 'cash',
      bankUuid: s.bank.uuid,
    };
    let res = await as(h, s.admin).post(url, { ...body, paymentMethod: 'check', bankUuid: undefined });
    expect(issueKeys(res)).toEqual(['checkNumber:validation.required']);
    res = await as(h, s.admin).post(url, { ...body, bankUuid: undefined });
    expect(issueKeys(res)).toEqual(['bankUuid:validation.required']);
    res = await as(h, s.admin).post(url, { ...body, amount: 0 });
    expect(issueKeys(res)).toEqual(['amount:validation.numberTooSmall']);
    const archivedBank = await createDirectly(h, s.b, 'banks', bankBody('Old bank'));
    await as(h, s.admin).post(`${s.base}/banks/${archivedBank}/archive`, { archived: true });
    res = await as(h, s.admin).post(url, { ...body, unitUuid: s.bank.uuid, bankUuid: archivedBank });
    expect(res.statusCode).toBe(400);
    expect(issueKeys(res)).toEqual([
      'unitUuid:receivables.validation.unitMissing',
      'bankUuid:receivables.validation.archived',
    ]);
    // A date outside the fiscal year is the ledger's own check.
    res = await as(h, s.admin).post(url, { ...body, date: '2027-01-01' });
    expect(issueKeys(res)).toEqual(['date:validation.dateTooLate']);
    expect(await transactionCount(s)).toBe(0);
  });

  it('refuses the units and banks of another building, other buildings, and archived years', async () => {
    const s = await moneyInSetup(h);
    const other = await moneyInSetup(h);
    const [unit] = s.units;
    const [foreign] = other.units;
    if (!unit || !foreign) throw new Error('no unit');
    const body = {
      unitUuid: foreign.uuid,
      date: '2026-03-05',
      amount: 100,
      paymentMethod: 'cash',
      bankUuid: other.bank.uuid,
    };
    const res = await as(h, s.admin).post(`${s.base}/unit-payments`, body);
    expect(issueKeys(res)).toEqual([
      'unitUuid:receivables.validation.unitMissing',
      'bankUuid:receivables.validation.bankMissing',
    ]);
    // An admin of one building is nobody in another.
    const elsewhere = await as(h, s.admin).post(`${other.base}/unit-payments`, body);
    expect(elsewhere.statusCode).toBe(404);
    await setYearArchived(h, s.b, true);
    const archived = await as(h, s.admin).post(`${s.base}/unit-payments`, {
      ...body,
      unitUuid: unit.uuid,
      bankUuid: s.bank.uuid,
    });
    expect(archived.statusCode).toBe(409);
    expect(archived.json().code).toBe('archivedFiscalYear');
    const check = await as(h, s.admin).post(`${s.base}/checks`, {
      unitUuid: unit.uuid,
      number: '1',
      amount: 100,
      date: '2026-03-05',
    });
    expect(check.json().code).toBe('archivedFiscalYear');
    expect(await transactionCount(s)).toBe(0);
  });
});

describe('unit invoices and credit notes', () => {
  it('charges the unit against a category, and credits it back with a credit note', async () => {
    const s = await moneyInSetup(h);
    const [unit] = s.units;
    if (!unit) throw new Error('no unit');
    const invoice = await as(h, s.admin).post(`${s.base}/unit-charges`, {
      unitUuid: unit.uuid,
      kind: 'unitInvoice',
      date: '2026-02-10',
      amount: 45_000,
      categoryUuid: s.revenue.uuid,
      description: 'Door repair',
    });
    expect(invoice.statusCode, invoice.body).toBe(201);
    expect(invoice.json()).toMatchObject({
      kind: 'unitInvoice',
      description: 'Door repair',
      date: '2026-02-10',
    });
    expect(postings(invoice.json())).toEqual([
      [unit.aid, 45_000],
      [s.revenue.aid, -45_000],
    ]);
    const credit = await as(h, s.admin).post(`${s.base}/unit-charges`, {
      unitUuid: unit.uuid,
      kind: 'unitCreditNote',
      date: '2026-02-11',
      amount: 5_000,
      categoryUuid: s.revenue.uuid,
      description: 'Discount',
    });
    expect(credit.statusCode, credit.body).toBe(201);
    expect(credit.json()).toMatchObject({ kind: 'unitCreditNote', paymentMethod: 'credit-note' });
    expect(postings(credit.json())).toEqual([
      [unit.aid, -5_000],
      [s.revenue.aid, 5_000],
    ]);
    expect(await balanceOf(s, unit.aid)).toBe(40_000);
  });

  it('refuses an unknown category', async () => {
    const s = await moneyInSetup(h);
    const res = await as(h, s.admin).post(`${s.base}/unit-charges`, {
      unitUuid: s.units[0]?.uuid,
      kind: 'unitInvoice',
      date: '2026-02-10',
      amount: 100,
      categoryUuid: s.bank.uuid,
      description: 'Wrong',
    });
    expect(issueKeys(res)).toEqual(['categoryUuid:receivables.validation.categoryMissing']);
  });
});

describe('penalty charges', () => {
  it('charges a penalty or fee of the building by hand, with the kind its penalty gives, and logs it', async () => {
    const s = await moneyInSetup(h);
    const [unit] = s.units;
    if (!unit) throw new Error('no unit');
    const cases = [
      ['customPenalty', 'unitCustomPenalty', 'Noise'],
      ['customFee', 'unitCustomFee', 'Key copy'],
      ['defaultLatePaymentFee', 'unitLateFee', undefined],
      ['defaultCheckReversalFee', 'unitDepositReversalFee', undefined],
    ] as const;
    let total = 0;
    for (const [i, [kind, transactionKind, name]] of cases.entries()) {
      const penaltyUuid = await addPenalty(s, { kind, amount: 2_500, ...(name ? { name } : {}) });
      // The amount may differ from the penalty's own.
      const amount = 1_000 * (i + 1);
      total += amount;
      const res = await as(h, s.admin).post(`${s.base}/unit-penalty-charges`, {
        unitUuid: unit.uuid,
        penaltyUuid,
        date: '2026-04-02',
        amount,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().kind).toBe(transactionKind);
      expect(res.json().description).toBe(
        name ??
          { unitLateFee: 'Late fee', unitDepositReversalFee: 'Returned check fee' }[
            transactionKind as string
          ],
      );
      expect(postings(res.json())).toEqual([
        [unit.aid, amount],
        [s.revenue.aid, -amount],
      ]);
    }
    expect(await balanceOf(s, unit.aid)).toBe(total);
    const logged = await eventsOf(s, 'unitPenaltyAdded');
    expect(logged.map((l) => l.metadata.kind)).toEqual(cases.map((c) => c[1]));
    expect(logged.every((l) => l.indexes.includes(unit.uuid))).toBe(true);
  });

  it('refuses a penalty of another building', async () => {
    const s = await moneyInSetup(h);
    const other = await moneyInSetup(h);
    const foreign = await addPenalty(other, { kind: 'customFee', amount: 100, name: 'Fee' });
    const res = await as(h, s.admin).post(`${s.base}/unit-penalty-charges`, {
      unitUuid: s.units[0]?.uuid,
      penaltyUuid: foreign,
      date: '2026-04-02',
      amount: 100,
    });
    expect(issueKeys(res)).toEqual(['penaltyUuid:receivables.validation.penaltyMissing']);
    expect(await eventsOf(s, 'unitPenaltyAdded')).toEqual([]);
  });
});

describe('archived units', () => {
  it('take no payment', async () => {
    const s = await moneyInSetup(h);
    const uuid = await createDirectly(h, s.b, 'units', unitBody());
    const archive = await as(h, s.admin).post(`${yearPath(s.b)}/units/${uuid}/archive`, { archived: true });
    expect(archive.statusCode, archive.body).toBe(200);
    const res = await as(h, s.admin).post(`${s.base}/unit-payments`, {
      unitUuid: uuid,
      date: '2026-03-05',
      amount: 100,
      paymentMethod: 'cash',
      bankUuid: s.bank.uuid,
    });
    expect(issueKeys(res)).toEqual(['unitUuid:receivables.validation.archived']);
  });
});
