import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import PDFDocument from 'pdfkit';
import type { Download, Locator, Page } from 'playwright-core';
import {
  addDays,
  buildingToday,
  firstDebitDate,
  otonomCsvHeaders,
  type PadAgreementView,
  type PadOrderPage,
  type PadOrderView,
  type StatementView,
  type UnitView,
} from '@copro/domain';
import { monthlyFeesJob } from '@copro/server/modules/receivables/budget/billing';
import { demoBuildings } from '@copro/scripts/demo';
import { type E2E, newPage, runJob, setNow, shot, signInAs, startE2E } from './harness';

let e: E2E;
const [jardins] = demoBuildings;
// The test's own time, never the real one: a Tuesday of March, noon in Montréal. The demo is written
// up to it (its fiscal year starts on January 1 of that day, scripts/src/demo.ts).
const start = '2026-03-10T16:00:00Z';
const today = buildingToday(jardins, new Date(start));
const year = `${today.slice(0, 4)}-01-01`;
const building = `/building/${jardins.ref}`;
const yearApi = `/api/buildings/${jardins.ref}/fiscal-years/${year}`;
const otonomApi = `/api/buildings/${jardins.ref}/otonom`;

// The demo's units on automatic payment since before the year, their debits of each month up to
// today collected (scripts/src/demo-otonom.ts); 102 and 103 pay by check.
const automatic = ['101', '401'] as const;
const newPayer = '102';
const withoutAgreement = '103';
// The day of the month 102's debits are taken on; its first one at least 10 days after the notice (Rule H1).
const paymentDay = 15;
const firstDebit = firstDebitDate(today, paymentDay);
// The day the bank returns 102's debit: a few days after it was withdrawn.
const returnDay = addDays(firstDebit, 5);
const noonOf = (date: string): string => `${date}T16:00:00Z`;

beforeAll(async () => {
  // The demo's year: the budget sets each unit's monthly fee, which the monthly debit takes.
  e = await startE2E({ year: true, otonom: true, now: start });
});
afterAll(async () => e?.close());

/** Waits until the element is shown, on the page's state, never on time; if it never is, the page is kept as a screenshot. */
async function seen(locator: Locator, timeout = 15_000): Promise<void> {
  try {
    await expect.poll(() => locator.isVisible(), { timeout }).toBe(true);
  } catch (error) {
    await shot(locator.page(), 'otonom-failure');
    throw error;
  }
}

/**
 * The element alone, as `shot` keeps pages (COPRO_SCREENSHOTS): a card of a long page, or an open
 * dialog (a full-page screenshot resizes the window for a moment, below the phone breakpoint
 * where the shell swaps the page for "use a wider window", which closes the page's dialogs).
 */
async function elementShot(locator: Locator, name: string): Promise<void> {
  if (!process.env.COPRO_SCREENSHOTS) return;
  await locator.screenshot({ path: path.resolve(import.meta.dirname, 'screenshots', `${name}.png`) });
}

async function getJson<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url);
  expect(res.status(), url).toBe(200);
  return (await res.json()) as T;
}

async function bytesOf(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const downloading = page.waitForEvent('download', { timeout: 30_000 });
  await click();
  const download = await downloading;
  return { name: download.suggestedFilename(), bytes: await bytesOf(download) };
}

/** A signed agreement as a scanner makes it: one page, a PDF. */
function signedPdf(): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 50 });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.fontSize(16).text('Accord de débit préautorisé — unité 102 (signé)');
    doc.fontSize(11).text('Signature : Camille Tremblay', 50, 200);
    doc.end();
  });
}

/** A day as the pages write it (`useLedgerFormat().day`). */
const dayFr = (isoDate: string): string =>
  new Intl.DateTimeFormat('fr-CA', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );

const unitsByNumber = async (page: Page): Promise<Map<string, UnitView>> =>
  new Map(
    (await getJson<{ items: UnitView[] }>(page, `${yearApi}/units?pageSize=500`)).items.map((u) => [
      u.number,
      u,
    ]),
  );

const orders = async (page: Page): Promise<PadOrderView[]> =>
  (await getJson<PadOrderPage>(page, `${otonomApi}/orders?direction=debit&pageSize=200`)).orders;

