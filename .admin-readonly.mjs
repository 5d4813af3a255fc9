import { chromium } from 'playwright-core';
const base = 'http://localhost:3500';
const args = ['--headless','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args });
async function signIn(email, width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.log('page error:', e.message));
  await page.goto(base + '/signin');
  await page.waitForTimeout(1000);
  await page.screenshot({ path: `/tmp/shots-admin/signin-${email}.png` });
  await page.getByLabel(/Email|Courriel/).fill(email);
  await page.getByLabel(/Password|Mot de passe/, { exact: true }).fill('copro-demo-2026');
  await page.keyboard.press('Enter');
  await page.waitForURL('**/dashboard');
  return page;
}
const setLocale = (page, locale) => page.evaluate(async (locale) => {
  const me = await (await fetch('/api/me')).json();
  await fetch('/api/me', { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: me.name, locale }) });
}, locale);
// French validation messages
const admin = await signIn('admin@example.com');
await setLocale(admin, 'fr-CA');
await admin.goto(base + '/building/jardins-du-parc/admin/building');
const save = admin.getByRole('button', { name: 'Enregistrer les modifications' });
await save.waitFor();
await admin.getByLabel("Seuil d'avertissement de solde bas").fill('abc');
await admin.getByLabel('Nom de l\'immeuble').fill('');
await admin.getByLabel("Courriel de l'immeuble").fill('pas-un-courriel');
await admin.getByLabel('Mois de solde impayé avant une alerte').fill('0');
await admin.getByLabel('Identifiant Otonom').fill('x'.repeat(31));
await admin.getByLabel('URL du logo').fill('pas une url');
await save.click();
await admin.waitForTimeout(300);
console.log('fr errors:', await admin.locator('.mantine-InputWrapper-error').allInnerTexts());
await admin.screenshot({ path: '/tmp/shots-admin/fr-errors.png' });
await admin.getByRole('button', { name: 'Annuler les modifications' }).click();
// ban the approver so they keep users.view without users.edit
await admin.goto(base + '/building/jardins-du-parc/admin/users');
await admin.getByLabel('Bannir Paul Approbateur').dispatchEvent('click');
await admin.getByText('Paul Approbateur est maintenant banni.').waitFor();
await setLocale(admin, 'en-CA');
const approver = await signIn('approver@example.com');
await approver.goto(base + '/building/jardins-du-parc/admin/users');
await approver.waitForLoadState('networkidle');
await approver.waitForTimeout(500);
await approver.screenshot({ path: '/tmp/shots-admin/banned-approver-users.png', fullPage: true });
await approver.goto(base + '/building/jardins-du-parc/admin/building');
await approver.waitForLoadState('networkidle');
await approver.waitForTimeout(500);
await approver.screenshot({ path: '/tmp/shots-admin/banned-approver-building.png' });
const accountant = await signIn('accountant@example.com');
await accountant.goto(base + '/building/jardins-du-parc/admin/users');
await accountant.waitForLoadState('networkidle');
await accountant.waitForTimeout(500);
await accountant.screenshot({ path: '/tmp/shots-admin/accountant-users.png' });
// unban again
await admin.goto(base + '/building/jardins-du-parc/admin/users');
await admin.getByLabel('Ban Paul Approbateur').dispatchEvent('click');
await admin.getByText('Paul Approbateur is no longer banned.').waitFor();
await browser.close();
