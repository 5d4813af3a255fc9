import ExcelJS from 'exceljs';
import type { ReportDocument } from './report-data';

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** Header and footer text: a lone "&" would start a formatting code. */
const headerText = (text: string): string => text.replaceAll('&', '&&');

const widthOf = (texts: readonly string[]): number =>
  Math.min(60, Math.max(8, ...texts.flatMap((text) => text.split('\n').map((line) => line.length))) + 2);

/** One worksheet: a bold, frozen header row with filters, dates as dates, printed landscape. */
export async function renderXlsx(document: ReportDocument): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Copro';
  workbook.title = document.title;
  const sheet = workbook.addWorksheet(document.sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
    pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
    headerFooter: {
      oddHeader: `&L&B${headerText(document.title)}&R${headerText(document.subtitle)}`,
      // Excel fills in &P and &N: the page and the page count.
      oddFooter: `&C${headerText(document.pageLabel('&P', '&N'))}`,
    },
  });
  sheet.columns = document.columns.map((column, i) => ({
    header: column.label,
    key: String(i),
    width: column.kind === 'date' ? 12 : widthOf([column.label, ...document.rows.map((row) => row[i] ?? '')]),
    style: {
      alignment: { vertical: 'top', wrapText: true },
      ...(column.kind === 'date' ? { numFmt: 'yyyy-mm-dd' } : {}),
    },
  }));
  for (const row of document.rows) {
    sheet.addRow(
      row.map((cell, i) =>
        document.columns[i]?.kind === 'date' && isoDate.test(cell) ? new Date(`${cell}T00:00:00Z`) : cell,
      ),
    );
  }
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.alignment = { vertical: 'middle', wrapText: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: document.columns.length } };
  // Typed as a Buffer by exceljs, but an ArrayBuffer in some versions.
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
