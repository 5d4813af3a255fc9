import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { AccountPage, StatementView, TransactionView } from '@copro/domain';
import { budget, ledgerTransaction, outbox } from '../../db/schema/index';
import {
  as,
  createBuildingFixture,
  createHarness,
  createUser,
  grantBuildingRole,
  type Harness,
  type TestUser,
} from '../../test/harness';
import { createDirectly, personBody, unitBody, yearPath } from '../../test/registry-fixtures';
import { pdfText } from '../../test/report-files';
import { seedChartOfAccounts } from '../accounts';
import { billYear } from '../receivables';
import { chargePenalties } from '../receivables';
import { findRecord } from '../registry';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

const system = { kind: 'system', id: 'queue' } as const;
const english = { 'accept-language': 'en-CA' };
/** Intl writes narrow no-break spaces in French amounts; compared as plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

/**
 * A French building (its chart seeded in French) whose unit 101 is owned by an English reader
 * and a French one, billed its fees for January to March by the budget, and charged the late
 * fees and interest due on March 15th.
 */
async function frenchBuilding() {
  const b = await createBuildingFixture(h, { locale: 'fr-CA', ownersFinancesAccess: 'self' });
  const scope = { buildingId: b.id, fiscalYear: '2026-01-01' };
  await h.platform.db.transaction((tx) => seedChartOfAccounts(tx, scope, system, 'fr-CA'));
  const base = yearPath(b);
  const admin = await createUser(h, 'admin');
  await grantBuildingRole(h, b, admin, 'admin');
  const owners: Record<'en' | 'fr', TestUser> = {
    en: await createUser(h, 'owner-en', { locale: 'en-CA' }),
    fr: await createUser(h, 'owner-fr', { locale: 'fr-CA' }),
  };
  const people = [];
  for (const [language, owner] of Object.entries(owners)) {
    await grantBuildingRole(h, b, owner, 'owner');
    const locale = language === 'en' ? 'en-CA' : 'fr-CA';
    people.push(
      await createDirectly(h, b, 'people', personBody(`Owner ${language}`, [owner.email], { locale })),
    );
  }
  const unitUuid = await createDirectly(
    h,
    b,
    'units',
    unitBody('101', { owners: people.map((personUuid) => ({ personUuid })) }),
  );
  const aid = (await findRecord(h.platform.db, scope, 'units', unitUuid))?.aid ?? 0;

  const categories = new Map(
    (
      (await as(h, admin).get(`${base}/categories`)).json().items as {
        uuid: string;
        aid: number;
        systemKey: string;
      }[]
    ).map((c) => [c.systemKey, c]),
  );
  const category = (key: string) => categories.get(key)?.uuid;
  const draft = await as(h, admin).post(`${base}/budgets`, {
    contributions: [
      { name: 'Charges', amount: 1_200_000, category: category('condoFees'), appliesTo: 'all:units' },
      {
        name: 'Fonds',
        amount: 100_000,
        category: category('contingencyFundContributions'),
        appliesTo: 'all:units',
      },
    ],
    budgetedAmounts: { [category('insurance') ?? '']: 1_000_000 },
    budgetedComments: {},
  });
  expect(draft.statusCode, draft.body).toBe(201);
  const budgetUuid = draft.json().uuid as string;
  const applied = await as(h, admin).post(`${base}/budgets/${budgetUuid}/apply`, {
    applicationDate: '2026-01-01',
  });
  expect(applied.statusCode, applied.body).toBe(200);
  await h.platform.db
    .update(budget)
    .set({ appliedAt: new Date('2026-01-01T00:00:00Z') })
    .where(eq(budget.uuid, budgetUuid));
  // Each month billed on its 1st, so that January's fee is overdue by March 15th.
  for (const today of ['2026-01-01', '2026-02-01', '2026-03-01'])
    await h.platform.db.transaction((tx) => billYear(tx, scope, today, 'fr-CA'));

  for (const body of [
    {
      kind: 'defaultLatePaymentFee',
      categoryUuid: category('penaltiesAndFees'),
      amount: 2_500,
      gracePeriod: 10,
    },
    { kind: 'defaultInterests', categoryUuid: category('interestIncome'), rate: 0.12, gracePeriod: 10 },
  ]) {
    const res = await as(h, admin).post(`/api/buildings/${b.ref}/penalties`, body);
    expect(res.statusCode, res.body).toBe(201);
  }
  expect(
    await h.platform.db.transaction((tx) => chargePenalties(tx, scope, '2026-03-15', system)),
  ).toBeGreaterThan(0);
  return { b, base, admin, owners, unitUuid, aid, budgetUuid };
}

type Setup = Awaited<ReturnType<typeof frenchBuilding>>;

