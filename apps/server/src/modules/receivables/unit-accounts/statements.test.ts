import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import type { StatementView, UnitAccountView } from '@copro/domain';
import { outbox } from '../../../db/schema/index';
import { as, createHarness, type Harness } from '../../../test/harness';
import { issueKeys } from '../../../test/registry-fixtures';
import { pdfText } from '../../../test/report-files';
import { accountsBuilding, member, type AccountsBuilding } from './test-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

/**
 * A building whose owners read their own unit (ownersFinancesAccess self): unit 101 sold on
 * March 1st by Ann to Bob with the balance left, unit 102 owned by Cy.
 */
async function soldBuilding(access: 'self' | 'none' = 'self') {
  const t = await accountsBuilding(h, { ownersFinancesAccess: access });
  const users = {
    ann: await member(h, t.b, 'ann', 'owner'),
    bob: await member(h, t.b, 'bob', 'owner', 'fr-CA'),
    cy: await member(h, t.b, 'cy', 'owner'),
    resident: await member(h, t.b, 'resident', 'resident'),
    accountant: await member(h, t.b, 'accountant', 'accountant'),
  };
  const ann = await t.person('Ann', [users.ann.email]);
  const bob = await t.person('Bob', [users.bob.email, 'bob.work@example.test'], 'fr-CA');
  const cy = await t.person('Cy', [users.cy.email]);
  const unit = await t.unit('101', [ann]);
  const other = await t.unit('102', [cy]);
  await t.fee(unit.aid, 30_000, '2026-01-01');
  await t.payment(unit.aid, 10_000, '2026-01-20');
  await t.fee(unit.aid, 30_000, '2026-02-01');
  const sold = await as(h, t.admin).post(`${t.base}/units/${unit.uuid}/sale`, {
    date: '2026-03-01',
    newOwners: [bob],
    balance: 'leave',
  });
  expect(sold.statusCode, sold.body).toBe(201);
  const newAid = await t.aidOf(unit.uuid);
  await t.fee(newAid, 30_000, '2026-03-01');
  await t.payment(newAid, 12_000, '2026-03-10', 'check', '55');
  await t.fee(newAid, 30_000, '2026-04-01');
  return { t, users, unit, other, newAid };
}

const statement = (t: AccountsBuilding, unit: string, query = '') =>
  `${t.base}/units/${unit}/statement${query ? `?${query}` : ''}`;

