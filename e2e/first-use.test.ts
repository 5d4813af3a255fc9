import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import type { UnitView } from '@copro/domain';
import { demoBuildings } from '@copro/scripts/demo';
import { type E2E, newPage, shot, signInAs, startE2E } from './harness';

/** Issue 12, "small things a new user noticed": what a first visit runs into, seen in the browser. */

let e: E2E;
const [jardins] = demoBuildings;
const building = `/building/${jardins.ref}`;

beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => e?.close());

/** Signs the administrator in and sets the session's language, which the pages opened next speak. */
async function signInAdmin(page: Page, locale: 'en-CA' | 'fr-CA'): Promise<void> {
  await signInAs(page, 'admin@example.com');
  const saved = await page.request.put('/api/session/language', { data: { language: locale.slice(0, 2) } });
  expect(saved.status()).toBe(200);
}

/** The requests a page sends to an API path with a method, from now on. */
function sentTo(page: Page, method: string, path: RegExp): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === method && path.test(new URL(request.url()).pathname)) sent.push(request);
  });
  return sent;
}

describe('a first visit', () => {
  it('loads signed out without a failed request in the console', async () => {
    const { context, page } = await newPage(e);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/dashboard');
    await page.waitForURL('**/signin?redirect=%2Fdashboard');
    await page.getByRole('heading', { name: 'Sign in to Copro' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a blank form and is told what it lacks, in English and in French', async () => {
    const { context, page } = await newPage(e);
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Please complete the form').waitFor();
    expect(await page.getByText('Required field missing').count()).toBe(2);

    await signInAdmin(page, 'fr-CA');
    await page.goto(`${building}/admin/units/new`);
    const create = page.getByRole('button', { name: "Créer l'unité" });
    // The button waits for nothing: pressing it says what is missing.
    expect(await create.isEnabled()).toBe(true);
    await create.click();
    await page.getByText('Veuillez remplir le formulaire').waitFor();
    // The unit's number and vote share.
    expect(await page.getByText('Champ obligatoire manquant').count()).toBe(2);
    await shot(page, 'first-use-blank-unit-fr');
    await context.close();
  });
});

describe('notes', () => {
  it('count their characters, and past the limit are refused with "too long", not cut', async () => {
    const { context, page } = await newPage(e);
    await signInAdmin(page, 'en-CA');
    const created = sentTo(page, 'POST', /\/people$/);
    await page.goto(`${building}/people/info`);
    await page.getByRole('button', { name: 'New person' }).click();
    await page.getByLabel('Last name').fill('Longnotes');
    const notes = page.getByLabel('Notes');
    await notes.fill('x'.repeat(2001));
    // Nothing typed is cut: the box holds all of it, and says by how much it is over.
    expect((await notes.inputValue()).length).toBe(2001);
    await page.getByText('2001 / 2000').waitFor();
    await page.getByText('Must be at most 2000 characters').waitFor();
    await shot(page, 'first-use-notes-over-en');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText('Must be at most 2000 characters').waitFor();
    expect(created).toHaveLength(0);

    await notes.fill('x'.repeat(2000));
    await page.getByText('2000 / 2000').waitFor();
    expect(await page.getByText('Must be at most 2000 characters').count()).toBe(0);
    const answered = page.waitForResponse(
      (r) => r.request().method() === 'POST' && /\/people$/.test(new URL(r.url()).pathname),
    );
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    expect((await answered).status()).toBe(201);
    await context.close();
  });
});

describe('vote shares and percentages', () => {
  it('warns before saving a unit whose share takes the units over 100 %', async () => {
    const { context, page } = await newPage(e);
    await signInAdmin(page, 'fr-CA');
    await page.goto(`${building}/admin/units/new`);
    await page.getByRole('textbox', { name: /^Quote-part/ }).fill('2,5');
    // The demo's 24 units already add up to 100 %.
    await page.getByText('Les quotes-parts des unités dépasseraient 100\u00a0%').waitFor();
    await page.getByText(/avec les 2,5\u00a0% de cette unité, le total serait de 102,5\u00a0%/).waitFor();
    await shot(page, 'first-use-vote-share-over-fr');
    await page.getByRole('textbox', { name: /^Quote-part/ }).fill('0');
    expect(await page.getByText('Les quotes-parts des unités dépasseraient 100\u00a0%').count()).toBe(0);
    await context.close();
  });

  it('writes a share "4.5%" in English and "4,5 %" in French', async () => {
    const { context, page } = await newPage(e);
    await signInAdmin(page, 'en-CA');
    const year = `${new Date().getUTCFullYear()}-01-01`;
    const units = (
      (await (
        await page.request.get(`/api/buildings/${jardins.ref}/fiscal-years/${year}/units?pageSize=500`)
      ).json()) as { items: UnitView[] }
    ).items;
    const unit = units.find((u) => u.number === '101');
    if (!unit) throw new Error('the demo has no unit 101');
    const percent = (locale: string) =>
      new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 6 }).format(unit.voteShare);
    expect(percent('en-CA')).toMatch(/\d%$/);
    expect(percent('fr-CA')).toMatch(/\d\u00a0%$/);

    await page.goto(`${building}/units/info/${unit.uuid}`);
    await page.getByText(percent('en-CA'), { exact: true }).first().waitFor();
    await page.request.put('/api/session/language', { data: { language: 'fr' } });
    await page.goto(`${building}/units/info/${unit.uuid}`);
    await page.getByText(percent('fr-CA'), { exact: true }).first().waitFor();
    await context.close();
  });
});

