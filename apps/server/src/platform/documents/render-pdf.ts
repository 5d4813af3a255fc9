import type PDFDocument from 'pdfkit';
import { cellText } from '@copro/domain';
import { tablesOf, type ReportDocument, type ReportTableDocument } from '../../modules/reports';

const margin = 36;
const padding = 4;
const fontSize = 8;
const footerGap = 14;
const headingSize = 11;
const sectionGap = 18;
const regular = 'Helvetica';
const bold = 'Helvetica-Bold';

/** The page's margin and fonts, for pages drawn beside the reports (a package's cover). */
export const pdfLayout = { margin, regular, bold } as const;

export type Pdf = InstanceType<typeof PDFDocument>;

// What the built-in PDF fonts can draw: Windows-1252, which covers French; nothing is embedded.
const winAnsiExtras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const drawable = (c: string): boolean =>
  c === '\n' || (c >= ' ' && c <= '~') || (c >= '\u00a0' && c <= '\u00ff') || winAnsiExtras.has(c);

// Spaces Intl puts in amounts and percentages ("1 234,56 $", "5 %"); the fonts have the no-break one.
const narrowSpaces = new Set('\u2009\u202f');

/** Other letters lose their accents ("ễ" becomes "e"); what is left unknown becomes "?". */
export const drawableText = (text: string): string =>
  Array.from(text, (c) => {
    if (drawable(c)) return c;
    if (narrowSpaces.has(c)) return '\u00a0';
    const base = c.normalize('NFD').charAt(0);
    return base !== c && drawable(base) ? base : '?';
  }).join('');

const cellFont = (table: ReportTableDocument, row: number): string =>
  table.totalRows?.includes(row) ? bold : regular;

/** Widths that fill the page, each in proportion to its widest content, within reason. */
function columnWidths(pdf: Pdf, table: DrawnTable, available: number): number[] {
  const widest = table.columns.map((column, i) => {
    pdf.font(bold);
    let width = pdf.widthOfString(column.label);
    table.rows.forEach((row, r) => {
      pdf.font(cellFont(table, r));
      width = Math.max(width, pdf.widthOfString(row[i] ?? ''));
    });
    return Math.min(200, Math.max(40, width)) + 2 * padding;
  });
  const total = widest.reduce((sum, w) => sum + w, 0);
  return widest.map((w) => (w * available) / total);
}

/** A table as drawn: its cells as text the built-in fonts can draw. */
interface DrawnTable extends Omit<ReportTableDocument, 'rows'> {
  rows: string[][];
}

const drawnTable = (table: ReportTableDocument): DrawnTable => ({
  ...table,
  ...(table.heading !== undefined ? { heading: drawableText(table.heading) } : {}),
  columns: table.columns.map((column) => ({ ...column, label: drawableText(column.label) })),
  rows: table.rows.map((row) => row.map((cell) => drawableText(cellText(cell)))),
});

/** A landscape Letter PDF being written, and its bytes once it ends. */
export interface OpenPdf {
  pdf: Pdf;
  done: Promise<Buffer>;
}

