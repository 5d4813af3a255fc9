import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultBanks, defaultChartOfAccounts } from '@copro/domain';
import {
  as,
  createUser,
  grantBillingAdmin,
  type BuildingFixture,
  type Harness,
  type TestUser,
} from '../../test/harness';
import {
  bankBody,
  categoryBody,
  createRegistryBuilding,
  issueKeys,
  logsAbout,
  logsOf,
  postCreated,
  postRefused,
  supplierBody,
} from '../../test/registry-fixtures';

let h: Harness, b: BuildingFixture, admin: TestUser, base: string;
let expenseCategory: string;
let revenueCategory: string;

beforeAll(async () => {
  ({ h, b, admin, base } = await createRegistryBuilding());
  expenseCategory = (await as(h, admin).post(`${base}/categories`, categoryBody('Repairs'))).json().uuid;
  revenueCategory = (await as(h, admin).post(`${base}/categories`, categoryBody('Rent', 'revenues'))).json()
    .uuid;
});
afterAll(async () => h.close());

const create = (collection: string, body: object) =>
  postCreated<{ uuid: string; aid: number } & Record<string, unknown>>(
    h,
    admin,
    `${base}/${collection}`,
    body,
  );
const refused = (collection: string, body: object, expected: string[]) =>
  postRefused(h, admin, `${base}/${collection}`, body, expected);

describe('suppliers', () => {
  it('creates a supplier with its own ledger account and its default expense category', async () => {
    const supplier = await create(
      'suppliers',
      supplierBody('Hydro', {
        category: expenseCategory,
        emails: ['Billing@Hydro.example'],
        phones: [{ number: '1-800-555-0199', type: 'work' }],
        paymentMethod: 'pre-authorized-debit',
      }),
    );
    expect(supplier).toMatchObject({
      name: 'Hydro',
      category: expenseCategory,
      emails: ['billing@hydro.example'],
      paymentMethod: 'pre-authorized-debit',
    });
    expect(supplier.aid).toBeGreaterThan(0);
  });

  it('validates names, emails, phones, notes and the payment method', async () => {
    await refused('suppliers', supplierBody('x'.repeat(81)), ['name:validation.tooLong']);
    await refused('suppliers', supplierBody(''), ['name:validation.required']);
    await refused('suppliers', supplierBody('S', { emails: ['nope'] }), [
      'emails.0:validation.enterValidEmail',
    ]);
    await refused('suppliers', supplierBody('S', { emails: [`${'a'.repeat(88)}@example.test`] }), [
      'emails.0:validation.enterValidEmail',
    ]);
    await refused(
      'suppliers',
      supplierBody('S', { emails: Array.from({ length: 11 }, (_, i) => `s${i}@example.test`) }),
      ['emails:validation.tooManyEmails'],
    );
    await refused('suppliers', supplierBody('S', { phones: [{ number: '1' }] }), [
      'phones.0.type:validation.phoneNeedsType',
    ]);
    await refused('suppliers', supplierBody('S', { phones: [{ number: '1'.repeat(31), type: 'work' }] }), [
      'phones.0.number:validation.tooLong',
    ]);
    await refused('suppliers', supplierBody('S', { notes: 'x'.repeat(2001) }), ['notes:validation.tooLong']);
    await refused('suppliers', supplierBody('S', { paymentMethod: 'barter' }), [
      'paymentMethod:validation.invalidEnum',
    ]);
    const res = await as(h, admin).post(`${base}/suppliers`, {});
    expect(issueKeys(res).sort()).toEqual(
      [
        'name:validation.required',
        'emails:validation.required',
        'phones:validation.required',
        'address:validation.required',
      ].sort(),
    );
  });

  it('takes only an existing expense category as its default', async () => {
    await refused('suppliers', supplierBody('S', { category: revenueCategory }), [
      'category:registry.expenseCategoryOnly',
    ]);
    await refused('suppliers', supplierBody('S', { category: '00000000-0000-4000-8000-000000000001' }), [
      'category:registry.recordMissing',
    ]);
    const supplier = await create('suppliers', supplierBody('S'));
    const edit = await as(h, admin).put(
      `${base}/suppliers/${supplier.uuid}`,
      supplierBody('S', { category: revenueCategory }),
    );
    expect(edit.statusCode).toBe(400);
    expect(issueKeys(edit)).toEqual(['category:registry.expenseCategoryOnly']);
  });

  it('logs creation, each changed field, archiving and unarchiving', async () => {
    const supplier = await create('suppliers', supplierBody('Plumber', { notes: 'old' }));
    const edit = await as(h, admin).put(
      `${base}/suppliers/${supplier.uuid}`,
      supplierBody('Plumber Inc.', { notes: 'old', category: expenseCategory }),
    );
    expect(edit.statusCode, edit.body).toBe(200);
    await as(h, admin).post(`${base}/suppliers/${supplier.uuid}/archive`, { archived: true });
    await as(h, admin).post(`${base}/suppliers/${supplier.uuid}/archive`, { archived: false });
    const logs = await logsAbout(h, b, supplier.uuid);
    expect(logs.map((l) => l.event)).toEqual([
      'supplierCreated',
      'supplierEdited',
      'supplierArchived',
      'supplierEdited',
    ]);
    expect(logs[0]?.metadata).toMatchObject({ uuid: supplier.uuid, aid: supplier.aid });
    expect(logs[1]?.changes).toEqual([
      { field: 'name', before: 'Plumber', after: 'Plumber Inc.' },
      { field: 'category', before: null, after: expenseCategory },
    ]);
    expect(logs[2]?.changes).toEqual([{ field: 'archived', before: false, after: true }]);
    expect(logs[3]?.changes).toEqual([{ field: 'archived', before: true, after: false }]);
  });
});