describe('confirmations', () => {
  it('confirms a deposit once: the notice with its transaction, no toast besides', async () => {
    const { context, page } = await newPage(e);
    await signInAdmin(page, 'en-CA');
    await page.goto(`${building}/payments/deposits`);
    await page.getByRole('button', { name: 'Add cash' }).click();
    const unit = page.getByRole('textbox', { name: /^Unit/ }).first();
    await unit.click();
    await unit.fill('101');
    await page
      .getByRole('option', { name: /\b101$/ })
      .first()
      .click();
    await page
      .getByRole('textbox', { name: /^Amount/ })
      .first()
      .fill('40');
    await page.getByRole('button', { name: 'Record the deposit' }).click();
    const notice = page.getByRole('alert').filter({ hasText: /Deposit \d+ of \$40\.00 recorded/ });
    await notice.waitFor();
    await notice.getByRole('link', { name: 'See the transaction' }).waitFor();
    expect(await page.locator('.mantine-Notification-root').count()).toBe(0);
    await shot(page, 'first-use-deposit-en');
    await context.close();
  });
});

describe('at 390 px', () => {
  it('keeps every tab label of the section whole and on screen, the active one included', async () => {
    const { context, page } = await newPage(e, { width: 390 });
    await signInAdmin(page, 'fr-CA');
    await page.goto(`${building}/units/reports`);
    const tabs = page.getByRole('navigation', { name: 'Onglets : Unités' }).getByRole('link');
    await tabs.first().waitFor();
    const count = await tabs.count();
    expect(count).toBeGreaterThan(2);
    for (let i = 0; i < count; i++) {
      const box = await tabs.nth(i).boundingBox();
      const label = await tabs.nth(i).innerText();
      expect(box, label).not.toBeNull();
      expect(box!.x, label).toBeGreaterThanOrEqual(60);
      expect(box!.x + box!.width, label).toBeLessThanOrEqual(390);
    }
    await shot(page, 'first-use-tabs-390-fr');
    await context.close();
  });

  it('says a report table wider than the phone scrolls sideways, and not when it fits', async () => {
    const { context, page } = await newPage(e, { width: 390 });
    await signInAdmin(page, 'en-CA');
    await page.goto(`${building}/units/reports`);
    await page.getByText('Scroll sideways to see every column.').first().waitFor();
    // On a wide screen the owners' list (7 columns) fits, and nothing is said.
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto(`${building}/units/reports`);
    const owners = page.getByRole('region').first();
    await owners.getByRole('table').waitFor();
    expect(await owners.getByText('Scroll sideways to see every column.').count()).toBe(0);
    await context.close();
  });
});