/** A landscape Letter PDF whose pages stay in memory until it ends, so their feet can be numbered. */
export async function openPdf(title: string): Promise<OpenPdf> {
  // Loaded on the first report, not at start: pdfkit is 16 MB of memory and a second of start-up.
  const { default: PdfDocument } = await import('pdfkit');
  const pdf = new PdfDocument({
    size: 'LETTER',
    layout: 'landscape',
    margin,
    bufferPages: true,
    info: { Title: drawableText(title), Creator: 'Copro' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  return { pdf, done };
}

/**
 * A report from the top of the current page: its title and subtitle, then each table under its
 * heading, its header row repeated on every page it spans, cells wrapped, amounts to the right,
 * totals in bold.
 */
export function drawReport(pdf: Pdf, source: ReportDocument): void {
  const title = drawableText(source.title);
  const emptyText = drawableText(source.emptyText);
  const tables = tablesOf(source).map(drawnTable);

  const left = margin;
  const available = pdf.page.width - 2 * margin;
  const bottom = () => pdf.page.height - margin - footerGap;
  const maxRowHeight = bottom() - margin - 60;

  pdf.font(bold).fontSize(16).fillColor('black').text(title, left, margin, { width: available });
  pdf.font(regular).fontSize(10).fillColor('#444').text(drawableText(source.subtitle), { width: available });
  if (source.notice !== undefined) {
    pdf.moveDown(0.3).font(bold).fillColor('#b45309').text(drawableText(source.notice), { width: available });
  }
  pdf.fontSize(fontSize);
  let y = pdf.y + 12;

  for (const table of tables) {
    const widths = columnWidths(pdf, table, available);
    const alignOf = (i: number) => (table.columns[i]?.kind === 'money' ? 'right' : 'left');

    const rowHeight = (cells: readonly string[], font: string): number => {
      pdf.font(font);
      const tallest = Math.max(
        pdf.currentLineHeight(),
        ...cells.map((cell, i) =>
          cell ? pdf.heightOfString(cell, { width: (widths[i] ?? 0) - 2 * padding }) : 0,
        ),
      );
      return Math.min(maxRowHeight, tallest + 2 * padding);
    };

    const drawRow = (cells: readonly string[], top: number, height: number, font: string, fill?: string) => {
      if (fill) pdf.rect(left, top, available, height).fill(fill);
      pdf.fillColor('black').font(font);
      let x = left;
      cells.forEach((cell, i) => {
        const width = widths[i] ?? 0;
        if (cell) {
          pdf.text(cell, x + padding, top + padding, {
            width: width - 2 * padding,
            height: height - 2 * padding,
            ellipsis: true,
            align: alignOf(i),
          });
        }
        x += width;
      });
      pdf
        .moveTo(left, top + height)
        .lineTo(left + available, top + height)
        .lineWidth(0.5)
        .strokeColor('#999')
        .stroke();
    };

    const headerCells = table.columns.map((column) => column.label);
    const headerHeight = rowHeight(headerCells, bold);
    const drawHeader = (top: number): number => {
      drawRow(headerCells, top, headerHeight, bold, '#e8e8e8');
      return top + headerHeight;
    };

    if (table.heading !== undefined) {
      // A heading is not left alone at the foot of a page: its header and first row go with it.
      const firstRow = table.rows[0] ? rowHeight(table.rows[0], cellFont(table, 0)) : headerHeight;
      pdf.font(bold).fontSize(headingSize);
      const headingHeight = pdf.heightOfString(table.heading, { width: available }) + 4;
      if (y + headingHeight + headerHeight + firstRow > bottom()) {
        pdf.addPage();
        y = margin;
      }
      pdf.fillColor('black').text(table.heading, left, y, { width: available });
      y += headingHeight;
      pdf.fontSize(fontSize);
    }
    y = drawHeader(y);
    if (table.rows.length === 0) {
      pdf
        .font(regular)
        .fillColor('black')
        .text(emptyText, left + padding, y + 2 * padding);
      y = pdf.y + padding;
    }
    table.rows.forEach((row, index) => {
      const font = cellFont(table, index);
      const height = rowHeight(row, font);
      if (y + height > bottom()) {
        pdf.addPage();
        y = drawHeader(margin);
      }
      drawRow(row, y, height, font, index % 2 === 1 ? '#f6f6f6' : undefined);
      y += height;
    });
    y += sectionGap;
  }
}

/** "Page X of Y" at the foot of each page. */
export function numberPages(pdf: Pdf, pageLabel: ReportDocument['pageLabel']): void {
  const left = margin;
  const available = pdf.page.width - 2 * margin;
  const pages = pdf.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    pdf.switchToPage(pages.start + i);
    // Writing inside the bottom margin would otherwise start a new page.
    pdf.page.margins.bottom = 0;
    pdf
      .font(regular)
      .fontSize(fontSize)
      .fillColor('#444')
      .text(drawableText(pageLabel(i + 1, pages.count)), left, pdf.page.height - margin, {
        width: available,
        align: 'center',
        lineBreak: false,
      });
  }
}

/** A report as a landscape Letter PDF, with "Page X of Y" at the foot of each page. */
export async function renderPdf(source: ReportDocument): Promise<Buffer> {
  const { pdf, done } = await openPdf(source.title);
  drawReport(pdf, source);
  numberPages(pdf, source.pageLabel);
  pdf.end();
  return done;
}
