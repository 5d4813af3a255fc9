import PDFDocument from 'pdfkit';
import type { ReportDocument } from './report-data';

const margin = 36;
const padding = 4;
const fontSize = 8;
const footerGap = 14;
const regular = 'Helvetica';
const bold = 'Helvetica-Bold';

type Pdf = InstanceType<typeof PDFDocument>;

// What the built-in PDF fonts can draw: Windows-1252, which covers French; nothing is embedded.
const winAnsiExtras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const drawable = (c: string): boolean =>
  c === '\n' || (c >= ' ' && c <= '~') || (c >= '\u00a0' && c <= '\u00ff') || winAnsiExtras.has(c);

/** Other letters lose their accents ("ễ" becomes "e"); what is left unknown becomes "?". */
export const drawableText = (text: string): string =>
  Array.from(text, (c) => {
    if (drawable(c)) return c;
    const base = c.normalize('NFD').charAt(0);
    return base !== c && drawable(base) ? base : '?';
  }).join('');

/** Widths that fill the page, each in proportion to its widest content, within reason. */
function columnWidths(pdf: Pdf, document: ReportDocument, available: number): number[] {
  const widest = document.columns.map((column, i) => {
    pdf.font(bold);
    let width = pdf.widthOfString(column.label);
    pdf.font(regular);
    for (const row of document.rows) width = Math.max(width, pdf.widthOfString(row[i] ?? ''));
    return Math.min(200, Math.max(40, width)) + 2 * padding;
  });
  const total = widest.reduce((sum, w) => sum + w, 0);
  return widest.map((w) => (w * available) / total);
}

/**
 * A landscape Letter table: the title and subtitle on the first page, the header row repeated on
 * every page, cells wrapped, and "Page X of Y" at the foot of each page.
 */
export function renderPdf(source: ReportDocument): Promise<Buffer> {
  const document: ReportDocument = {
    ...source,
    title: drawableText(source.title),
    subtitle: drawableText(source.subtitle),
    columns: source.columns.map((column) => ({ ...column, label: drawableText(column.label) })),
    rows: source.rows.map((row) => row.map(drawableText)),
    emptyText: drawableText(source.emptyText),
    pageLabel: (page, pages) => drawableText(source.pageLabel(page, pages)),
  };
  const pdf = new PDFDocument({
    size: 'LETTER',
    layout: 'landscape',
    margin,
    bufferPages: true,
    info: { Title: document.title, Creator: 'Copro' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const left = margin;
  const available = pdf.page.width - 2 * margin;
  const bottom = () => pdf.page.height - margin - footerGap;
  pdf.fontSize(fontSize);
  const widths = columnWidths(pdf, document, available);
  const maxRowHeight = bottom() - margin - 60;

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

  const drawRow = (cells: readonly string[], y: number, height: number, font: string, fill?: string) => {
    if (fill) pdf.rect(left, y, available, height).fill(fill);
    pdf.fillColor('black').font(font);
    let x = left;
    cells.forEach((cell, i) => {
      const width = widths[i] ?? 0;
      if (cell) {
        pdf.text(cell, x + padding, y + padding, {
          width: width - 2 * padding,
          height: height - 2 * padding,
          ellipsis: true,
        });
      }
      x += width;
    });
    pdf
      .moveTo(left, y + height)
      .lineTo(left + available, y + height)
      .lineWidth(0.5)
      .strokeColor('#999')
      .stroke();
  };

  const headerCells = document.columns.map((column) => column.label);
  const headerHeight = rowHeight(headerCells, bold);
  const drawHeader = (y: number): number => {
    drawRow(headerCells, y, headerHeight, bold, '#e8e8e8');
    return y + headerHeight;
  };

  pdf.font(bold).fontSize(16).text(document.title, left, margin, { width: available });
  pdf.font(regular).fontSize(10).fillColor('#444').text(document.subtitle, { width: available });
  pdf.fontSize(fontSize);
  let y = drawHeader(pdf.y + 12);
  if (document.rows.length === 0) {
    pdf
      .font(regular)
      .fillColor('black')
      .text(document.emptyText, left + padding, y + 2 * padding);
  }
  document.rows.forEach((row, index) => {
    const height = rowHeight(row, regular);
    if (y + height > bottom()) {
      pdf.addPage();
      y = drawHeader(margin);
    }
    drawRow(row, y, height, regular, index % 2 === 1 ? '#f6f6f6' : undefined);
    y += height;
  });

  const pages = pdf.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    pdf.switchToPage(pages.start + i);
    // Writing inside the bottom margin would otherwise start a new page.
    pdf.page.margins.bottom = 0;
    pdf
      .font(regular)
      .fontSize(fontSize)
      .fillColor('#444')
      .text(document.pageLabel(i + 1, pages.count), left, pdf.page.height - margin, {
        width: available,
        align: 'center',
        lineBreak: false,
      });
  }
  pdf.end();
  return done;
}