const pageOf = async (s: Setup, reader: TestUser, headers: Record<string, string> = {}) => {
  const res = await as(h, reader).get(`${s.base}/accounts/${s.aid}/transactions?pageSize=50`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AccountPage;
};
const descriptionsOf = (page: AccountPage, kind: string) =>
  page.lines.filter((l) => l.transaction.kind === kind).map((l) => plain(l.transaction.description));

describe('text the system writes, in the reader language (DESIGN 3)', () => {
  it('stores the building language and shows each reader fees and penalties in theirs', async () => {
    const s = await frenchBuilding();
    const stored = await h.platform.db
      .select({ description: ledgerTransaction.description })
      .from(ledgerTransaction)
      .where(and(eq(ledgerTransaction.buildingId, s.b.id), eq(ledgerTransaction.kind, 'unitMonthlyFee')));
    expect(stored.map((r) => r.description).sort()).toEqual([
      'Contribution mensuelle 2026-01 — 101',
      'Contribution mensuelle 2026-02 — 101',
      'Contribution mensuelle 2026-03 — 101',
    ]);

    const en = await pageOf(s, s.owners.en);
    expect(descriptionsOf(en, 'unitMonthlyFee')).toEqual([
      'Monthly fee 2026-01 — 101',
      'Monthly fee 2026-02 — 101',
      'Monthly fee 2026-03 — 101',
    ]);
    expect(descriptionsOf(en, 'unitLateFee')[0]).toBe('Late fee — January 2026 — 101');
    expect(descriptionsOf(en, 'unitInterestFee')[0]).toMatch(
      /^Interest at 12 % per year on \$[\d,.]+ overdue — [A-Z][a-z]+ 2026 — 101$/,
    );

    const fr = await pageOf(s, s.owners.fr);
    expect(descriptionsOf(fr, 'unitMonthlyFee')[0]).toBe('Contribution mensuelle 2026-01 — 101');
    expect(descriptionsOf(fr, 'unitLateFee')[0]).toBe('Frais de retard — janvier 2026 — 101');
    expect(descriptionsOf(fr, 'unitInterestFee')[0]).toMatch(/^Intérêts à 12 % par année sur [\d ,]+ \$/);

    // A manager without a language of their own reads in the browser's.
    expect(descriptionsOf(await pageOf(s, s.admin, english), 'unitMonthlyFee')[0]).toBe(
      'Monthly fee 2026-01 — 101',
    );
  });

  it("an owner's transaction names its accounts, the seeded ones in the reader language", async () => {
    const s = await frenchBuilding();
    const fee = (await pageOf(s, s.owners.en)).lines.find((l) => l.transaction.kind === 'unitMonthlyFee');
    const read = async (reader: TestUser) => {
      const res = await as(h, reader).get(`${s.base}/transactions/${fee?.transaction.uuid}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as TransactionView).subtransactions.map((l) => l.accountName);
    };
    expect(await read(s.owners.en)).toEqual(['Unit 101', 'Condo fees', 'Contingency fund contributions']);
    expect(await read(s.owners.fr)).toEqual([
      'Unité 101',
      'Charges communes',
      'Contributions au fonds de prévoyance',
    ]);
    for (const name of await read(s.owners.en)) expect(name).not.toMatch(/^(Account|Compte) \d+$/);
  });

  it('statements, their PDF, the journal and the owners’ mails are in each reader language', async () => {
    const s = await frenchBuilding();
    const statementUrl = `${s.base}/units/${s.unitUuid}/statement`;
    const read = async (reader: TestUser) =>
      ((await as(h, reader).get(statementUrl)).json() as StatementView).lines.map((l) =>
        plain(l.description),
      );
    expect(await read(s.owners.en)).toContain('Late fee — January 2026 — 101');
    expect(await read(s.owners.fr)).toContain('Frais de retard — janvier 2026 — 101');

    const pdf = await as(h, s.owners.en).get(`${statementUrl}?format=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload)).toContain('Monthly fee 2026-01');

    const journal = await as(h, s.admin).get(`${s.base}/journal`, english);
    expect(journal.body).toContain('Monthly fee 2026-02 — 101');
    expect(journal.body).not.toContain('Contribution mensuelle');

    const sent = await as(h, s.admin).post(`${statementUrl}/email`, { from: '2026-01-01', to: '2026-03-31' });
    expect(sent.statusCode, sent.body).toBe(200);
    const mails = await h.platform.db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(2);
    const mailTo = (owner: TestUser) => mails.find((m) => m.to === owner.email);
    expect(mailTo(s.owners.en)?.text).toContain('Monthly fee 2026-01 — 101');
    expect(mailTo(s.owners.en)?.text).not.toContain('Contribution mensuelle');
    expect(mailTo(s.owners.fr)?.text).toContain('Contribution mensuelle 2026-01 — 101');
  });

  it('a cancellation the system made reads in the reader language', async () => {
    const s = await frenchBuilding();
    const unapplied = await as(h, s.admin).post(`${s.base}/budgets/${s.budgetUuid}/unapply`);
    expect(unapplied.statusCode, unapplied.body).toBe(200);
    const fee = (await pageOf(s, s.owners.en)).lines.find((l) => l.transaction.kind === 'unitMonthlyFee');
    expect(fee?.transaction.cancelled?.reason).toBe('Budget unapplied');
    const fr = (await pageOf(s, s.owners.fr)).lines.find((l) => l.transaction.uuid === fee?.transaction.uuid);
    expect(fr?.transaction.cancelled?.reason).toBe('Application du budget annulée');
  });
});
