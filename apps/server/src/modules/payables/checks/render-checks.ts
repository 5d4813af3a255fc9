import type PDFDocument from 'pdfkit';
import { checkLayout as layout, dateCellCentre, type CheckRule, type CheckText } from '@copro/domain';
import { drawableText } from '../../../platform/documents/render-pdf';

/** One check and its two stubs, every text already in the building's language. */
export interface CheckPage {
  payor: string;
  payorAddress: string;
  /** "No 101". */
  number: string;
  dateLabel: string;
  /** YYYYMMDD. */
  dateDigits: string;
  /** The format indicator printed under the digits (YYYYMMDD, AAAAMMJJ). */
  dateIndicator: string;
  payLabel: string;
  words: string;
  figures: string;
  payeeLabel: string;
  payee: string;
  memoLabel: string;
  memo: string;
  /** The captions of the two signature lines. */
  signatures: [string, string];
  stub: {
    payee: string;
    reference: string;
    payor: string;
    headers: { number: string; date: string; amount: string };
    rows: { number: string; date: string; amount: string }[];
    totalLabel: string;
    total: string;
  };
}

type Pdf = InstanceType<typeof PDFDocument>;

const regular = 'Helvetica';
const bold = 'Helvetica-Bold';
const ellipsis = '…';

/** The text as it fits in `width` at `size`: shortened with an ellipsis when it does not. */
function fitted(pdf: Pdf, text: string, width: number): string {
  if (pdf.widthOfString(text) <= width) return text;
  let end = text.length;
  while (end > 0 && pdf.widthOfString(`${text.slice(0, end).trimEnd()}${ellipsis}`) > width) end--;
  return `${text.slice(0, end).trimEnd()}${ellipsis}`;
}

/**
 * Draws a text field with its baseline at the field's y (so what the layout says is where the
 * glyphs sit), left or right aligned, shortened to its width. Returns where the text ends.
 */
function field(pdf: Pdf, source: string, f: CheckText, dy = 0, size = f.size): number {
  pdf.font(f.bold ? bold : regular).fontSize(size);
  const text = fitted(pdf, drawableText(source), f.width);
  const width = pdf.widthOfString(text);
  const x = f.align === 'right' ? f.x + f.width - width : f.x;
  if (text) pdf.text(text, x, f.y + dy, { lineBreak: false, baseline: 'alphabetic' });
  return x + width;
}

function rule(pdf: Pdf, r: CheckRule, dy = 0): void {
  pdf
    .moveTo(r.x, r.y + dy)
    .lineTo(r.x + r.width, r.y + dy)
    .lineWidth(0.5)
    .strokeColor('black')
    .stroke();
}

/** The amount in words in the fewest lines: one at the field's size, else two at a smaller one. */
function wordLines(pdf: Pdf, words: string): { lines: string[]; size: number } {
  const { text, wrappedSize } = layout.words;
  pdf.font(regular).fontSize(text.size);
  if (pdf.widthOfString(words) <= text.width) return { lines: [words], size: text.size };
  for (let size = wrappedSize; size > 6; size--) {
    pdf.fontSize(size);
    const lines: string[] = [];
    for (const word of words.split(' ')) {
      const last = lines.at(-1);
      if (last !== undefined && pdf.widthOfString(`${last} ${word}`) <= text.width) {
        lines[lines.length - 1] = `${last} ${word}`;
      } else lines.push(word);
    }
    if (lines.length <= 2) return { lines, size };
  }
  throw new Error('The amount in words does not fit on the check');
}

