import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { user } from '@copro/server/db/schema/index';
import { demoBuildings, demoUsers } from '@copro/scripts/demo';
import { demoPassword, newPage, shot, startE2E, type E2E } from './harness';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => e?.close());

async function signIn(page: Page, email: string, password = demoPassword): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  // SPEC 2: the form submits on Enter.
  await page.getByLabel('Password', { exact: true }).press('Enter');
}

/** The newest mail to an address, read through the demo mailbox page as a newcomer would. */
async function linkFromMailbox(page: Page, to: string): Promise<string> {
  await page.goto('/demo/mailbox');
  const mail = page
    .locator('div, article, li')
    .filter({ hasText: to })
    .filter({ has: page.locator('a[href*="/_auth?"]') })
    .last();
  const href = await mail.locator('a[href*="/_auth?"]').first().getAttribute('href');
  if (!href) throw new Error(`no link in the mail to ${to}`);
  return href;
}

describe('sign-in page', () => {
  it('signs in through the real page, switches to French, and signs out', async () => {
    // The demo owner's own language is English (the admin's is French).
    const { context, page } = await newPage(e);
    await signIn(page, 'owner@example.com');
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByText(demoBuildings[0].name).waitFor();
    await page.getByText('Owner', { exact: true }).waitFor();
    await shot(page, 'dashboard-en');

    // The page switches at once and saves the choice after: wait for the save, not for a while.
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/session/language') && r.request().method() === 'PUT' && r.ok(),
    );
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'FR' }).click();
    await page.getByRole('heading', { name: 'Tableau de bord' }).waitFor();
    await saved;
    // The choice is this session's: a reload keeps it, and the profile's language (mails) stays.
    await page.reload();
    await page.getByRole('heading', { name: 'Tableau de bord' }).waitFor();
    const me = await page.request.get('/api/me');
    expect((await me.json()).locale).toBe('en-CA');
    await shot(page, 'dashboard-fr');

    await page.getByRole('button', { name: /^Menu de l'utilisateur/ }).click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    await page.waitForURL('**/signin**');
    await page.getByRole('heading', { name: 'Connexion à Copro' }).waitFor();
    expect((await page.request.get('/api/me')).status()).toBe(401);

    await page.goto('/dashboard');
    await page.waitForURL('**/signin?redirect=%2Fdashboard');
    await context.close();
  });

  it('keeps each session in its own language: switching in one browser does not flip the other', async () => {
    const laptop = await newPage(e);
    const phone = await newPage(e, { locale: 'fr-CA' });
    await signIn(laptop.page, 'handler@example.com');
    await laptop.page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    // The French sign-in page opens a French session for the same person.
    await phone.page.goto('/signin');
    await phone.page.getByLabel('Courriel').fill('handler@example.com');
    await phone.page.getByLabel('Mot de passe', { exact: true }).fill(demoPassword);
    await phone.page.getByRole('button', { name: 'Se connecter' }).click();
    await phone.page.getByRole('heading', { name: 'Tableau de bord' }).waitFor();

    const saved = laptop.page.waitForResponse(
      (r) => r.url().endsWith('/api/session/language') && r.request().method() === 'PUT' && r.ok(),
    );
    await laptop.page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'FR' }).click();
    await saved;
    const phoneSaved = phone.page.waitForResponse(
      (r) => r.url().endsWith('/api/session/language') && r.request().method() === 'PUT' && r.ok(),
    );
    await phone.page.getByRole('group', { name: 'Langue' }).getByRole('button', { name: 'EN' }).click();
    await phoneSaved;

    await laptop.page.reload();
    await phone.page.reload();
    await laptop.page.getByRole('heading', { name: 'Tableau de bord' }).waitFor();
    await phone.page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await laptop.context.close();
    await phone.context.close();
  });

  it('answers an unknown email and a wrong password with the same message, in English and in French', async () => {
    const { context, page } = await newPage(e);
    await signIn(page, 'nobody-at-all@example.com', 'whatever-password');
    await page.getByText('Invalid password, please try again').waitFor();
    await page.getByText('An error occurred while signing in.').waitFor();
    await shot(page, 'signin-error-en');

    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'FR' }).click();
    await page.getByLabel('Courriel').fill('handler@example.com');
    await page.getByLabel('Mot de passe', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByText('Mot de passe invalide, veuillez réessayer').first().waitFor();
    await shot(page, 'signin-error-fr');
    await context.close();
  });

  it('tells a disabled account so, and refuses repeated failures with too-many-requests', async () => {
    await e.server.platform.db
      .update(user)
      .set({ disabled: true })
      .where(eq(user.email, 'accountant-write@example.com'));
    const { context, page } = await newPage(e, { locale: 'fr-CA' });
    await page.goto('/signin');
    await page.getByLabel('Courriel').fill('accountant-write@example.com');
    await page.getByLabel('Mot de passe', { exact: true }).fill(demoPassword);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByText('Le compte a été désactivé').waitFor();
    await page.getByRole('group', { name: 'Langue' }).getByRole('button', { name: 'EN' }).click();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Account has been disabled').first().waitFor();
    await e.server.platform.db
      .update(user)
      .set({ disabled: false })
      .where(eq(user.email, 'accountant-write@example.com'));

    const guessed = `guessed-${Date.now()}@example.com`;
    for (let attempt = 0; attempt < 5; attempt++) {
      await page.getByLabel('Email').fill(guessed);
      await page.getByLabel('Password', { exact: true }).fill(`guess-number-${attempt}`);
      // Listening before the click: a fast answer would otherwise come before the wait begins.
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/sign-in/email'));
      await page.getByRole('button', { name: 'Sign in' }).click();
      await answered;
    }
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page
      .getByText(/Too many attempts/)
      .first()
      .waitFor();
    await shot(page, 'signin-too-many');
    await context.close();
  });

  it('is usable at 390 px with the 50 px mobile header', async () => {
    const { context, page } = await newPage(e, { width: 390 });
    await page.goto('/signin');
    const header = page.locator('header').first();
    await header.waitFor();
    expect((await header.boundingBox())?.height).toBe(50);
    await page.getByRole('link', { name: 'Forgot password?' }).waitFor();
    await shot(page, 'signin-390');
    await context.close();
  });
});