describe('unit accounts and statements: who reads what', () => {
  it('finance readers see every account; an owner only the current account of their own unit', async () => {
    const { t, users, unit, other, newAid } = await soldBuilding();
    const all = await as(h, users.accountant).get(`${t.base}/units/${unit.uuid}/accounts`);
    expect(all.statusCode).toBe(200);
    expect((all.json() as UnitAccountView[]).map((a) => [a.aid, a.balance])).toEqual([
      [unit.aid, 50_000],
      [newAid, 48_000],
    ]);

    const own = await as(h, users.bob).get(`${t.base}/units/${unit.uuid}/accounts`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual([
      {
        aid: newAid,
        from: '2026-03-01',
        until: null,
        ownerNames: ['Bob'],
        balance: 48_000,
        soldAndNeedToSetBalanceToZero: false,
        closedAt: null,
      },
    ]);
    // Bob's statement is his account's; the former owner's account is not his to read.
    expect(((await as(h, users.bob).get(statement(t, unit.uuid))).json() as StatementView).aid).toBe(newAid);
    expect((await as(h, users.bob).get(statement(t, unit.uuid, `aid=${unit.aid}`))).statusCode).toBe(404);
    // Another unit's owner, and the former owner whose link the sale ended, learn nothing.
    expect((await as(h, users.cy).get(`${t.base}/units/${unit.uuid}/accounts`)).statusCode).toBe(404);
    expect((await as(h, users.cy).get(statement(t, unit.uuid))).statusCode).toBe(404);
    expect((await as(h, users.ann).get(`${t.base}/units/${unit.uuid}/accounts`)).statusCode).toBe(404);
    expect((await as(h, users.cy).get(`${t.base}/units/${other.uuid}/accounts`)).statusCode).toBe(200);
    // Residents never read unit finances.
    expect((await as(h, users.resident).get(`${t.base}/units/${unit.uuid}/accounts`)).statusCode).toBe(403);
    expect((await as(h, users.resident).get(statement(t, unit.uuid))).statusCode).toBe(403);
    // Owners do not sell or close.
    expect(
      (await as(h, users.bob).post(`${t.base}/units/${unit.uuid}/accounts/${unit.aid}/close`)).statusCode,
    ).toBe(403);
  });

  it('refuses owners of a building that keeps its finances from them (none)', async () => {
    const { t, users, unit } = await soldBuilding('none');
    expect((await as(h, users.bob).get(`${t.base}/units/${unit.uuid}/accounts`)).statusCode).toBe(403);
    expect((await as(h, users.bob).get(statement(t, unit.uuid))).statusCode).toBe(403);
    const mail = await as(h, users.bob).post(`${statement(t, unit.uuid)}/email`, {
      from: '2026-01-01',
      to: '2026-12-31',
    });
    expect(mail.statusCode).toBe(403);
  });
});

describe('statements of account', () => {
  it('opens with the balance before the period, lists its lines and closes, for any account of the unit', async () => {
    const { t, users, unit, newAid } = await soldBuilding();
    const res = await as(h, users.accountant).get(statement(t, unit.uuid, 'from=2026-03-05&to=2026-03-31'));
    expect(res.statusCode).toBe(200);
    const view = res.json() as StatementView;
    expect(view).toMatchObject({
      unitUuid: unit.uuid,
      unitNumber: '101',
      aid: newAid,
      ownerNames: ['Bob'],
      from: '2026-03-05',
      to: '2026-03-31',
      openingBalance: 30_000,
      totalInvoiced: 0,
      totalPaid: 12_000,
      closingBalance: 18_000,
    });
    expect(view.lines.map((l) => [l.date, l.kind, l.invoiced, l.paid, l.balance])).toEqual([
      ['2026-03-10', 'unitPayment', 0, 12_000, 18_000],
    ]);

    // The former owner's account, the whole year by default.
    const former = (
      await as(h, users.accountant).get(statement(t, unit.uuid, `aid=${unit.aid}`))
    ).json() as StatementView;
    expect(former).toMatchObject({
      aid: unit.aid,
      ownerNames: ['Ann'],
      from: '2026-01-01',
      to: '2026-12-31',
    });
    expect(former.lines.map((l) => [l.invoiced, l.paid, l.balance])).toEqual([
      [30_000, 0, 30_000],
      [0, 10_000, 20_000],
      [30_000, 0, 50_000],
    ]);
    expect(former.closingBalance).toBe(50_000);

    const notOurs = await as(h, users.accountant).get(statement(t, unit.uuid, `aid=${t.bankAid}`));
    expect(issueKeys(notOurs)).toEqual(['aid:statements.errors.notAnAccount']);
    const backwards = await as(h, users.accountant).get(
      statement(t, unit.uuid, 'from=2026-05-01&to=2026-04-01'),
    );
    expect(issueKeys(backwards)).toEqual(['to:validation.dateTooEarly']);
  });

  it('draws the statement as a PDF in the reader’s language', async () => {
    const { t, users, unit } = await soldBuilding();
    const en = await as(h, users.accountant).get(statement(t, unit.uuid, 'format=pdf'));
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toBe('application/pdf');
    expect(en.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const enText = pdfText(en.rawPayload);
    for (const word of ['Statement of account of unit 101', 'Invoiced', 'Paid', 'Balance', 'Bob', '$180.00'])
      expect(enText).toContain(word);
    // Bob reads French; his statement says so.
    const fr = await as(h, users.bob).get(statement(t, unit.uuid, 'format=pdf&to=2026-03-31'));
    expect(fr.statusCode).toBe(200);
    const frText = pdfText(fr.rawPayload);
    for (const word of ['Relevé de compte de l’unité 101'.replace('’', '\u0092'), 'Facturé', 'Payé', 'Solde'])
      expect(frText).toContain(word);
  });

  it('emails the statement: to the owners in their language from a manager, to the owner’s own address', async () => {
    const { t, users, unit } = await soldBuilding();
    const latest = async (count: number) =>
      h.platform.db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(count);

    const sent = await as(h, t.admin).post(`${statement(t, unit.uuid)}/email`, {
      from: '2026-03-01',
      to: '2026-03-31',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ sentTo: [users.bob.email, 'bob.work@example.test'] });
    const mails = await latest(2);
    expect(mails.map((m) => m.to).sort()).toEqual([users.bob.email, 'bob.work@example.test'].sort());
    for (const mail of mails) {
      expect(mail.subject).toBe(`Relevé de compte de l’unité 101, Building ${t.b.ref}`);
      expect(mail.html).toContain('<table');
      expect(mail.html).toContain('Facturé');
      expect(mail.text).toContain('Solde au 2026-03-31 : 180,00');
      expect(mail.text).toContain(`/building/${t.b.ref}/2026-01-01/units/transactions/${unit.uuid}`);
    }

    const own = await as(h, users.cy).post(
      `${t.base}/units/${(await t.unit('103', [await t.person('Cy2', [users.cy.email])])).uuid}/statement/email`,
      {
        from: '2026-01-01',
        to: '2026-12-31',
      },
    );
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toEqual({ sentTo: [users.cy.email] });
    const [mine] = await latest(1);
    expect(mine?.to).toBe(users.cy.email);
    expect(mine?.subject).toBe(`Statement of account of unit 103, Building ${t.b.ref}`);
    expect(mine?.text).toContain('Opening balance');

    // A unit whose owners have no email, and a building that sends none, are said so.
    const silent = await t.unit('104', [await t.person('Nomail')]);
    const none = await as(h, t.admin).post(`${statement(t, silent.uuid)}/email`, {
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(issueKeys(none)).toEqual([':statements.errors.noRecipient']);
  });

  it('sends nothing from a building that sends no emails', async () => {
    const t = await accountsBuilding(h, { sendNoEmails: true });
    const unit = await t.unit('201', [await t.person('Owner', ['owner@example.test'])]);
    const res = await as(h, t.admin).post(`${statement(t, unit.uuid)}/email`, {
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(issueKeys(res)).toEqual([':statements.errors.emailsDisabled']);
  });
});
