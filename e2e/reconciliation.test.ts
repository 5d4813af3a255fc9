import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import type { Locator, Page } from 'playwright-core';
import {
  buildingToday,
  cents,
  type BankReconciliation,
  type BankView,
  type PeriodDetail,
  type ReconciliationLine,
  type ReconciliationPeriod,
} from '@copro/domain';
import { demoBuildings } from '@copro/scripts/demo';
import { type E2E, newPage, shot, signInAs, startE2E } from './harness';

let e: E2E;
const [jardins] = demoBuildings;
// The demo's fiscal year starts on January 1 of the building's today (scripts/src/demo.ts).
const today = buildingToday(jardins, new Date());
const year = `${today.slice(0, 4)}-01-01`;
const api = `/api/buildings/${jardins.ref}/fiscal-years/${year}`;
const building = `/building/${jardins.ref}`;
// The board package's French titles, from its catalog: the building writes in French.
const board = (
  JSON.parse(
    fs.readFileSync(
      path.resolve(import.meta.dirname, '../packages/domain/src/i18n/closing/board-package.fr.json'),
      'utf8',
    ),
  ) as { boardPackage: { title: string; contents: string; sections: Record<string, string> } }
).boardPackage;

beforeAll(async () => {
  // The demo's year: the operating account reconciled up to last month (scripts/src/demo-reconciliation.ts).
  e = await startE2E({ year: true });
});
afterAll(async () => e?.close());

/** Waits until the element is shown, on the page's state, never on time; if it never is, the page is kept as a screenshot. */
async function seen(locator: Locator, timeout = 15_000): Promise<void> {
  try {
    await expect.poll(() => locator.isVisible(), { timeout }).toBe(true);
  } catch (error) {
    await shot(locator.page(), 'reconciliation-failure');
    throw error;
  }
}

async function getJson<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url);
  expect(res.status(), url).toBe(200);
  return (await res.json()) as T;
}

const dollars = (amount: number): string => (amount / 100).toFixed(2);
const quoted = (cell: string): string => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

/** A bank's fee the statement shows and Copro does not hold yet: an amount no line of the period has. */
function feeAmount(lines: readonly ReconciliationLine[]): number {
  const taken = new Set(lines.map((line) => line.amount));
  const fee = [-12_50, -13_75, -19_95, -21_35].find((amount) => !taken.has(cents(amount)));
  if (fee === undefined) throw new Error('no free fee amount');
  return fee;
}

/**
 * The bank's statement of the period as its CSV: withdrawals and deposits in two columns, the
 * check number, a running balance; the movements dated in the period (what earlier months left
 * outstanding stays so), then the bank's fee of today.
 */
