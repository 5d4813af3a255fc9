import type ExcelJS from 'exceljs';
import { cellText, localeOf, type Language, type ReportCell, type ReportColumn } from '@copro/domain';
import { tablesOf, type ReportDocument, type ReportTableDocument } from '../../modules/reports';

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** Header and footer text: a lone "&" would start a formatting code. */
export const headerText = (text: string): string => text.replaceAll('&', '&&');

/** A column's width in characters: its longest line, within reason. */
export const widthOf = (texts: readonly string[]): number =>
  Math.min(60, Math.max(8, ...texts.flatMap((text) => text.split('\n').map((line) => line.length))) + 2);

/** A cell as the sheet stores it: amounts as numbers, dates as dates, the rest as text. */
export const sheetValue = (
  cell: ReportCell,
  kind: ReportColumn['kind'] | undefined,
): string | number | Date => {
  if (typeof cell !== 'string') return cell.cents / 100;
  return kind === 'date' && isoDate.test(cell) ? new Date(`${cell}T00:00:00Z`) : cell;
};

/** Worksheet names may not hold []:*?/\ and are at most 31 characters long. */
export const sheetNameOf = (name: string): string => name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31);

/**
 * The spreadsheet format of amounts as the reader writes them: "$1,234.56" in English, "1 234,56 $"
 * in French. The spreadsheet puts in the reader's own separators; the symbol and its place are ours.
 */
export function spreadsheetMoneyFormat(currency: string, language: Language): string {
  const format = new Intl.NumberFormat(localeOf(language), { style: 'currency', currency });
  const parts = format.formatToParts(1);
  const symbol = `"${(parts.find((part) => part.type === 'currency')?.value ?? currency).replaceAll('"', '')}"`;
  const decimals = format.resolvedOptions().maximumFractionDigits ?? 2;
  const number = decimals > 0 ? `#,##0.${'0'.repeat(decimals)}` : '#,##0';
  const symbolFirst =
    parts.findIndex((part) => part.type === 'currency') < parts.findIndex((part) => part.type === 'integer');
  const amount = symbolFirst ? `${symbol}${number}` : `${number} ${symbol}`;
  return `${amount};-${amount}`;
}

/** One worksheet: a bold, frozen header row with filters, dates as dates, amounts as numbers. */
function addSheet(workbook: ExcelJS.Workbook, document: ReportDocument, table: ReportTableDocument): void {
  const sheet = workbook.addWorksheet(sheetNameOf(table.sheetName), {
    views: [{ state: 'frozen', ySplit: 1 }],
    pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
    headerFooter: {
      oddHeader: `&L&B${headerText(document.title)}&R${headerText(document.subtitle)}`,
      // Excel fills in &P and &N: the page and the page count.
      oddFooter: `&C${headerText(document.pageLabel('&P', '&N'))}`,
    },
  });
  sheet.columns = table.columns.map((column, i) => ({
    header: column.label,
    key: String(i),
    width:
      column.kind === 'date' ? 12 : widthOf([column.label, ...table.rows.map((row) => cellText(row[i]))]),
    style: {
      alignment: { vertical: 'top', wrapText: true },
      ...(column.kind === 'date' ? { numFmt: 'yyyy-mm-dd' } : {}),
      ...(column.kind === 'money' ? { numFmt: document.moneyFormat ?? '#,##0.00' } : {}),
    },
  }));
  for (const row of table.rows) sheet.addRow(row.map((cell, i) => sheetValue(cell, table.columns[i]?.kind)));
  // Row 1 is the header: a table's row i is the sheet's row i + 2.
  for (const index of table.totalRows ?? []) sheet.getRow(index + 2).font = { bold: true };
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.alignment = { vertical: 'middle', wrapText: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: table.columns.length } };
}

/** A worksheet per table of the report, printed landscape with its title and page numbers. */
export async function renderXlsx(document: ReportDocument): Promise<Buffer> {
  // Loaded on the first spreadsheet, not at start: exceljs is 16 MB of memory and a second of start-up.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  workbook.creator = 'Copro';
  workbook.title = document.title;
  for (const table of tablesOf(document)) addSheet(workbook, document, table);
  // Typed as a Buffer by exceljs, but an ArrayBuffer in some versions.
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
