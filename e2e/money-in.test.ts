import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { UnitView } from '@copro/domain';
import { demoBuildings } from '@copro/scripts/demo';
import { type E2E, newPage, shot, signInAs, startE2E } from './harness';

let e: E2E;
const [jardins] = demoBuildings;
const year = `${new Date().getUTCFullYear()}-01-01`;
const api = `/api/buildings/${jardins.ref}/fiscal-years/${year}`;

beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => e?.close());

/** Picks a unit in a searchable unit select by its number. */
async function pickUnit(page: Page, label: RegExp, number: string): Promise<void> {
  const select = page.getByRole('textbox', { name: label }).first();
  await select.click();
  await select.fill(number);
  await page
    .getByRole('option', { name: new RegExp(`\\b${number}$`) })
    .first()
    .click();
}

async function recordCheck(page: Page, number: string, amount: string): Promise<void> {
  await pickUnit(page, /^Unité/, '201');
  await page.getByRole('textbox', { name: /^Numéro du chèque/ }).fill(number);
  await page
    .getByRole('textbox', { name: /^Montant/ })
    .first()
    .fill(amount);
  await page.getByRole('button', { name: 'Inscrire le chèque' }).click();
  await expect
    .poll(() => page.getByText(`Chèque ${number} de l’unité 201 inscrit`).first().isVisible(), {
      timeout: 10_000,
    })
    .toBe(true);
}

describe('money in', () => {
  it('records two checks, deposits them, returns one as NSF with the fee; the owner reads the statement in French', async () => {
    const { context, page } = await newPage(e, { locale: 'fr-CA' });
    // The administrator works in French (their language in the demo).
    await signInAs(page, 'admin@example.com');
    // Owners may read their own unit's account (SPEC 6 ownersFinancesAccess: self).
    const opened = await page.request.patch(`/api/buildings/${jardins.ref}`, {
      data: { ownersFinancesAccess: 'self' },
    });
    expect(opened.status()).toBe(200);

    await page.goto(`/building/${jardins.ref}/payments/checks`);
    await recordCheck(page, '501', '250');
    await recordCheck(page, '502', '300');
    await shot(page, 'money-in-checks-fr');

    await page.goto(`/building/${jardins.ref}/payments/deposits`);
    await page.getByRole('checkbox', { name: 'Unité 201 · chèque 501' }).check();
    await page.getByRole('checkbox', { name: 'Unité 201 · chèque 502' }).check();
    await page.getByRole('button', { name: 'Enregistrer le dépôt' }).click();
    await expect
      .poll(
        () =>
          page
            .getByText(/Dépôt 1 de 550,00\s\$ enregistré/)
            .first()
            .isVisible(),
        { timeout: 10_000 },
      )
      .toBe(true);
    await shot(page, 'money-in-deposit-fr');

    // The bank returns check 502 (NSF): the unit owes it again, with the check-reversal fee.
    await page
      .getByRole('button', { name: /Dépôt 1/ })
      .first()
      .click();
    await page.getByRole('button', { name: /Chèque 502 de l’unité 201 retourné/ }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('Imputer les frais de chèque retourné').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Inscrire le chèque retourné' }).click();
    await expect
      .poll(() => page.getByText('Chèque retourné 502 inscrit, avec ses frais').first().isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    await shot(page, 'money-in-nsf-fr');
    await context.close();

    // The owner of unit 201 reads the statement of account, in French.
    const owner = await newPage(e, { locale: 'fr-CA' });
    await signInAs(owner.page, 'owner@example.com');
    const units = ((await (await owner.page.request.get(`${api}/units`)).json()) as { items: UnitView[] })
      .items;
    const unit = units.find((u) => u.number === '201');
    if (!unit) throw new Error('unit 201 is missing from the demo');
    await owner.page.goto(`/building/${jardins.ref}/units/transactions/${unit.uuid}`);
    await owner.page.getByRole('button', { name: 'FR' }).click();
    await owner.page.getByRole('button', { name: 'Relevé de compte' }).click();
    const statement = owner.page.getByRole('dialog');
    await statement.getByRole('button', { name: 'Afficher' }).click();
    // 550.00 paid, 300.00 returned, 35.00 fee: the unit is 215.00 in credit.
    await expect
      .poll(() => statement.getByText('Totaux et solde de clôture').isVisible(), { timeout: 10_000 })
      .toBe(true);
    await expect
      .poll(() =>
        statement
          .getByText(/[−-]215,00\s\$/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await expect
      .poll(() =>
        statement
          .getByText(/Frais de chèque retourné/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await shot(owner.page, 'money-in-owner-statement-fr');
    await owner.context.close();
  });
});