// One test per role, each with its own time budget: eight sign-ins in a row outlast one test's
// budget on a busy machine.
describe.each(demoUsers)('the demo $role ($email)', (u) => {
  it('sees only the buildings, groups and billing accounts it may, in the sign-in page’s language', async () => {
    const { context, page } = await newPage(e);
    try {
      await signIn(page, u.email);
      await page.waitForURL('**/dashboard');
      // The session speaks the language of the page it signed in from (English here), whatever the
      // user's own (the admin's is French): wait for the page to speak it.
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      // Buildings, groups and billing accounts come in one answer and are drawn together: once the
      // first building shows, what is absent is absent, not late.
      await page.getByText(demoBuildings[0].name).waitFor();
      const seesSecond = await page.getByText(demoBuildings[1].name).isVisible();
      expect(seesSecond, `${u.email} and ${demoBuildings[1].name}`).toBe(u.role === 'admin');
      const billingSection = await page
        .getByRole('heading', { name: /^(Billing accounts|Comptes de facturation)$/ })
        .isVisible();
      expect(billingSection, `${u.email} and billing accounts`).toBe(u.role === 'admin');
      // Nothing of another building is reachable through the API either.
      const other = await page.request.get(`/api/buildings/${demoBuildings[1].ref}`);
      expect(other.status(), u.email).toBe(u.role === 'admin' ? 200 : 404);
    } finally {
      await context.close();
    }
  });
});

describe('emailed links through the demo mailbox', () => {
  it('signs up, is refused until the email is confirmed, confirms, and signs in', async () => {
    const { context, page } = await newPage(e, { locale: 'fr-CA' });
    const email = `nouvelle-${Date.now()}@example.com`;
    await page.goto('/signup');
    await page.getByLabel('Nom').fill('Nouvelle Personne');
    await page.getByLabel('Courriel').fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill('un-mot-de-passe-1');
    await page.getByLabel('Confirmer le mot de passe').fill('un-autre-mot-de-passe');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await page.getByText('Les mots de passe ne correspondent pas').waitFor();
    await page.getByText('Vous devez accepter').waitFor();
    await page.getByLabel('Confirmer le mot de passe').fill('un-mot-de-passe-1');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await page.getByText(email).waitFor();

    await page.goto('/signin');
    await page.getByLabel('Courriel').fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill('un-mot-de-passe-1');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByText(/Veuillez confirmer votre adresse courriel/).waitFor();

    await page.goto(await linkFromMailbox(page, email));
    await page.getByText('Courriel confirmé').waitFor();
    await page.goto('/dashboard');
    await page.getByText(/Vous n'avez encore accès à aucun immeuble/).waitFor();
    await context.close();
  });

  it('resets a forgotten password by the emailed link', async () => {
    const { context, page } = await newPage(e);
    await page.goto('/signin');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/reset-password');
    await page.getByLabel('Email').fill('approver-write@example.com');
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByText('Check your inbox').waitFor();

    await page.goto(await linkFromMailbox(page, 'approver-write@example.com'));
    await page.getByLabel('New password', { exact: true }).fill('a-brand-new-one');
    await page.getByLabel('Confirm the new password').fill('a-brand-new-one');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByText('Password changed').waitFor();

    await signIn(page, 'approver-write@example.com', 'a-brand-new-one');
    await page.waitForURL('**/dashboard');
    await context.close();
  });
});

describe('live events', () => {
  it('refreshes an open dashboard when another user renames the building, without a reload', async () => {
    const owner = await newPage(e);
    await signIn(owner.page, 'resident@example.com');
    await owner.page.waitForURL('**/dashboard');
    await owner.page.getByText(demoBuildings[0].name).waitFor();
    let reloaded = false;
    owner.page.on('framenavigated', () => (reloaded = true));

    const approver = await newPage(e);
    await signIn(approver.page, 'approver@example.com');
    await approver.page.waitForURL('**/dashboard');
    const renamed = `${demoBuildings[0].name} (phase 2)`;
    const res = await approver.page.request.patch(`/api/buildings/${demoBuildings[0].ref}`, {
      data: { name: renamed },
    });
    expect(res.status()).toBe(200);

    await owner.page.getByText(renamed).waitFor();
    expect(reloaded).toBe(false);
    await approver.page.request.patch(`/api/buildings/${demoBuildings[0].ref}`, {
      data: { name: demoBuildings[0].name },
    });
    await owner.context.close();
    await approver.context.close();
  });
});

describe('other pages', () => {
  it('shows the version, the not-found page, and redirects /.well-known/change-password', async () => {
    const { context, page } = await newPage(e);
    await page.goto('/version');
    await page.getByText('2.11.2').waitFor();
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await signIn(page, 'resident@example.com');
    await page.waitForURL('**/dashboard');
    await page.goto('/.well-known/change-password');
    await page.waitForURL('**/account');
    await context.close();
  });
});