function drawCheck(pdf: Pdf, page: CheckPage): void {
  field(pdf, page.payor, layout.payor);
  field(pdf, page.payorAddress, layout.payorAddress);
  field(pdf, page.number, layout.checkNumber);

  const { date } = layout;
  field(pdf, page.dateLabel, date.label);
  for (const [i, digit] of [...page.dateDigits].entries()) {
    pdf.font(regular).fontSize(date.digits.size);
    pdf.text(digit, dateCellCentre(i) - pdf.widthOfString(digit) / 2, date.digits.y, {
      lineBreak: false,
      baseline: 'alphabetic',
    });
    const letter = page.dateIndicator.charAt(i);
    pdf.fontSize(date.indicator.size);
    pdf.text(letter, dateCellCentre(i) - pdf.widthOfString(letter) / 2, date.indicator.y, {
      lineBreak: false,
      baseline: 'alphabetic',
    });
  }

  field(pdf, page.payLabel, layout.words.label);
  const { lines, size } = wordLines(pdf, drawableText(page.words));
  lines.forEach((line, i) => {
    const y = i === 0 ? layout.words.text.y : layout.words.secondLineY;
    const end = field(pdf, line, { ...layout.words.text, y }, 0, size);
    const lineRule = layout.words.rules[i];
    if (lineRule) rule(pdf, lineRule);
    // The rest of the last line is struck through, so nothing can be written after the amount.
    const room = layout.words.text.x + layout.words.text.width - end;
    if (i === lines.length - 1 && room > 8) {
      rule(pdf, { x: end + 4, y: y - size * 0.3, width: room - 4 });
    }
  });
  field(pdf, '$', layout.amount.dollarSign);
  field(pdf, page.figures, layout.amount.figures);

  field(pdf, page.payeeLabel, layout.payee.label);
  field(pdf, page.payee, layout.payee.text);
  rule(pdf, layout.payee.rule);

  field(pdf, page.memoLabel, layout.memo.label);
  field(pdf, page.memo, layout.memo.text);
  rule(pdf, layout.memo.rule);

  layout.signatures.forEach((signature, i) => {
    rule(pdf, signature.rule);
    field(pdf, page.signatures[i] ?? '', signature.caption);
  });
}

function drawStub(pdf: Pdf, page: CheckPage, top: number): void {
  const { stub } = layout;
  const at = (f: CheckText): CheckText => ({ ...f, y: f.y + top });
  field(pdf, page.stub.payee, at(stub.payee));
  field(pdf, page.stub.reference, at(stub.reference));
  field(pdf, page.stub.payor, at(stub.payor));
  field(pdf, page.stub.headers.number, at(stub.headers.number));
  field(pdf, page.stub.headers.date, at(stub.headers.date));
  field(pdf, page.stub.headers.amount, at(stub.headers.amount));
  rule(pdf, stub.headerRule, top);
  page.stub.rows.forEach((row, i) => {
    const y = top + stub.firstRowY + i * stub.rowHeight;
    const cell = (f: CheckText): CheckText => ({ ...f, y, bold: false });
    field(pdf, row.number, cell(stub.headers.number));
    field(pdf, row.date, cell(stub.headers.date));
    field(pdf, row.amount, cell(stub.headers.amount));
  });
  rule(pdf, stub.totalRule, top);
  field(pdf, page.stub.totalLabel, at(stub.totalLabel));
  field(pdf, page.stub.total, at(stub.total));
}

/**
 * The checks of a batch as one PDF, one Letter page each, laid out for pre-printed Canadian check
 * stock (`checkLayout`): the check on top, the same stub twice below. Nothing is printed in the
 * MICR band, and no border is drawn around the amount (CPA 006).
 */
export async function renderChecks(pages: readonly CheckPage[], title: string): Promise<Buffer> {
  // Loaded on the first print, not at start (see render-pdf.ts).
  const { default: PdfDocument } = await import('pdfkit');
  const pdf = new PdfDocument({
    size: [layout.page.width, layout.page.height],
    margin: 0,
    autoFirstPage: false,
    info: { Title: drawableText(title), Creator: 'Copro' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  for (const page of pages) {
    pdf.addPage({ size: [layout.page.width, layout.page.height], margin: 0 });
    pdf.fillColor('black');
    drawCheck(pdf, page);
    for (const stub of layout.stubs) drawStub(pdf, page, stub.y);
  }
  pdf.end();
  return done;
}