/** The debits of `month` (YYYY-MM), by unit number. */
async function debitsOf(page: Page, month: string): Promise<Map<string, PadOrderView>> {
  return new Map((await orders(page)).filter((o) => o.month === month).map((o) => [o.unitNumber ?? '', o]));
}

/** A unit's statement of account of the whole year. */
const statement = (page: Page, unitUuid: string): Promise<StatementView> =>
  getJson<StatementView>(
    page,
    `${yearApi}/units/${unitUuid}/statement?from=${year}&to=${today.slice(0, 4)}-12-31&format=json`,
  );

/** The row of the orders table for an order. */
const orderRow = (page: Page, reference: string) =>
  page.getByRole('table', { name: 'Paiements' }).getByRole('row').filter({ hasText: reference });

describe('pre-authorized debits', () => {
  it(
    'switches a unit to automatic payment, sends the month’s file to the partner, returns a debit NSF and shows it on the owner’s statement, in French',
    { timeout: 120_000 },
    async () => {
      const admin = await newPage(e, { locale: 'fr-CA' });
      const page = admin.page;
      await signInAs(page, 'admin@example.com');
      const units = await unitsByNumber(page);
      const unit = units.get(newPayer);
      const other = units.get(withoutAgreement);
      expect(unit?.automaticPayment).toBe(false);
      expect(other?.automaticPayment).toBe(false);

      // (1) Unit 102: its bank details, in the bank details card of its page.
      await page.goto(`${building}/units/info/${unit!.uuid}`);
      const bank = page.getByRole('region', { name: 'Coordonnées bancaires' });
      const card = page.getByRole('region', { name: 'Accord de débit préautorisé' });
      await seen(card.getByText('Manquantes'));
      await bank.getByRole('button', { name: 'Ajouter' }).click();
      await bank.getByRole('textbox', { name: "Numéro d'institution" }).fill('815');
      await bank.getByRole('textbox', { name: 'Numéro de transit' }).fill('30001');
      await bank.getByRole('textbox', { name: 'Numéro de compte' }).fill('0123456');
      await bank.getByRole('textbox', { name: 'Titulaire du compte' }).fill('Camille Tremblay');
      await bank.getByRole('button', { name: 'Enregistrer les coordonnées' }).click();
      await seen(page.getByText('Coordonnées bancaires enregistrées').first());
      await seen(bank.getByText('Camille Tremblay'));
      // The agreement card follows: the details are on file.
      await seen(card.getByText('Au dossier'));

      // (2) The agreement form to have signed, generated from the unit's data: a PDF.
      const form = await downloaded(page, () => card.getByRole('link', { name: 'Français' }).click());
      expect(form.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(form.name).toMatch(/\.pdf$/);
      if (process.env.COPRO_SCREENSHOTS)
        fs.writeFileSync(
          path.resolve(import.meta.dirname, 'screenshots', 'otonom-agreement-form-fr.pdf'),
          form.bytes,
        );

      // (3) The signed copy, uploaded.
      const chooser = page.waitForEvent('filechooser');
      await card.getByRole('button', { name: "Téléverser l'accord signé" }).click();
      await (
        await chooser
      ).setFiles({ name: 'accord-signe-102.pdf', mimeType: 'application/pdf', buffer: await signedPdf() });
      await seen(page.getByText('Accord signé enregistré.').first());
      await seen(card.getByRole('link', { name: 'accord-signe-102.pdf' }));
      await seen(card.getByText(/Tout ce qu'exige le paiement automatique est au dossier/));
      await elementShot(card, 'otonom-agreement-ready-fr-1280');

      // (4) The unit's form: automatic payment on, with a payment day.
      await page.getByRole('link', { name: 'Modifier' }).click();
      await page.waitForURL(`**/admin/units/${unit!.uuid}`);
      const day = page.getByRole('textbox', { name: 'Jour de paiement' });
      await seen(day);
      await day.fill(String(paymentDay));
      await page.getByRole('switch', { name: 'Paiement automatique' }).check({ force: true });
      await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
      await seen(page.getByText(`L'unité ${newPayer} a été enregistrée.`).first());

      // The written notice went to the owners, the first debit at least 10 days later (Rule H1).
      const agreement = await getJson<PadAgreementView>(
        page,
        `/api/buildings/${jardins.ref}/units/${unit!.uuid}/pad-agreement`,
      );
      expect(agreement).toMatchObject({ automaticPayment: true, paymentDay, missing: [] });
      expect(agreement.notice?.firstDebitOn).toBe(firstDebit);
      expect(agreement.notice?.recipients.length).toBeGreaterThan(0);
      await page.goto(`${building}/units/info/${unit!.uuid}`);
      await seen(card.getByText('Activé'));
      await seen(card.getByText(new RegExp(`^Envoyé le .+ à ${agreement.notice!.recipients[0]!}`)));
      await seen(card.getByText('Premier débit permis'));
      await seen(card.getByText(dayFr(firstDebit), { exact: true }));
      await elementShot(card, 'otonom-agreement-notice-fr-1280');

      // (5) Unit 103 has neither bank details nor agreement: switching it on is refused, under the switch.
      await page.goto(`${building}/admin/units/${other!.uuid}`);
      const otherSwitch = page.getByRole('switch', { name: 'Paiement automatique' });
      await seen(otherSwitch);
      await otherSwitch.check({ force: true });
      await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
      const switchRoot = page.locator('.mantine-Switch-root').filter({ has: otherSwitch });
      await seen(switchRoot.getByText("L'unité n'a pas de coordonnées bancaires.", { exact: false }));
      await shot(page, 'otonom-switch-refused-fr-1280');
      expect((await unitsByNumber(page)).get(withoutAgreement)?.automaticPayment).toBe(false);

      // (6) Time passes: 102's first debit day. Payments → pre-authorized debits, from the navbar and tabs.
      await setNow(e, noonOf(firstDebit), [admin.context]);
      const month = firstDebit.slice(0, 7);
      // Meanwhile the daily job billed the month's fees on the 1st: what the debits pay.
      await runJob(e, monthlyFeesJob);
      expect((await statement(page, unit!.uuid)).lines.some((l) => l.date === `${month}-01`)).toBe(true);
      await page.goto(`${building}/dashboard`);
      await page
        .getByRole('navigation', { name: "Navigation de l'immeuble" })
        .getByRole('link', { name: 'Paiements' })
        .click();
      const tab = page.getByRole('link', { name: 'Prélèvements (Otonom)', exact: true });
      await seen(tab);
      await tab.click();
      await page.waitForURL(`**${building}/payments/otonom`);
      await seen(page.getByText('Partenaire de test local (démo) : rien ne quitte cet ordinateur.'));

      // The monthly debits as of today: the month's debit of each unit on automatic payment, 102's first.
      expect((await debitsOf(page, month)).size).toBe(0);
      const asOf = page.getByRole('textbox', { name: 'Créer les prélèvements mensuels en date du' });
      expect(await asOf.inputValue()).toBe(firstDebit);
      await page.getByRole('button', { name: 'Créer les prélèvements mensuels' }).click();
      await seen(page.getByText(/^3 prélèvements créés en date du /).first());
      const created = await debitsOf(page, month);
      expect([...created.keys()].sort()).toEqual([...automatic, newPayer].sort());
      for (const order of created.values()) {
        expect(order).toMatchObject({ status: 'readyToSendToOtonom', dueDate: firstDebit });
        expect(order.amount).toBeGreaterThan(0);
        await seen(orderRow(page, order.reference).getByText('Prêt à envoyer'));
      }
      await shot(page, 'otonom-ready-fr-1280');

      // (7) The month's file of unit debits, sent to the partner after the confirmation.
      const next = page.getByRole('region', { name: 'Prélèvements des unités' });
      await seen(next.getByText(/^3 paiements · /));
      const sentBefore = e.partner!.received().length;
      await next.getByRole('button', { name: 'Envoyer les prélèvements des unités' }).click();
      const confirm = page.getByRole('dialog', { name: 'Envoyer les prélèvements des unités' });
      await seen(confirm.getByText(/^3 prélèvements d'unités, .+ au total\.$/));
      await confirm.getByRole('button', { name: 'Envoyer les prélèvements des unités' }).click();
      await seen(page.getByText(/ envoyé : 3 paiements, /).first());
      const received = e.partner!.received();
      expect(received).toHaveLength(sentBefore + 1);
      const sent = received[received.length - 1]!;
      const references = [...created.values()].map((o) => o.reference);
      expect([...sent.references].sort()).toEqual([...references].sort());

      // The files of the last 30 days list it, downloadable as it was sent.
      const files = page.getByRole('table', { name: 'Fichiers des 30 derniers jours' });
      const link = files.getByRole('link', { name: `Télécharger ${sent.fileName}` });
      await seen(link);
      const file = await downloaded(page, () => link.click());
      const text = file.bytes.toString('utf8');
      expect(text).toBe(sent.content);
      const [header, ...rows] = text.trimEnd().split('\r\n');
      expect(header).toBe(otonomCsvHeaders(sent.apiVersion === 'legacy' ? 'legacy' : 'v202406').join(','));
      expect(rows).toHaveLength(3);
      for (const reference of references)
        await seen(orderRow(page, reference).getByText('Envoyé, à traiter'));
      await shot(page, 'otonom-sent-fr-1280');

      // (8) The partner's news: the money was withdrawn, the payments are posted.
      const refresh = page.getByRole('button', { name: 'Actualiser les statuts' });
      await refresh.click();
      await seen(page.getByText(/^3 paiements ont changé de statut, 0 inchangé/).first());
      for (const reference of references)
        await seen(orderRow(page, reference).getByText('Prélèvement effectué'));
      const collected = await debitsOf(page, month);
      for (const order of collected.values()) expect(order.transactionUuid).not.toBeNull();
      const unit102 = units.get(newPayer)!;
      const before = await statement(page, unit102.uuid);

      // (9) Days later, 101's bank phones: NSF, given by hand with the bank's reason; the fee is charged.
      await setNow(e, noonOf(returnDay), [admin.context]);
      const byHand = collected.get('101')!;
      await page.getByRole('button', { name: `Changer le statut de ${byHand.reference}` }).click();
      const dialog = page.getByRole('dialog', { name: `Changer le statut de ${byHand.reference}` });
      await seen(dialog);
      await dialog.getByRole('textbox', { name: 'Nouveau statut' }).click();
      await page.getByRole('option', { name: 'Retourné (provision insuffisante)' }).click();
      await dialog.getByRole('textbox', { name: 'Motif du retour' }).click();
      await page.getByRole('option', { name: '901 — Provision insuffisante' }).click();
      expect(await dialog.getByLabel('Date du retour').inputValue()).toBe(returnDay);
      expect(
        await dialog.getByRole('checkbox', { name: 'Facturer les frais de paiement retourné' }).isChecked(),
      ).toBe(true);
      await elementShot(dialog, 'otonom-status-dialog-fr-1280');
      await dialog.getByRole('button', { name: 'Changer le statut' }).click();
      await seen(
        page.getByText(`${byHand.reference} est maintenant « Retourné (provision insuffisante) ».`).first(),
      );
      await seen(orderRow(page, byHand.reference).getByText('Retourné (provision insuffisante)'));

      // 102's debit comes back NSF from the partner (901); 401's is completed: the refresh applies both.
      const returned = collected.get(newPayer)!;
      e.partner!.setStatus(returned.reference, 'processedNSF', '901', returnDay);
      await refresh.click();
      await seen(page.getByText(/^2 paiements ont changé de statut, 0 inchangé/).first());
      const row = orderRow(page, returned.reference);
      await seen(row.getByText('Retourné (provision insuffisante)'));
      await seen(row.getByText('901 — Provision insuffisante'));
      await seen(orderRow(page, collected.get('401')!.reference).getByText('Complété'));
      await shot(page, 'otonom-returned-fr-1280');
      const back = (await orders(page)).find((o) => o.uuid === returned.uuid)!;
      expect(back).toMatchObject({ status: 'processedNSF', returnCode: '901', returnedOn: returnDay });
      expect(back.reversalUuid).not.toBeNull();
      expect(back.feeUuid).not.toBeNull();

      // (10) 102's statement of account: the reversal and the returned-payment fee, its balance up by both.
      const after = await statement(page, unit102.uuid);
      const reversal = after.lines.find((l) => l.uuid === back.reversalUuid);
      const fee = after.lines.find((l) => l.uuid === back.feeUuid);
      expect(reversal).toMatchObject({ date: returnDay, invoiced: returned.amount });
      expect(reversal!.description).toContain(returned.reference);
      expect(fee).toMatchObject({ date: returnDay });
      expect(fee!.invoiced).toBeGreaterThan(0);
      expect(after.closingBalance - before.closingBalance).toBe(returned.amount + fee!.invoiced);

      await page.goto(`${building}/units/transactions/${unit102.uuid}`);
      await page.getByRole('button', { name: 'Relevé de compte' }).click();
      const statementDialog = page.getByRole('dialog', { name: /^Relevé de compte — / });
      await seen(statementDialog);
      await statementDialog.getByRole('button', { name: 'Afficher' }).click();
      const table = statementDialog.getByRole('table');
      const line = (description: string) => table.getByRole('row').filter({ hasText: description });
      await seen(line(reversal!.description));
      await seen(line(reversal!.description).getByText(dayFr(returnDay)));
      await seen(line(fee!.description));
      await seen(table.getByText('Totaux et solde de clôture'));
      await elementShot(statementDialog, 'otonom-statement-fr-1280');
      await admin.context.close();
    },
  );

  it(
    'lets an accountant read the page without sending, and keeps it from an owner',
    { timeout: 60_000 },
    async () => {
      // Claire, a finance reader (French): the page, without any of the writers' buttons.
      const claire = await newPage(e, { locale: 'fr-CA' });
      await signInAs(claire.page, 'accountant@example.com');
      await claire.page.goto(`${building}/payments/otonom`);
      await seen(claire.page.getByRole('heading', { name: 'Prélèvements préautorisés', exact: true }));
      await seen(claire.page.getByRole('table', { name: 'Fichiers des 30 derniers jours' }));
      await seen(claire.page.getByRole('table', { name: 'Paiements' }));
      const writerButtons = claire.page.getByRole('button', {
        name: /^(Envoyer les|Créer les prélèvements mensuels|Actualiser les statuts|Changer le statut)/,
      });
      expect(await writerButtons.count()).toBe(0);
      await claire.context.close();

      // Olivia, an owner: the address gives the missing permission page.
      const olivia = await newPage(e);
      await signInAs(olivia.page, 'owner@example.com');
      await olivia.page.goto(`${building}/payments/otonom`);
      await seen(olivia.page.getByText('Missing permission', { exact: true }));
      expect(await olivia.page.getByRole('heading', { name: 'Pre-authorized debits' }).count()).toBe(0);
      await olivia.context.close();
    },
  );

  it(
    'shows the page and the agreement card in French and English, on a computer and a phone',
    { timeout: 60_000 },
    async () => {
      const words = {
        fr: {
          title: 'Prélèvements préautorisés',
          tooSmall: 'Utilisez un ordinateur ou une fenêtre plus large',
          orders: 'Paiements',
          card: 'Accord de débit préautorisé',
        },
        en: {
          title: 'Pre-authorized debits',
          tooSmall: 'Use a computer or a wider window',
          orders: 'Payments',
          card: 'Pre-authorized debit agreement',
        },
      };
      for (const { who, locale, language } of [
        { who: 'admin@example.com', locale: 'fr-CA', language: 'fr' },
        { who: 'accountant-write@example.com', locale: 'en-CA', language: 'en' },
      ] as const) {
        const w = words[language];
        const { context, page } = await newPage(e, { locale });
        await signInAs(page, who);
        const unit = (await unitsByNumber(page)).get(newPayer)!;
        for (const width of [1280, 390]) {
          await page.setViewportSize({ width, height: 860 });
          await page.goto(`${building}/payments/otonom`);
          // A phone gets the shell's "use a wider window": the page's tables are wide (SPEC 2).
          await seen(page.getByText(width < 768 ? w.tooSmall : w.title, { exact: true }).first());
          if (width >= 768) await seen(page.getByRole('table', { name: w.orders }));
          await shot(page, `otonom-page-${language}-${width}`);

          await page.goto(`${building}/units/info/${unit.uuid}`);
          const card = page.getByRole('region', { name: w.card });
          await seen(card.getByText('accord-signe-102.pdf'));
          await shot(page, `otonom-unit-${language}-${width}`);
          await elementShot(card, `otonom-agreement-${language}-${width}`);
        }
        await context.close();
      }
    },
  );
});