function statementCsv(
  startingBalance: number,
  lines: readonly ReconciliationLine[],
  fee: number,
): { csv: string; closing: number } {
  let balance = startingBalance;
  const rows = [['Date', 'Description', 'Cheque', 'Withdrawals', 'Deposits', 'Balance']];
  const movements = [
    ...lines.map((line) => ({ ...line, description: line.description.toUpperCase() })),
    { date: today, description: 'STOP PAYMENT FEE', checkNumber: null, amount: fee },
  ].sort((a, b) => a.date.localeCompare(b.date));
  for (const line of movements) {
    balance += line.amount;
    rows.push([
      line.date,
      line.description,
      line.checkNumber ?? '',
      line.amount < 0 ? dollars(-line.amount) : '',
      line.amount > 0 ? dollars(line.amount) : '',
      dollars(balance),
    ]);
  }
  return { csv: `${rows.map((row) => row.map(quoted).join(',')).join('\r\n')}\r\n`, closing: balance };
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<Buffer> {
  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  await click();
  const stream = await (await downloading).createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('bank reconciliation', () => {
  it(
    'imports a month’s statement, confirms the matches, records the bank’s fee, reconciles to zero, and downloads the board package in French',
    { timeout: 420_000 },
    async () => {
      // (1) Wendy, a finance writer, opens Banks → Reconciliation on a computer, in English.
      const wendy = await newPage(e);
      const page = wendy.page;
      await signInAs(page, 'accountant-write@example.com');
      await page.goto(`${building}/dashboard`);
      await page
        .getByRole('navigation', { name: 'Building navigation' })
        .getByRole('link', { name: 'Banks' })
        .click();
      const tab = page.getByRole('link', { name: 'Reconciliation', exact: true });
      await seen(tab);
      await tab.click();
      await page.waitForURL(`**${building}/banks/reconciliation`);

      // She chooses the operating account (the demo's one checking account).
      const banks = (await getJson<{ items: BankView[] }>(page, `${api}/banks`)).items;
      const operating = banks.find((bank) => bank.bankAccountType === 'checking');
      expect(operating).toBeDefined();
      const bankApi = `/api/buildings/${jardins.ref}/banks/${operating!.uuid}/reconciliation`;
      await page.getByRole('link', { name: operating!.name, exact: true }).click();
      await page.waitForURL(`**/banks/reconciliation/${operating!.uuid}`);
      const before = await getJson<BankReconciliation>(page, bankApi);
      // The demo reconciled every month before this one; this one is proposed, not created.
      const thisMonth = `${today.slice(0, 7)}-01`;
      expect(before.periods.every((period) => period.isReconciled && period.difference === 0)).toBe(true);
      expect(before.periods.every((period) => period.periodStart < thisMonth)).toBe(true);
      const periodsTable = page.getByRole('table', { name: 'Reconciliation periods' });
      if (before.periods.length > 0) {
        await seen(periodsTable);
        await expect.poll(() => periodsTable.getByRole('row').count()).toBe(before.periods.length + 1);
      }
      await shot(page, 'reconciliation-periods-en');

      // (2) She creates the next period: it starts where the last one ended, at its closing balance.
      await page.getByRole('button', { name: 'New period' }).click();
      const creation = page.getByRole('dialog', { name: 'New period' });
      await seen(creation);
      expect(await creation.getByLabel('Start date').inputValue()).toBe(before.next.periodStart);
      expect(await creation.getByLabel('End date').inputValue()).toBe(before.next.periodEnd);
      await creation.getByRole('button', { name: 'Create the period' }).click();
      await page.waitForURL(/[?&]period=[0-9a-f-]{36}/);
      const periodUuid = new URL(page.url()).searchParams.get('period') ?? '';
      const periodApi = `${bankApi}/periods/${periodUuid}`;
      await seen(page.getByText('Statement import', { exact: true }));

      // (3) The bank's statement of the period: what Copro holds for it, read from the API, and a fee.
      const detail = await getJson<PeriodDetail>(page, `${periodApi}?show=uncleared&pageSize=500`);
      const created: ReconciliationPeriod = detail.period;
      expect(created).toMatchObject({
        periodStart: before.next.periodStart,
        startingBalance: before.next.startingBalance,
        isReconciled: false,
        clearedCount: 0,
      });
      const inPeriod = detail.lines.filter((line) => !line.carriedForward);
      expect(inPeriod.length).toBeGreaterThan(0);
      const fee = feeAmount(detail.lines);
      const { csv, closing } = statementCsv(created.startingBalance, inPeriod, fee);
      const file = {
        name: `releve-${today.slice(0, 7)}.csv`,
        mimeType: 'text/csv',
        buffer: Buffer.from(csv, 'utf8'),
      };

      const imports = page.getByRole('region', { name: 'Statement import' });
      const upload = async () => {
        const chooser = page.waitForEvent('filechooser');
        await imports.getByRole('button', { name: 'Import a file' }).click();
        await (await chooser).setFiles(file);
      };
      await upload();

      // (4) Copro does not know this bank's CSV yet: the columns it guessed, which she keeps.
      const sample = imports.getByRole('table', { name: "The file's first rows" });
      await seen(sample, 30_000);
      expect(await imports.getByLabel('Date', { exact: true }).inputValue()).toBe('0');
      expect(await imports.getByLabel('Description', { exact: true }).inputValue()).toBe('1');
      expect(await imports.getByLabel('Money out (debit)').inputValue()).toBe('3');
      expect(await imports.getByLabel('Money in (credit)').inputValue()).toBe('4');
      expect(await imports.getByLabel('The first row holds the column names').isChecked()).toBe(true);
      await shot(page, 'reconciliation-mapping-en');
      await imports.getByRole('button', { name: 'Read the file with these columns' }).click();

      // (5) Each line of Copro's is matched; she confirms them all.
      const matches = inPeriod.length;
      const confirm = imports.getByRole('button', {
        name: matches === 1 ? 'Confirm 1 match' : `Confirm ${matches} matches`,
      });
      await seen(confirm, 30_000);
      await seen(imports.getByText('Not matched (1)'));
      await shot(page, 'reconciliation-matches-en');
      await confirm.click();
      await seen(page.getByText(/^\d+ match(es)? confirmed/).first());
      await expect.poll(() => confirm.count(), { timeout: 15_000 }).toBe(0);

      // (6) The bank's fee, which nothing matches, becomes a bank fee in one click.
      const unmatched = imports.getByRole('list', { name: 'Not matched' });
      await seen(unmatched.getByText('STOP PAYMENT FEE'));
      await unmatched.getByRole('button', { name: 'Bank fee' }).click();
      await seen(page.getByText('Bank fee recorded and ticked.').first());
      await expect.poll(() => unmatched.count(), { timeout: 15_000 }).toBe(0);
      await seen(imports.getByText(`Done (${matches + 1})`));

      // The same file again adds nothing: refused, on the page and through the API.
      await upload();
      await seen(
        imports
          .getByRole('alert')
          .getByText('This statement file was already imported for this bank account.'),
      );
      const again = await page.request.post(`${periodApi}/imports`, { multipart: { file } });
      expect(again.status()).toBe(409);
      expect(((await again.json()) as { code: string }).code).toBe('statementAlreadyImported');

      // (7) She types the statement's closing balance: the difference is zero, and she reconciles.
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      const editing = page.getByRole('dialog', { name: 'Edit the period' });
      await seen(editing);
      await editing.getByLabel('Closing balance').fill(dollars(closing));
      await editing.getByRole('button', { name: 'Save' }).click();
      await seen(page.getByText('Period saved.').first());
      const difference = page.getByTestId('figure-difference');
      await expect.poll(() => difference.innerText(), { timeout: 15_000 }).toMatch(/\$0\.00$/);
      const reconcile = page.getByRole('button', { name: 'Reconcile', exact: true });
      await expect.poll(() => reconcile.isEnabled(), { timeout: 15_000 }).toBe(true);
      await shot(page, 'reconciliation-balanced-en');
      await reconcile.click();
      await seen(page.getByText('Period reconciled.').first());
      await seen(page.getByText('Reconciled', { exact: true }).first());
      await shot(page, 'reconciliation-reconciled-en');

      const reconciled = (await getJson<PeriodDetail>(page, `${periodApi}?show=all&pageSize=500`)).period;
      expect(reconciled).toMatchObject({
        isReconciled: true,
        difference: 0,
        closingBalance: closing,
        clearedCount: matches + 1,
        reconciledBy: 'Wendy Accountant',
      });
      // Reconciled, the period takes no import at all.
      const closed = await page.request.post(`${periodApi}/imports`, {
        multipart: { file: { ...file, name: 'autre.csv', buffer: Buffer.from(`${csv}\r\n`, 'utf8') } },
      });
      expect(closed.status()).toBe(409);
      await wendy.context.close();

      // (8) Paul, of the board, reads the period on his phone, in French.
      const phone = await newPage(e, { width: 390, locale: 'fr-CA' });
      await signInAs(phone.page, 'approver@example.com');
      await phone.page.goto(`${building}/banks/reconciliation/${operating!.uuid}?period=${periodUuid}`);
      await seen(phone.page.getByText('Conciliée', { exact: true }).first(), 30_000);
      await seen(phone.page.getByTestId('figure-difference'));
      expect(await phone.page.getByTestId('figure-difference').innerText()).toMatch(/0,00\s*\$$/);
      await shot(phone.page, 'reconciliation-reconciled-390-fr');
      await phone.context.close();

      // (9) On his computer he opens Accounting → Financial statements and downloads the board package.
      const paul = await newPage(e, { locale: 'fr-CA' });
      await signInAs(paul.page, 'approver@example.com');
      await paul.page.goto(`${building}/dashboard`);
      await paul.page
        .getByRole('navigation', { name: "Navigation de l'immeuble" })
        .getByRole('link', { name: 'Comptabilité' })
        .click();
      const statementsTab = paul.page.getByRole('link', { name: 'États financiers', exact: true });
      await seen(statementsTab);
      await statementsTab.click();
      await paul.page.waitForURL(`**${building}/categories/financial-statement`);
      await paul.page.getByRole('button', { name: board.title }).click();
      const dialog = paul.page.getByRole('dialog', { name: board.title });
      await seen(dialog);
      await shot(paul.page, 'reconciliation-board-package-fr');
      const pdf = await downloaded(paul.page, () =>
        dialog.getByRole('link', { name: `Télécharger « ${board.title} » en PDF` }).click(),
      );
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const parser = new PDFParse({ data: new Uint8Array(pdf) });
      const text = (await parser.getText()).text.replace(/\s+/g, ' ');
      await parser.destroy();
      // The building writes in French: the cover, its contents, and each section under its title.
      expect(text).toContain(board.title);
      expect(text).toContain(board.contents);
      for (const title of Object.values(board.sections)) expect(text, title).toContain(title);
      await paul.context.close();
    },
  );
});
