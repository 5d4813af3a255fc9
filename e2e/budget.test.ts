import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UnitView } from '@copro/domain';
import { demoBuildings } from '@copro/scripts/demo';
import { type E2E, newPage, shot, signInAs, startE2E } from './harness';

let e: E2E;
const [jardins] = demoBuildings;
const year = `${new Date().getUTCFullYear()}-01-01`;

beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => e?.close());

describe('budget', () => {
  it('creates, previews and applies a budget, then the fees show on a unit (English)', async () => {
    const { context, page } = await newPage(e);
    await signInAs(page, 'approver-write@example.com');
    await page.goto(`/building/${jardins.ref}/categories/budget`);
    const add = page.getByRole('button', { name: 'Add a contribution' });
    if (!(await add.isVisible())) await page.getByRole('button', { name: 'Prepare a new budget' }).click();
    if ((await page.getByRole('textbox', { name: /^Name/ }).count()) === 0) await add.click();
    await page.getByRole('textbox', { name: /^Name/ }).first().fill('Condo fees');
    await page
      .getByRole('textbox', { name: /^Annual amount/ })
      .first()
      .fill('120000');
    const category = page.getByRole('textbox', { name: /^Receiving category/ }).first();
    await category.click();
    await category.pressSequentially('Charges comm');
    await category.press('ArrowDown');
    // Enter picks the highlighted category; in a form it also submits it, as a keyboard user expects.
    await category.press('Enter');
    await expect
      .poll(() => page.getByText('The draft budget was created.').isVisible(), { timeout: 10_000 })
      .toBe(true);

    await page.getByLabel(/^Application date/).fill(year);
    await page
      .getByRole('button', { name: /preview/ })
      .first()
      .click();
    await expect
      .poll(() => page.getByText('The fees add up to the budget, to the cent.').isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    await shot(page, 'budget-preview-en');
    await page
      .getByRole('button', { name: /^Apply/ })
      .first()
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Apply the budget' }).click();
    await expect
      .poll(
        async () =>
          (
            (await (
              await page.request.get(`/api/buildings/${jardins.ref}/fiscal-years/${year}/budgets`)
            ).json()) as { status: string }[]
          ).map((b) => b.status),
        { timeout: 10_000 },
      )
      .toEqual(['applied']);

    // Applying bills the months already due; the job runs within a poll or two.
    const units = (
      (await (
        await page.request.get(`/api/buildings/${jardins.ref}/fiscal-years/${year}/units?pageSize=500`)
      ).json()) as { items: UnitView[] }
    ).items;
    const unit = units.find((u) => u.number === '101');
    if (!unit) throw new Error('unit 101 is missing from the demo');
    await expect
      .poll(
        async () =>
          (
            (await (
              await page.request.get(
                `/api/buildings/${jardins.ref}/fiscal-years/${year}/accounts/${unit.aid}/transactions`,
              )
            ).json()) as { total: number }
          ).total,
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    await page.goto(`/building/${jardins.ref}/units/transactions/${unit.uuid}`);
    // The French building's fee lines read in the reader's language (issue 13): English here.
    await expect
      .poll(
        () =>
          page
            .getByText(/Monthly fee 20/)
            .first()
            .isVisible(),
        { timeout: 10_000 },
      )
      .toBe(true);
    await expect
      .poll(() => page.getByRole('cell', { name: 'Monthly contribution', exact: true }).first().isVisible())
      .toBe(true);
    await shot(page, 'budget-unit-fees-en');
    await context.close();
  });

  it('shows the applied budget and the billed fees in French', async () => {
    const { context, page } = await newPage(e, { locale: 'fr-CA' });
    await signInAs(page, 'admin@example.com');
    await page.goto(`/building/${jardins.ref}/categories/budget`);
    await expect.poll(() => page.getByText('Appliqué').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Condo fees').first().isVisible()).toBe(true);
    await shot(page, 'budget-applied-fr');
    await page.goto(`/building/${jardins.ref}/units/transactions`);
    await page.getByRole('option', { name: /Unité 101/ }).click();
    // The fee's kind and its description in the reader's language, French here.
    await expect
      .poll(
        () => page.getByRole('cell', { name: 'Contribution mensuelle', exact: true }).first().isVisible(),
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
    await expect
      .poll(() =>
        page
          .getByRole('link', { name: /Contribution mensuelle 20/ })
          .first()
          .isVisible(),
      )
      .toBe(true);
    await shot(page, 'budget-unit-fees-fr');
    await context.close();
  });
});
