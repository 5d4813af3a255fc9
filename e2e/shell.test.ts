import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { billingAccount, building, fiscalYear } from '@copro/server/db/schema/index';
import { demoBuildings } from '@copro/scripts/demo';
import { demoPassword, newPage, shot, startE2E, type E2E } from './harness';

let e: E2E;
const [jardins, maple] = demoBuildings;

beforeAll(async () => {
  e = await startE2E();
  // An archived year before the current one, to switch years and see the read-only notice.
  const [row] = await e.server.platform.db.select().from(building).where(eq(building.ref, jardins.ref));
  await e.server.platform.db
    .insert(fiscalYear)
    .values({ buildingId: row!.id, startDate: '2025-01-01', endDate: '2025-12-31', archived: true });
});
afterAll(async () => e?.close());

/** Signs in through the page, in the given interface language (the switch also saves it on the account). */
async function signIn(page: Page, email: string, language: 'EN' | 'FR'): Promise<void> {
  await page.goto('/signin');
  await page
    .getByRole('group', { name: /^(Language|Langue)$/ })
    .getByRole('button', { name: language })
    .click();
  const fr = language === 'FR';
  await page.getByLabel(fr ? 'Courriel' : 'Email').fill(email);
  await page.getByLabel(fr ? 'Mot de passe' : 'Password', { exact: true }).fill(demoPassword);
  await page.getByLabel(fr ? 'Mot de passe' : 'Password', { exact: true }).press('Enter');
  await page.waitForURL('**/dashboard');
  // The account's own language wins after sign-in: set it to the one asked for.
  const switcher = page
    .getByRole('group', { name: /^(Language|Langue)$/ })
    .getByRole('button', { name: language });
  if ((await switcher.getAttribute('aria-pressed')) !== 'true') await switcher.click();
}

const navEntries = async (page: Page, label: string): Promise<string[]> => {
  const nav = page.getByRole('navigation', { name: label });
  await nav.waitFor();
  return nav.getByRole('link').evaluateAll((links) => links.map((l) => l.getAttribute('aria-label') ?? ''));
};

const sections = {
  EN: {
    nav: 'Building navigation',
    dashboard: 'Dashboard',
    units: 'Units',
    people: 'Owners and residents',
    suppliers: 'Suppliers',
    banks: 'Banks',
    accounting: 'Accounting',
    administration: 'Administration',
    account: 'Account',
  },
  FR: {
    nav: "Navigation de l'immeuble",
    dashboard: 'Tableau de bord',
    units: 'Unités',
    people: 'Copropriétaires et résidents',
    suppliers: 'Fournisseurs',
    banks: 'Banques',
    accounting: 'Comptabilité',
    administration: 'Administration',
    account: 'Compte',
  },
};

describe('navbar and tabs by role', () => {
  for (const language of ['EN', 'FR'] as const) {
    const s = sections[language];
    const books = [s.units, s.people, s.suppliers, s.banks, s.accounting];
    // SPEC 6: owners see their units and people (the demo keeps the books closed to owners),
    // residents only people, handlers units and people.
    const cases: [string, string[]][] = [
      ['admin@example.com', [s.dashboard, ...books, s.administration, s.account]],
      ['accountant@example.com', [s.dashboard, ...books, s.account]],
      ['owner@example.com', [s.dashboard, s.units, s.people, s.account]],
      ['resident@example.com', [s.dashboard, s.people, s.account]],
      ['handler@example.com', [s.dashboard, s.units, s.people, s.account]],
    ];
    it(`shows each role only its sections (${language})`, async () => {
      for (const [email, expected] of cases) {
        const { context, page } = await newPage(e);
        await signIn(page, email, language);
        await page.goto(`/building/${jardins.ref}/dashboard`);
        const entries = (await navEntries(page, s.nav)).filter((name) => Object.values(s).includes(name));
        expect(entries, email).toEqual(expected);
        if (email.startsWith('admin')) {
          await page.getByRole('link', { name: s.administration, exact: true }).click();
          const tabs = page.getByRole('navigation', {
            name: language === 'EN' ? 'Administration tabs' : 'Onglets : Administration',
          });
          const names = await tabs.getByRole('link').allInnerTexts();
          expect(names).toEqual(
            language === 'EN'
              ? ['Building', 'Users', 'Units', 'Lockers', 'Parkings']
              : ['Immeuble', 'Utilisateurs', 'Unités', 'Casiers', 'Stationnements'],
          );
          await shot(page, `admin-building-${language}`);
        }
        // A page the role may not open says so, inside the shell.
        if (email.startsWith('owner')) {
          await page.goto(`/building/${jardins.ref}/admin/building`);
          const title = language === 'EN' ? 'Missing permission' : 'Permission manquante';
          await expect.poll(() => page.getByRole('heading', { name: title }).isVisible()).toBe(true);
          // Another building of the group is not theirs: nothing of it shows.
          await page.goto(`/building/${maple.ref}/dashboard`);
          const notFound = language === 'EN' ? 'Page not found' : 'Page introuvable';
          await expect.poll(() => page.getByRole('heading', { name: notFound }).isVisible()).toBe(true);
          expect(await page.getByText(maple.name).count()).toBe(0);
        }
        await context.close();
      }
    });
  }
});

