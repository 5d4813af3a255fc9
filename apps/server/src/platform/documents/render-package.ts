import type ExcelJS from 'exceljs';
import { cellText } from '@copro/domain';
import { tablesOf, type ReportDocument, type ReportTableDocument } from '../../modules/reports';
import { drawableText, drawReport, numberPages, openPdf, pdfLayout } from './render-pdf';
import { headerText, sheetNameOf, sheetValue, widthOf } from './render-xlsx';

/**
 * Several reports as one file (the board package): a PDF with a cover page and its table of
 * contents, each report from a new page under its title; or a workbook with one worksheet per
 * report. Every word is already in the package's language.
 */
export interface ReportPackage {
  title: string;
  /** Under the title on the cover: who it is for (building, address), the period, when it was made. */
  coverLines: string[];
  /** The heading of the table of contents. */
  contentsTitle: string;
  /** The reports in order; each document's title is its entry in the contents. */
  sections: { document: ReportDocument; sheetName: string }[];
  /** "Page X of Y", counted over the whole PDF. */
  pageLabel: (page: number | string, pages: number | string) => string;
}

const { margin, regular, bold } = pdfLayout;

/** The PDF: the cover with its contents (filled in once each report's first page is known), then the reports. */
export async function renderPackagePdf(source: ReportPackage): Promise<Buffer> {
  const { pdf, done } = await openPdf(source.title);
  const width = pdf.page.width - 2 * margin;

  pdf
    .font(bold)
    .fontSize(26)
    .fillColor('black')
    .text(drawableText(source.title), margin, margin + 60, { width });
  pdf.moveDown(0.5).font(regular).fontSize(13).fillColor('#333');
  for (const line of source.coverLines) pdf.text(drawableText(line), { width });
  pdf
    .moveDown(1.5)
    .font(bold)
    .fontSize(14)
    .fillColor('black')
    .text(drawableText(source.contentsTitle), { width });
  const contentsTop = pdf.y + 8;

  const firstPages: number[] = [];
  for (const { document } of source.sections) {
    pdf.addPage();
    const range = pdf.bufferedPageRange();
    firstPages.push(range.start + range.count - 1);
    drawReport(pdf, document);
  }

  // Each entry: the report's title, dots, and the page it starts on (the cover is page 1).
  const cover = pdf.bufferedPageRange().start;
  pdf.switchToPage(cover);
  pdf.font(regular).fontSize(12).fillColor('black');
  const left = margin + 12;
  const contentsWidth = Math.min(width - 12, 460);
  let y = contentsTop;
  source.sections.forEach(({ document }, i) => {
    const title = drawableText(document.title);
    const page = String((firstPages[i] ?? cover) - cover + 1);
    const titleWidth = Math.min(pdf.widthOfString(title), contentsWidth - 40);
    const pageWidth = pdf.widthOfString(page);
    pdf.text(title, left, y, { width: titleWidth, lineBreak: false, ellipsis: true });
    pdf.text(page, left + contentsWidth - pageWidth, y, { lineBreak: false });
    const dots = y + pdf.currentLineHeight() - 3;
    pdf
      .moveTo(left + titleWidth + 6, dots)
      .lineTo(left + contentsWidth - pageWidth - 6, dots)
      .lineWidth(0.8)
      .dash(1, { space: 3 })
      .strokeColor('#777')
      .stroke()
      .undash();
    y += pdf.currentLineHeight() + 8;
  });

  numberPages(pdf, source.pageLabel);
  pdf.end();
  return done;
}

/** The sheet's row of a table's cells, dates as dates and amounts as numbers in the package's format. */
function addTableRows(sheet: ExcelJS.Worksheet, table: ReportTableDocument, moneyFormat: string): void {
  if (table.heading !== undefined) sheet.addRow([table.heading]).font = { bold: true, size: 12 };
  const header = sheet.addRow(table.columns.map((column) => column.label));
  header.font = { bold: true };
  header.alignment = { vertical: 'middle', wrapText: true };
  header.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8E8E8' } };
  });
  table.rows.forEach((cells, index) => {
    const row = sheet.addRow(cells.map((cell, i) => sheetValue(cell, table.columns[i]?.kind)));
    row.alignment = { vertical: 'top', wrapText: true };
    table.columns.forEach((column, i) => {
      if (column.kind === 'money') row.getCell(i + 1).numFmt = moneyFormat;
      if (column.kind === 'date') row.getCell(i + 1).numFmt = 'yyyy-mm-dd';
    });
    if (table.totalRows?.includes(index)) row.font = { bold: true };
  });
  sheet.addRow([]);
}

/** One worksheet per report: its title and subtitle, then each of its tables under its heading. */
function addReportSheet(
  workbook: ExcelJS.Workbook,
  source: ReportPackage,
  name: string,
  document: ReportDocument,
) {
  const sheet = workbook.addWorksheet(sheetNameOf(name), {
    pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
    headerFooter: {
      oddHeader: `&L&B${headerText(source.title)}&R${headerText(document.title)}`,
      // Excel fills in &P and &N: the page and the page count.
      oddFooter: `&C${headerText(source.pageLabel('&P', '&N'))}`,
    },
  });
  sheet.addRow([document.title]).font = { bold: true, size: 14 };
  sheet.addRow([document.subtitle]);
  if (document.notice !== undefined) sheet.addRow([document.notice]).font = { bold: true };
  sheet.addRow([]);
  const tables = tablesOf(document);
  const moneyFormat = document.moneyFormat ?? '#,##0.00';
  for (const table of tables) addTableRows(sheet, table, moneyFormat);
  // Each column as wide as what its tables hold, the title rows aside (they run over empty cells).
  const columns = Math.max(...tables.map((table) => table.columns.length));
  for (let i = 0; i < columns; i++) {
    const texts = tables.flatMap((table) =>
      table.columns[i]?.kind === 'date'
        ? ['0000-00-00']
        : [table.columns[i]?.label ?? '', ...table.rows.map((row) => cellText(row[i]))],
    );
    sheet.getColumn(i + 1).width = widthOf(texts);
  }
}

/** The workbook: a worksheet per report, printed landscape with the package's title and page numbers. */
export async function renderPackageXlsx(source: ReportPackage): Promise<Buffer> {
  // Loaded on the first spreadsheet, not at start: exceljs is 16 MB of memory and a second of start-up.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  workbook.creator = 'Copro';
  workbook.title = source.title;
  for (const { document, sheetName } of source.sections)
    addReportSheet(workbook, source, sheetName, document);
  // Typed as a Buffer by exceljs, but an ArrayBuffer in some versions.
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
