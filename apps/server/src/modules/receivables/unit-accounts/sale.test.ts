import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { UnitAccountView } from '@copro/domain';
import { ledgerTransaction, unitSale } from '../../../db/schema/index';
import { as, createHarness, type Harness } from '../../../test/harness';
import { bankBody, createDirectly, issueKeys } from '../../../test/registry-fixtures';
import { accountsBuilding, member } from './test-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

type UnitView = {
  aid: number;
  owners: { personUuid: string; from?: string; to?: string }[];
  ownersEmails: string[];
};

describe('unit sale', () => {
  it('carries the balance: moves later transactions, transfers the balance, closes the old account', async () => {
    const t = await accountsBuilding(h, { locale: 'fr-CA' });
    const ann = await t.person('Seller', ['ann@example.test']);
    const bob = await t.person('Buyer', ['bob@example.test']);
    const unit = await t.unit('101', [ann]);
    await t.fee(unit.aid, 30_000, '2026-01-01');
    await t.payment(unit.aid, 10_000, '2026-02-01');
    const marchFee = await t.fee(unit.aid, 30_000, '2026-03-01');
    const marchPayment = await t.payment(unit.aid, 5_000, '2026-03-05', 'check', '77');

    const res = await as(h, t.admin).post(`${t.base}/units/${unit.uuid}/sale`, {
      date: '2026-02-15',
      newOwners: [bob],
      balance: 'carry',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { accounts } = res.json() as { accounts: UnitAccountView[] };
    expect(accounts).toHaveLength(2);
    const [old, current] = accounts;
    const newAid = current?.aid ?? 0;
    expect(newAid).toBeGreaterThan(unit.aid);
    expect(old).toMatchObject({
      aid: unit.aid,
      from: null,
      until: '2026-02-15',
      ownerNames: ['Seller'],
      balance: 0,
      soldAndNeedToSetBalanceToZero: false,
    });
    expect(old?.closedAt).not.toBeNull();
    // 30,000 − 10,000 carried, then the moved March fee and payment: 20,000 + 30,000 − 5,000.
    expect(current).toMatchObject({
      aid: newAid,
      from: '2026-02-15',
      until: null,
      ownerNames: ['Buyer'],
      balance: 45_000,
      soldAndNeedToSetBalanceToZero: false,
      closedAt: null,
    });

    // The unit's account is the new one; the seller's link ends the day before, the buyer's begins.
    const view = (await as(h, t.admin).get(`${t.base}/units/${unit.uuid}`)).json() as UnitView;
    expect(view.aid).toBe(newAid);
    expect(view.owners).toEqual([
      { personUuid: ann, to: '2026-02-14' },
      { personUuid: bob, from: '2026-02-15' },
    ]);
    expect(view.ownersEmails).toContain('bob@example.test');

    // The March transactions were cancelled, in the building's language, and posted again on the new account.
    for (const [uuid, kind] of [
      [marchFee, 'unitMonthlyFee'],
      [marchPayment, 'unitPayment'],
    ] as const) {
      const original = await t.transaction(uuid);
      expect(original.row.status).toBe('cancelled');
      expect(original.row.cancelled?.reason).toBe(
        'unité vendue : déplacée au compte du nouveau propriétaire',
      );
      const copies = await h.platform.db
        .select()
        .from(ledgerTransaction)
        .where(
          and(
            eq(ledgerTransaction.buildingId, t.b.id),
            eq(ledgerTransaction.kind, kind),
            eq(ledgerTransaction.date, original.row.date),
            eq(ledgerTransaction.status, 'normal'),
          ),
        );
      expect(copies).toHaveLength(1);
      const copy = await t.transaction(copies[0]?.uuid ?? '');
      expect(copy.row.description).toBe(original.row.description);
      expect(copy.row.paymentMethod).toBe(original.row.paymentMethod);
      expect(copy.row.indexes).toContain(`aid:${newAid}`);
      expect(copy.row.indexes).not.toContain(`aid:${unit.aid}`);
      // Same lines, the unit's on the new account, with its check number (77 on the payment).
      expect(copy.lines).toEqual(
        original.lines.map((l) => ({ ...l, aid: l.aid === unit.aid ? newAid : l.aid })),
      );
      if (kind === 'unitPayment') expect(copy.lines.find((l) => l.aid === newAid)?.checkNumber).toBe('77');
    }
    // The former owners' 20,000 carried to the new account at the sale date.
    const moved = await h.platform.db
      .select()
      .from(ledgerTransaction)
      .where(
        and(eq(ledgerTransaction.buildingId, t.b.id), eq(ledgerTransaction.kind, 'unitBalanceTransfer')),
      );
    expect(moved).toHaveLength(1);
    const transfer = await t.transaction(moved[0]?.uuid ?? '');
    expect(transfer.row.date).toBe('2026-02-15');
    expect(transfer.lines).toEqual([
      { aid: newAid, amount: 20_000, checkNumber: null },
      { aid: unit.aid, amount: -20_000, checkNumber: null },
    ]);

    const [sold] = await t.logs('unitSold');
    expect(sold?.metadata).toMatchObject({
      unit: unit.uuid,
      date: '2026-02-15',
      oldAid: unit.aid,
      newAid,
      balance: 20_000,
      option: 'carry',
    });
    const closed = await t.logs('unitAccountClosed');
    expect(closed.map((l) => l.metadata)).toEqual([
      expect.objectContaining({ aid: unit.aid, unit: unit.uuid }),
    ]);
    expect((await t.logs('unitEdited')).some((l) => l.indexes.includes(unit.uuid))).toBe(true);
    const [row] = await h.platform.db.select().from(unitSale).where(eq(unitSale.buildingId, t.b.id));
    expect(row).toMatchObject({
      balanceOption: 'carry',
      balanceAtSale: 20_000,
      formerOwners: [{ personUuid: ann, name: 'Seller' }],
      newOwners: [{ personUuid: bob, name: 'Buyer' }],
    });
  });

  it('leaves the balance with the former owner until a payment settles it, then closes', async () => {
    const t = await accountsBuilding(h);
    const ann = await t.person('Seller');
    const bob = await t.person('Buyer');
    const unit = await t.unit('201', [ann]);
    await t.fee(unit.aid, 25_000, '2026-01-01');

    const sold = await as(h, t.admin).post(`${t.base}/units/${unit.uuid}/sale`, {
      date: '2026-02-01',
      newOwners: [bob],
      balance: 'leave',
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const [old, current] = (sold.json() as { accounts: UnitAccountView[] }).accounts;
    expect(old).toMatchObject({ balance: 25_000, soldAndNeedToSetBalanceToZero: true, closedAt: null });
    expect(current?.balance).toBe(0);
    expect(await t.logs('unitAccountClosed')).toEqual([]);
    const [log] = await t.logs('unitSold');
    expect(log?.metadata).toMatchObject({ balance: 25_000, option: 'leave' });

    const close = () => as(h, t.admin).post(`${t.base}/units/${unit.uuid}/accounts/${unit.aid}/close`);
    const refused = await close();
    expect(refused.statusCode).toBe(400);
    expect(issueKeys(refused)).toEqual(['aid:sales.errors.balanceNotZero']);
    expect(refused.json().issues[0].params.balance).toBe('$250.00');

    // The accountant posts the former owner's payment against the old account.
    const paid = await as(h, t.admin).post(`${t.base}/transactions`, {
      date: '2026-03-10',
      description: 'Paid by the seller at the notary',
      kind: 'accountantWriting',
      taxes: [],
      indexes: [],
      subtransactions: [
        { aid: t.bankAid, amount: 25_000 },
        { aid: unit.aid, amount: -25_000 },
      ],
    });
    expect(paid.statusCode, paid.body).toBe(201);

    const done = await close();
    expect(done.statusCode, done.body).toBe(200);
    const [closedOld] = done.json() as UnitAccountView[];
    expect(closedOld).toMatchObject({ aid: unit.aid, balance: 0, soldAndNeedToSetBalanceToZero: false });
    expect(closedOld?.closedAt).not.toBeNull();
    const closedLogs = await t.logs('unitAccountClosed');
    expect(closedLogs.map((l) => l.metadata)).toEqual([expect.objectContaining({ aid: unit.aid })]);

    expect(issueKeys(await close())).toEqual(['aid:sales.errors.alreadyClosed']);
    const current2 = await as(h, t.admin).post(`${t.base}/units/${unit.uuid}/accounts/${current?.aid}/close`);
    expect(issueKeys(current2)).toEqual(['aid:sales.errors.notFormerAccount']);
    expect((await as(h, t.admin).post(`${t.base}/units/${unit.uuid}/accounts/99999/close`)).statusCode).toBe(
      404,
    );
  });

  it('posts what is dated before the sale on the former owners’ account, the rest on the new one', async () => {
    const t = await accountsBuilding(h);
    const ann = await t.person('Seller');
    const bob = await t.person('Buyer');
    const unit = await t.unit('301', [ann]);
    await t.fee(unit.aid, 40_000, '2026-01-01');
    const sold = await as(h, t.admin).post(`${t.base}/units/${unit.uuid}/sale`, {
      date: '2026-03-01',
      newOwners: [bob],
      balance: 'leave',
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const newAid = (sold.json() as { accounts: UnitAccountView[] }).accounts[1]?.aid ?? 0;
    const bankUuid = await createDirectly(h, t.b, 'banks', bankBody('Second bank'));
    const pay = (date: string) =>
      as(h, t.admin).post(`${t.base}/unit-payments`, {
        unitUuid: unit.uuid,
        date,
        amount: 10_000,
        paymentMethod: 'cash',
        bankUuid,
      });
    const before = await pay('2026-02-28');
    const after = await pay('2026-03-01');
    expect(before.statusCode, before.body).toBe(201);
    const unitLine = (res: typeof before) =>
      (
        res.json() as { transaction: { subtransactions: { aid: number; amount: number }[] } }
      ).transaction.subtransactions.find((l) => l.amount < 0)?.aid;
    expect(unitLine(before)).toBe(unit.aid);
    expect(unitLine(after)).toBe(newAid);
  });

  it('closes the old account at once when nothing is left to settle, whatever the option', async () => {
    const t = await accountsBuilding(h);
    const bob = await t.person('Buyer');
    const unit = await t.unit('301', [await t.person('Seller')]);
    const res = await as(h, t.admin).post(`${t.base}/units/${unit.uuid}/sale`, {
      date: '2026-05-01',
      newOwners: [bob],
      balance: 'leave',
    });
    const [old] = (res.json() as { accounts: UnitAccountView[] }).accounts;
    expect(old).toMatchObject({ balance: 0, soldAndNeedToSetBalanceToZero: false });
    expect(old?.closedAt).not.toBeNull();
    expect(await t.logs('unitAccountClosed')).toHaveLength(1);
    // Nothing to carry: no transfer is posted.
    const transfers = await h.platform.db
      .select()
      .from(ledgerTransaction)
      .where(
        and(eq(ledgerTransaction.buildingId, t.b.id), eq(ledgerTransaction.kind, 'unitBalanceTransfer')),
      );
    expect(transfers).toEqual([]);
  });

  it('sells a unit again: a third account, each period after the one before', async () => {
    const t = await accountsBuilding(h);
    const [ann, bob, cy] = [await t.person('Ann'), await t.person('Bob'), await t.person('Cy')];
    const unit = await t.unit('401', [ann]);
    await t.fee(unit.aid, 10_000, '2026-01-01');
    const sell = (date: string, owner: string) =>
      as(h, t.admin).post(`${t.base}/units/${unit.uuid}/sale`, {
        date,
        newOwners: [owner],
        balance: 'carry',
      });
    expect((await sell('2026-03-01', bob)).statusCode).toBe(201);
    const aprilFee = await t.fee((await t.aidOf(unit.uuid)) ?? 0, 10_000, '2026-04-15');

    const early = await sell('2026-03-01', cy);
    expect(early.statusCode).toBe(400);
    expect(issueKeys(early)).toEqual(['date:sales.errors.dateBeforePreviousSale']);

    const again = await sell('2026-04-01', cy);
    expect(again.statusCode, again.body).toBe(201);
    const accounts = (again.json() as { accounts: UnitAccountView[] }).accounts;
    expect(accounts.map((a) => [a.from, a.until, a.ownerNames, a.balance])).toEqual([
      [null, '2026-03-01', ['Ann'], 0],
      ['2026-03-01', '2026-04-01', ['Bob'], 0],
      ['2026-04-01', null, ['Cy'], 20_000],
    ]);
    const aids = accounts.map((a) => a.aid);
    expect(aids[0]).toBe(unit.aid);
    expect([...aids].sort((a, b) => a - b)).toEqual(aids);
    expect(await t.aidOf(unit.uuid)).toBe(aids[2]);
    expect((await t.transaction(aprilFee)).row.status).toBe('cancelled');

    const view = (await as(h, t.admin).get(`${t.base}/units/${unit.uuid}`)).json() as UnitView;
    expect(view.owners).toEqual([
      { personUuid: ann, to: '2026-02-28' },
      { personUuid: bob, from: '2026-03-01', to: '2026-03-31' },
      { personUuid: cy, from: '2026-04-01' },
    ]);
  });

  it('refuses a date outside the year, unknown or repeated owners, and callers without finance write', async () => {
    const t = await accountsBuilding(h);
    const bob = await t.person('Buyer');
    const unit = await t.unit('501', []);
    const post = (body: object, by = t.admin) => as(h, by).post(`${t.base}/units/${unit.uuid}/sale`, body);
    expect(issueKeys(await post({ date: '2027-01-01', newOwners: [bob], balance: 'carry' }))).toEqual([
      'date:validation.dateTooLate',
    ]);
    const nobody = '00000000-0000-4000-8000-000000000000';
    expect(issueKeys(await post({ date: '2026-06-01', newOwners: [bob, nobody], balance: 'carry' }))).toEqual(
      ['newOwners.1:registry.recordMissing'],
    );
    expect(issueKeys(await post({ date: '2026-06-01', newOwners: [bob, bob], balance: 'carry' }))).toEqual([
      'newOwners:registry.listedTwice',
    ]);
    const accountant = await member(h, t.b, 'accountant', 'accountant');
    expect(
      (await post({ date: '2026-06-01', newOwners: [bob], balance: 'carry' }, accountant)).statusCode,
    ).toBe(403);
    expect(
      (
        await as(h, t.admin).post(`${t.base}/units/${nobody}/sale`, {
          date: '2026-06-01',
          newOwners: [bob],
          balance: 'carry',
        })
      ).statusCode,
    ).toBe(404);
    // Nothing of it was written.
    expect(await t.logs('unitSold')).toEqual([]);
    expect(await t.aidOf(unit.uuid)).toBe(unit.aid);
  });
});
