import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildingToday, type BankView, type CategoryView, type UnitView } from '@copro/domain';
import { demoBuildings } from '@copro/scripts/demo';
import { type E2E, newPage, shot, signInAs, startE2E } from './harness';

let e: E2E;
const [jardins] = demoBuildings;
const year = `${new Date().getUTCFullYear()}-01-01`;
const api = (path: string, start = year) => `/api/buildings/${jardins.ref}/fiscal-years/${start}/${path}`;

beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => e?.close());

const getJson = async <T>(page: Page, url: string): Promise<T> =>
  (await (await page.request.get(url)).json()) as T;
/** Every record of a registry list: the demo's fit in its largest page. */
const listJson = async <T>(page: Page, url: string): Promise<T[]> =>
  (await getJson<{ items: T[] }>(page, `${url}?pageSize=500`)).items;

/** Picks an account in a line's select by typing enough of its name. */
async function pickAccount(page: Page, line: number, search: string, option: RegExp): Promise<void> {
  const input = page.getByRole('textbox', { name: `Account of line ${line}`, exact: true });
  await input.fill(search);
  const listbox = page.locator(`#${await input.getAttribute('aria-controls')}`);
  await listbox.getByRole('option', { name: option }).first().click();
}

describe('ledger', () => {
  it('records an accountant writing, shows it on each account, cancels it, and rolls the year over', async () => {
    const { context, page } = await newPage(e);
    await signInAs(page, 'approver-write@example.com');
    const units = await listJson<UnitView>(page, api('units'));
    const banks = await listJson<BankView>(page, api('banks'));
    const categories = await listJson<CategoryView>(page, api('categories'));
    const unit = units.find((u) => u.number === '101');
    const bank = banks.find((b) => b.name === 'Compte d’exploitation');
    const fees = categories.find((c) => c.systemKey === 'condoFees');
    if (!unit || !bank || !fees) throw new Error('the demo registry is missing an account');

    await page.goto(`/building/${jardins.ref}/categories/accountant-writings`);
    await page.getByRole('textbox', { name: /^Description/ }).fill('Special assessment');
    await pickAccount(page, 1, '101', /101/);
    await page.getByRole('textbox', { name: 'Debit of line 1' }).fill('250');
    await pickAccount(page, 2, 'exploitation', /exploitation/);
    await page.getByRole('textbox', { name: 'Credit of line 2' }).fill('100');
    await page.getByRole('button', { name: 'Add a line' }).click();
    await pickAccount(page, 3, 'Charges communes', /Charges communes/);
    await page.getByRole('textbox', { name: 'Credit of line 3' }).fill('150');
    await expect.poll(() => page.getByText('Debits and credits are equal').isVisible()).toBe(true);
    await shot(page, 'ledger-writing-en');
    await page.getByRole('button', { name: 'Record the writing' }).click();
    await expect
      .poll(() => page.getByText('The writing “Special assessment” was recorded.').isVisible())
      .toBe(true);

    // The writing shows on the unit's, the bank's and the category's pages.
    for (const [type, uuid] of [
      ['units', unit.uuid],
      ['banks', bank.uuid],
      ['categories', fees.uuid],
    ] as const) {
      await page.goto(`/building/${jardins.ref}/${type}/transactions/${uuid}`);
      await expect
        .poll(() => page.getByText('Special assessment').first().isVisible(), { timeout: 10_000 })
        .toBe(true);
    }
    await shot(page, 'ledger-category-page-en');

    const lines = await getJson<{ lines: { transaction: { uuid: string } }[] }>(
      page,
      api(`accounts/${unit.aid}/transactions`),
    );
    const posted = lines.lines.at(-1)?.transaction.uuid;
    await page.goto(`/building/${jardins.ref}/${year}/units/transactions/${posted}`);
    await page.getByRole('button', { name: 'Cancel this transaction' }).click();
    await page.getByRole('textbox', { name: /^Reason/ }).fill('Entered on the wrong unit');
    await page.getByRole('button', { name: 'Cancel the transaction' }).click();
    await expect.poll(() => page.getByText('The transaction was cancelled.').isVisible()).toBe(true);
    const after = await getJson<{ balance: number }>(page, api(`accounts/${unit.aid}/transactions`));
    expect(after.balance).toBe(0);

    // A writing that stays, so the new year has a balance to open with.
    const kept = await page.request.post(api('transactions'), {
      data: {
        date: `${year.slice(0, 4)}-02-01`,
        description: 'Fees billed',
        kind: 'accountantWriting',
        taxes: [],
        indexes: [],
        subtransactions: [
          { aid: unit.aid, amount: 40000 },
          { aid: fees.aid, amount: -40000 },
        ],
      },
    });
    expect(kept.status()).toBe(201);

    await page.goto(`/building/${jardins.ref}/categories/fiscal-year`);
    await page.getByRole('button', { name: 'New fiscal year' }).click();
    // The building's today (Montreal), not UTC's: in the evening UTC is already tomorrow there.
    const today = buildingToday(jardins, new Date());
    await page.getByLabel(/^Start date of the new fiscal year/).fill(today);
    await shot(page, 'ledger-new-year-en');
    await page.getByRole('button', { name: 'Create the fiscal year' }).click();
    await page.waitForURL(`**/building/${jardins.ref}/${today}/dashboard`, { timeout: 30_000 });
    const opening = await getJson<{ aid: number; balance: number }[]>(page, api('trial-balance', today));
    expect(opening.find((r) => r.aid === unit.aid)?.balance).toBe(40000);
    expect(opening.find((r) => r.aid === fees.aid)).toBeUndefined();
    expect((await listJson<UnitView>(page, api('units', today))).map((u) => u.uuid)).toEqual(
      expect.arrayContaining(units.map((u) => u.uuid)),
    );
    await context.close();
  });
});