describe('banks', () => {
  it('validates the name, type, number, notes, starting balance and supplier account', async () => {
    await refused('banks', bankBody('x'.repeat(81)), ['name:validation.tooLong']);
    await refused('banks', bankBody('B', { bankAccountType: 'piggy' }), [
      'bankAccountType:validation.invalidEnum',
    ]);
    await refused('banks', bankBody('B', { number: '1'.repeat(31) }), ['number:validation.tooLong']);
    await refused('banks', bankBody('B', { notes: 'x'.repeat(2001) }), ['notes:validation.tooLong']);
    const cents = await as(h, admin).post(`${base}/banks`, bankBody('B', { startingBalance: 10.5 }));
    expect(cents.statusCode).toBe(400);
    expect(issueKeys(cents).map((k) => k.split(':')[0])).toEqual(['startingBalance']);
    await refused('banks', bankBody('B', { supplierAccount: '00000000-0000-4000-8000-000000000001' }), [
      'supplierAccount:registry.recordMissing',
    ]);
    // A category's uuid is not a supplier's.
    await refused('banks', bankBody('B', { supplierAccount: expenseCategory }), [
      'supplierAccount:registry.recordMissing',
    ]);
    const res = await as(h, admin).post(`${base}/banks`, {});
    expect(issueKeys(res).sort()).toEqual(
      [
        'name:validation.required',
        'bankAccountType:validation.required',
        'startingBalance:validation.required',
      ].sort(),
    );
  });

  it('creates a bank tied to its supplier account, logs each change and its archiving', async () => {
    const supplier = await create('suppliers', supplierBody('Caisse'));
    const bank = await create(
      'banks',
      bankBody('Operating', {
        supplierAccount: supplier.uuid,
        number: '12345-815-1234567',
        startingBalance: -1500,
      }),
    );
    expect(bank).toMatchObject({
      supplierAccount: supplier.uuid,
      startingBalance: -1500,
      bankAccountType: 'checking',
    });
    const edit = await as(h, admin).put(
      `${base}/banks/${bank.uuid}`,
      bankBody('Operating', {
        supplierAccount: supplier.uuid,
        number: '12345-815-1234567',
        startingBalance: 250000,
        bankAccountType: 'saving',
      }),
    );
    expect(edit.statusCode, edit.body).toBe(200);
    await as(h, admin).post(`${base}/banks/${bank.uuid}/archive`, { archived: true });
    await as(h, admin).post(`${base}/banks/${bank.uuid}/archive`, { archived: false });
    const logs = await logsAbout(h, b, bank.uuid);
    expect(logs.map((l) => l.event)).toEqual(['bankCreated', 'bankEdited', 'bankArchived', 'bankEdited']);
    expect(logs[1]?.changes).toEqual([
      { field: 'bankAccountType', before: 'checking', after: 'saving' },
      { field: 'startingBalance', before: -1500, after: 250000 },
    ]);
  });
});