describe('switching', () => {
  it('switches buildings and fiscal years, and marks an archived year read-only (EN, then FR)', async () => {
    const { context, page } = await newPage(e);
    await signIn(page, 'admin@example.com', 'EN');
    await page.goto(`/building/${jardins.ref}/dashboard`);
    await page.getByRole('textbox', { name: 'Building or building group' }).click();
    await page.getByRole('option', { name: maple.name }).click();
    await page.waitForURL(`**/building/${maple.ref}/**`);
    await expect.poll(() => page.getByRole('heading', { name: maple.name }).isVisible()).toBe(true);

    await page.goto(`/building/${jardins.ref}/dashboard`);
    await page.getByRole('button', { name: /^Fiscal year: / }).click();
    await page.getByRole('menuitem', { name: /2025/ }).click();
    await page.waitForURL(`**/building/${jardins.ref}/2025-01-01/**`);
    await expect.poll(() => page.getByText(/This fiscal year is archived: read-only/).isVisible()).toBe(true);
    await shot(page, 'archived-year-en');

    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'FR' }).click();
    await expect.poll(() => page.getByText(/Cet exercice financier est archivé/).isVisible()).toBe(true);
    await context.close();
  });
});

describe('keyboard and small screens', () => {
  it('opens the keyboard help with ? and closes it with Escape', async () => {
    const { context, page } = await newPage(e);
    await signIn(page, 'owner@example.com', 'FR');
    await page.goto(`/building/${jardins.ref}/dashboard`);
    await page.getByRole('navigation', { name: "Navigation de l'immeuble" }).waitFor();
    await page.keyboard.press('?');
    await expect.poll(() => page.getByRole('dialog', { name: 'Raccourcis clavier' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });

  it('keeps the 50 px header at 390 px', async () => {
    const { context, page } = await newPage(e, { width: 390 });
    await signIn(page, 'admin@example.com', 'EN');
    await page.goto(`/building/${jardins.ref}/dashboard`);
    await page.getByRole('heading', { name: jardins.name }).first().waitFor();
    expect((await page.locator('header').first().boundingBox())?.height).toBe(50);
    await shot(page, 'building-dashboard-390');
    await context.close();
  });
});

describe('blocking screens', () => {
  it('blocks an unpaid building with the payment-required modal, in English and French', async () => {
    const [row] = await e.server.platform.db.select().from(building).where(eq(building.ref, jardins.ref));
    const setPaidUntil = (daysAgo: number | null) =>
      e.server.platform.db
        .update(billingAccount)
        .set({
          paidUntil: daysAgo === null ? null : new Date(Date.now() - daysAgo * 86_400_000),
          updatedAt: new Date(),
        })
        .where(eq(billingAccount.id, row!.billingAccountId));
    await setPaidUntil(30);
    try {
      for (const [language, title] of [
        ['EN', 'Payment required'],
        ['FR', 'Paiement requis'],
      ] as const) {
        const { context, page } = await newPage(e);
        await signIn(page, 'owner@example.com', language);
        await page.goto(`/building/${jardins.ref}/dashboard`);
        await expect.poll(() => page.getByText(title, { exact: true }).isVisible()).toBe(true);
        await shot(page, `payment-required-${language}`);
        await context.close();
      }
      // Within the grace period: the admin is warned, the owner sees nothing.
      await setPaidUntil(3);
      const admin = await newPage(e);
      await signIn(admin.page, 'admin@example.com', 'EN');
      await admin.page.goto(`/building/${jardins.ref}/dashboard`);
      await expect.poll(() => admin.page.getByText('Payment overdue').isVisible()).toBe(true);
      await admin.context.close();
      const owner = await newPage(e);
      await signIn(owner.page, 'owner@example.com', 'EN');
      await owner.page.goto(`/building/${jardins.ref}/dashboard`);
      await owner.page.getByRole('heading', { name: jardins.name }).first().waitFor();
      expect(await owner.page.getByText('Payment overdue').count()).toBe(0);
      await owner.context.close();
    } finally {
      await setPaidUntil(null);
    }
  });

  it('shows the maintenance screen while maintenance is on', async () => {
    await e.server.platform.remoteConfig.set({
      maintenance: { active: true, message: { en: 'Back at noon', fr: 'De retour à midi' } },
    });
    try {
      await new Promise((r) => setTimeout(r, 2100));
      for (const [locale, text] of [
        ['en-CA', 'Back at noon'],
        ['fr-CA', 'De retour à midi'],
      ] as const) {
        const { context, page } = await newPage(e, { locale });
        await page.goto('/signin');
        await expect.poll(() => page.getByText(text).isVisible()).toBe(true);
        await context.close();
      }
    } finally {
      await e.server.platform.remoteConfig.set({});
    }
  });
});
