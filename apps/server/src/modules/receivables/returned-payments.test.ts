import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createHarness, type Harness } from '../../test/harness';
import { issueKeys } from '../../test/registry-fixtures';
import {
  addPenalty,
  balanceOf,
  eventsOf,
  mailsTo,
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

/** A check of 250.00 from the unit, recorded and deposited in deposit 1. */
async function depositedCheck(s: MoneyInSetup, unitIndex = 0) {
  const unit = unitOf(s, unitIndex);
  const check = await as(h, s.admin).post(`${s.base}/checks`, {
    unitUuid: unit.uuid,
    number: '4242',
    amount: 25_000,
    date: '2026-03-01',
  });
  const uuid = check.json().uuid as string;
  const deposit = await as(h, s.admin).post(`${s.base}/deposits`, {
    description: 'Deposit',
    date: '2026-03-02',
    bankUuid: s.bank.uuid,
    checkUuids: [uuid],
    newChecks: [],
    cash: [],
  });
  expect(deposit.statusCode, deposit.body).toBe(201);
  return { unit, uuid, deposit: deposit.json() };
}

const returnedBody = (s: MoneyInSetup, unitUuid: string, extra: Record<string, unknown> = {}) => ({
  bankUuid: s.bank.uuid,
  unitUuid,
  amount: 25_000,
  checkNumber: '4242',
  date: '2026-03-20',
  chargeFee: false,
  emailOwner: false,
  ...extra,
});

describe('returned checks (NSF)', () => {
  it('puts the amount back on the unit and takes it from the bank, and marks the check returned', async () => {
    const s = await moneyInSetup(h);
    const { unit, uuid, deposit } = await depositedCheck(s);
    expect(await balanceOf(s, unit.aid)).toBe(-25_000);
    const res = await as(h, s.admin).post(
      `${s.base}/returned-checks`,
      returnedBody(s, unit.uuid, { checkUuid: uuid }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { reversal, fee } = res.json();
    expect(fee).toBeNull();
    expect(reversal).toMatchObject({ kind: 'unitDepositReversal', check: '4242', deposit: '1' });
    expect(reversal.indexes).toContain('returned-deposit:1');
    expect(postings(reversal)).toEqual([
      [unit.aid, 25_000],
      [s.bank.aid, -25_000],
    ]);
    expect(await balanceOf(s, unit.aid)).toBe(0);
    expect(await balanceOf(s, s.bank.aid)).toBe(0);
    const [check] = (await as(h, s.admin).get(`${s.base}/checks?status=returned`)).json();
    expect(check?.uuid).toBe(uuid);
    const reread = (await as(h, s.admin).get(`${s.base}/deposits/${deposit.uuid}`)).json();
    expect(reread.items[0].returned).toBe(true);
    const [log] = await eventsOf(s, 'unitPaymentReversed');
    expect(log?.metadata).toMatchObject({ uuid: reversal.uuid, checkUuid: uuid, amount: 25_000 });
    expect(await mailsTo(h, unit.ownerEmail)).toEqual([]);

    // A check comes back once.
    const again = await as(h, s.admin).post(
      `${s.base}/returned-checks`,
      returnedBody(s, unit.uuid, { checkUuid: uuid }),
    );
    expect(issueKeys(again)).toEqual(['checkUuid:receivables.validation.checkNotDeposited']);
  });

  it('charges the building’s returned check fee and emails the owner in their language', async () => {
    const s = await moneyInSetup(h, { name: 'Le Castel' });
    await addPenalty(s, { kind: 'defaultCheckReversalFee', amount: 4_500 });
    const { unit, uuid } = await depositedCheck(s, 1);
    const res = await as(h, s.admin).post(
      `${s.base}/returned-checks`,
      returnedBody(s, unit.uuid, { checkUuid: uuid, chargeFee: true, emailOwner: true }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { reversal, fee } = res.json();
    expect(fee.kind).toBe('unitDepositReversalFee');
    expect(fee.description).toBe('Returned check fee (check 4242)');
    expect(postings(fee)).toEqual([
      [unit.aid, 4_500],
      [s.revenue.aid, -4_500],
    ]);
    expect(postings(reversal)).toEqual([
      [unit.aid, 25_000],
      [s.bank.aid, -25_000],
    ]);
    // Back up by the amount and the fee.
    expect(await balanceOf(s, unit.aid)).toBe(4_500);
    // On the unit's page the returned check comes before its fee, as they were posted.
    const page = (await as(h, s.admin).get(`${s.base}/accounts/${unit.aid}/transactions`)).json() as {
      lines: { transaction: { uuid: string } }[];
    };
    expect(page.lines.slice(-2).map((l) => l.transaction.uuid)).toEqual([reversal.uuid, fee.uuid]);
    expect((await eventsOf(s, 'unitPenaltyAdded')).map((l) => l.metadata.uuid)).toEqual([fee.uuid]);
    const [mail] = await mailsTo(h, unit.ownerEmail);
    expect(mail?.subject).toBe('Le Castel : votre chèque a été retourné par la banque');
    expect(mail?.text).toContain('Le chèque numéro 4242 de 250,00\u00a0$');
    expect(mail?.text).toContain('Des frais de chèque retourné de 45,00\u00a0$');
  });

  it('refuses the fee when the building defines none, and writes nothing', async () => {
    const s = await moneyInSetup(h);
    const { unit, uuid } = await depositedCheck(s);
    const before = await transactionCount(s);
    const res = await as(h, s.admin).post(
      `${s.base}/returned-checks`,
      returnedBody(s, unit.uuid, { checkUuid: uuid, chargeFee: true, emailOwner: true }),
    );
    expect(res.statusCode).toBe(400);
    expect(issueKeys(res)).toEqual(['chargeFee:receivables.validation.noCheckReversalFee']);
    expect(await transactionCount(s)).toBe(before);
    const [check] = (await as(h, s.admin).get(`${s.base}/checks`)).json();
    expect(check?.status).toBe('deposited');
    expect(await mailsTo(h, unit.ownerEmail)).toEqual([]);
    expect(await eventsOf(s, 'unitPaymentReversed')).toEqual([]);
  });

  it('refuses a check that does not match, or one still waiting for its deposit', async () => {
    const s = await moneyInSetup(h);
    const { unit, uuid } = await depositedCheck(s);
    const wrong = await as(h, s.admin).post(
      `${s.base}/returned-checks`,
      returnedBody(s, unitOf(s, 1).uuid, { checkUuid: uuid, amount: 24_999, checkNumber: '4243' }),
    );
    expect(issueKeys(wrong)).toEqual([
      'amount:receivables.validation.checkMismatch',
      'unitUuid:receivables.validation.checkMismatch',
      'checkNumber:receivables.validation.checkMismatch',
    ]);
    // The unit's next check: 4242 is taken by the deposited one.
    const waiting = await as(h, s.admin).post(`${s.base}/checks`, {
      unitUuid: unit.uuid,
      number: '4243',
      amount: 25_000,
      date: '2026-03-01',
    });
    expect(waiting.statusCode, waiting.body).toBe(201);
    const early = await as(h, s.admin).post(
      `${s.base}/returned-checks`,
      returnedBody(s, unit.uuid, { checkUuid: waiting.json().uuid, checkNumber: '4243' }),
    );
    expect(issueKeys(early)).toEqual(['checkUuid:receivables.validation.checkNotDeposited']);
    // Without a check named (deposited before Copro), only the amounts are posted.
    const unnamed = await as(h, s.admin).post(
      `${s.base}/returned-checks`,
      returnedBody(s, unit.uuid, { checkNumber: '900' }),
    );
    expect(unnamed.statusCode, unnamed.body).toBe(201);
    expect(unnamed.json().reversal.indexes).toContain('returned-deposit:900');
  });
});

describe('wire transfers', () => {
  it('records transfers, lists them, and a returned one posts its reversal without fee', async () => {
    const s = await moneyInSetup(h);
    const unit = unitOf(s);
    const res = await as(h, s.admin).post(`${s.base}/wire-transfers`, {
      unitUuid: unit.uuid,
      bankUuid: s.bank.uuid,
      amount: 60_000,
      date: '2026-02-03',
      reference: 'INTERAC 88/12',
    });
    expect(res.statusCode, res.body).toBe(201);
    const transfer = res.json();
    expect(transfer).toMatchObject({
      kind: 'unitPayment',
      paymentMethod: 'wire-transfer',
      description: `Wire transfer INTERAC 88/12, unit ${unit.number}`,
    });
    expect(transfer.indexes).toContain('electronic-deposit:INTERAC-88-12');
    expect(postings(transfer)).toEqual([
      [s.bank.aid, 60_000],
      [unit.aid, -60_000],
    ]);
    const byPayment = await as(h, s.admin).post(`${s.base}/unit-payments`, {
      unitUuid: unitOf(s, 1).uuid,
      date: '2026-02-20',
      amount: 1_000,
      paymentMethod: 'wire-transfer',
      bankUuid: s.bank.uuid,
    });
    expect(byPayment.statusCode).toBe(201);
    await as(h, s.admin).post(`${s.base}/unit-payments`, {
      unitUuid: unit.uuid,
      date: '2026-02-21',
      amount: 1_000,
      paymentMethod: 'cash',
      bankUuid: s.bank.uuid,
    });

    const list = async (query = '') => (await as(h, s.admin).get(`${s.base}/wire-transfers${query}`)).json();
    expect(await list()).toEqual([
      {
        transactionUuid: transfer.uuid,
        date: '2026-02-03',
        unitUuid: unit.uuid,
        unitNumber: unit.number,
        bankUuid: s.bank.uuid,
        amount: 60_000,
        reference: 'INTERAC 88/12',
        returned: false,
      },
      {
        transactionUuid: byPayment.json().transaction.uuid,
        date: '2026-02-20',
        unitUuid: unitOf(s, 1).uuid,
        unitNumber: unitOf(s, 1).number,
        bankUuid: s.bank.uuid,
        amount: 1_000,
        reference: '',
        returned: false,
      },
    ]);
    expect((await list('?from=2026-02-10')).length).toBe(1);

    const mismatch = await as(h, s.admin).post(`${s.base}/returned-electronic-payments`, {
      bankUuid: s.bank.uuid,
      unitUuid: unitOf(s, 1).uuid,
      amount: 59_999,
      date: '2026-02-10',
      transactionUuid: transfer.uuid,
      emailOwner: false,
    });
    expect(issueKeys(mismatch)).toEqual([
      'amount:receivables.validation.paymentMismatch',
      'unitUuid:receivables.validation.paymentMismatch',
    ]);
    const returned = await as(h, s.admin).post(`${s.base}/returned-electronic-payments`, {
      bankUuid: s.bank.uuid,
      unitUuid: unit.uuid,
      amount: 60_000,
      date: '2026-02-10',
      transactionUuid: transfer.uuid,
      emailOwner: true,
    });
    expect(returned.statusCode, returned.body).toBe(201);
    expect(returned.json()).toMatchObject({
      kind: 'unitElectronicDepositReversal',
      paymentMethod: 'wire-transfer',
    });
    expect(returned.json().indexes).toContain('returned-deposit:INTERAC-88-12');
    expect(postings(returned.json())).toEqual([
      [unit.aid, 60_000],
      [s.bank.aid, -60_000],
    ]);
    // No fee: the unit is back to what it owed before the transfer, less its cash payment.
    expect(await balanceOf(s, unit.aid)).toBe(-1_000);
    expect((await list()).map((t: { returned: boolean }) => t.returned)).toEqual([true, false]);
    expect((await eventsOf(s, 'unitPaymentReversed')).map((l) => l.metadata.returnedTransactionUuid)).toEqual(
      [transfer.uuid],
    );
    const [mail] = await mailsTo(h, unit.ownerEmail);
    expect(mail?.subject).toContain('your electronic payment was returned');
    expect(mail?.text).toContain('$600.00');

    const twice = await as(h, s.admin).post(`${s.base}/returned-electronic-payments`, {
      bankUuid: s.bank.uuid,
      unitUuid: unit.uuid,
      amount: 60_000,
      date: '2026-02-11',
      transactionUuid: transfer.uuid,
      emailOwner: false,
    });
    expect(issueKeys(twice)).toEqual(['transactionUuid:receivables.validation.paymentAlreadyReturned']);
  });

  it('refuses a deposit as the electronic payment returned', async () => {
    const s = await moneyInSetup(h);
    const { unit, deposit } = await depositedCheck(s);
    const res = await as(h, s.admin).post(`${s.base}/returned-electronic-payments`, {
      bankUuid: s.bank.uuid,
      unitUuid: unit.uuid,
      amount: 25_000,
      date: '2026-03-10',
      transactionUuid: deposit.transactionUuid,
      emailOwner: false,
    });
    expect(issueKeys(res)).toEqual(['transactionUuid:receivables.validation.paymentMissing']);
  });
});