describe('categories', () => {
  it('validates the name and parent', async () => {
    await refused('categories', categoryBody('x'.repeat(81)), ['name:validation.tooLong']);
    await refused('categories', categoryBody('C', 'income'), ['parent:validation.invalidEnum']);
    await refused('categories', { name: 'C' }, ['parent:validation.required']);
  });

  it('creates a category with its ledger account and no system key, and logs its life', async () => {
    const category = await create('categories', categoryBody('Snow'));
    expect(category).toMatchObject({ name: 'Snow', parent: 'expenses', systemKey: null });
    const edit = await as(h, admin).put(
      `${base}/categories/${category.uuid}`,
      categoryBody('Snow removal', 'liabilities'),
    );
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().systemKey).toBeNull();
    await as(h, admin).post(`${base}/categories/${category.uuid}/archive`, { archived: true });
    await as(h, admin).post(`${base}/categories/${category.uuid}/archive`, { archived: false });
    const logs = await logsAbout(h, b, category.uuid);
    expect(logs.map((l) => l.event)).toEqual([
      'categoryCreated',
      'categoryEdited',
      'categoryArchived',
      'categoryEdited',
    ]);
    expect(logs[0]?.message).toBe('category created: Snow');
    expect(logs[1]?.changes).toEqual([
      { field: 'name', before: 'Snow', after: 'Snow removal' },
      { field: 'parent', before: 'expenses', after: 'liabilities' },
    ]);
  });

  it('numbers the ledger accounts of categories, suppliers and banks apart in the building', async () => {
    const aids = [
      (await create('categories', categoryBody('A'))).aid,
      (await create('suppliers', supplierBody('B'))).aid,
      (await create('banks', bankBody('C'))).aid,
    ];
    expect(new Set(aids).size).toBe(3);
    const created = (await logsOf(h, b)).filter((l) => /Created$/.test(l.event));
    const all = created.map((l) => (l.metadata as { aid?: number }).aid).filter((aid) => aid !== undefined);
    expect(new Set(all).size).toBe(all.length);
  });
});

describe('chart of accounts of a new building', () => {
  for (const [locale, language] of [
    ['fr-CA', 'fr'],
    ['en-CA', 'en'],
  ] as const) {
    it(`seeds the categories and two banks in ${locale}'s language and picks the operating account`, async () => {
      const billing = await createUser(h, `billing-${language}`);
      await grantBillingAdmin(h, b, billing);
      const ref = `chart-${language}-${b.ref}`;
      const created = await as(h, billing).post(`/api/billing-accounts/${b.billingAccountId}/buildings`, {
        name: `Chart ${language}`,
        buildingRef: ref,
        buildingGroupId: b.buildingGroupId,
        fiscalYearStart: '2026-01-01',
        locale,
      });
      expect(created.statusCode, created.body).toBe(201);
      const year = `/api/buildings/${ref}/fiscal-years/2026-01-01`;
      const categories = (await as(h, billing).get(`${year}/categories`)).json().items as {
        name: string;
        parent: string;
        systemKey: string;
        aid: number;
      }[];
      expect(categories.map((c) => [c.systemKey, c.name, c.parent]).sort()).toEqual(
        defaultChartOfAccounts.map((a) => [a.key, a.name[language], a.parent]).sort(),
      );
      const banks = (await as(h, billing).get(`${year}/banks`)).json().items as {
        name: string;
        aid: number;
        bankAccountType: string;
      }[];
      expect(banks.map((bank) => [bank.name, bank.bankAccountType]).sort()).toEqual(
        defaultBanks.map((bank) => [bank.name[language], bank.bankAccountType]).sort(),
      );
      const operating = banks.find((bank) => bank.name === defaultBanks[0]?.name[language]);
      expect(operating).toBeDefined();
      const building = (await as(h, billing).get(`/api/buildings/${ref}`)).json();
      expect(building.building.defaultBankAccountAID).toBe(String(operating?.aid));
      expect(created.json().defaultBankAccountAID).toBe(String(operating?.aid));
      // Every seeded account has its own ledger number.
      const aids = [...categories, ...banks].map((r) => r.aid);
      expect(new Set(aids).size).toBe(defaultChartOfAccounts.length + defaultBanks.length);
    });
  }
});
