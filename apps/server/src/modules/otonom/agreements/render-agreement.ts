import type PDFDocument from 'pdfkit';
import { drawableText } from '../../../platform/documents/render-pdf';

/** The agreement form as drawn: every text already in the form's language. */
export interface AgreementForm {
  title: string;
  intro: string;
  sections: {
    heading: string;
    /** Label and value; an empty value is a line to fill in by hand. */
    rows: [string, string][];
    note?: string;
  }[];
  clausesHeading: string;
  clauses: { title: string; text: string }[];
  signatureHeading: string;
  /** The captions under each signature line, one row per payor line. */
  signatureCaptions: string[];
  signatureLines: number;
  footer: string;
}

type Pdf = InstanceType<typeof PDFDocument>;

const margin = 48;
const regular = 'Helvetica';
const bold = 'Helvetica-Bold';
const labelWidth = 150;

function line(pdf: Pdf, x: number, y: number, width: number): void {
  pdf
    .moveTo(x, y)
    .lineTo(x + width, y)
    .lineWidth(0.5)
    .strokeColor('black')
    .stroke();
}

/** A new page when `height` more points would not fit on this one. */
function room(pdf: Pdf, height: number): void {
  if (pdf.y + height > pdf.page.height - margin) pdf.addPage();
}

function drawSection(pdf: Pdf, section: AgreementForm['sections'][number], width: number): void {
  room(pdf, 60);
  pdf.moveDown(0.5).font(bold).fontSize(11).text(drawableText(section.heading), margin, pdf.y, { width });
  pdf.moveDown(0.3);
  for (const [label, value] of section.rows) {
    room(pdf, 16);
    const top = pdf.y;
    pdf
      .font(bold)
      .fontSize(9)
      .text(drawableText(label), margin, top, { width: labelWidth - 8 });
    const labelBottom = pdf.y;
    if (value) {
      pdf.font(regular).text(drawableText(value), margin + labelWidth, top, { width: width - labelWidth });
    } else {
      // A line to write on, where the unit's record has nothing yet.
      line(pdf, margin + labelWidth, top + 10, Math.min(220, width - labelWidth));
      pdf.y = top + 12;
    }
    pdf.y = Math.max(pdf.y, labelBottom) + 1.5;
  }
  if (section.note) {
    pdf
      .font(regular)
      .fontSize(8)
      .fillColor('#444')
      .text(drawableText(section.note), margin, pdf.y, { width });
    pdf.fillColor('black');
  }
}

/**
 * The Payor's PAD Agreement as one portrait Letter PDF: the parties, the account, the payments,
 * the Rule H1 clauses and the payors' signature lines.
 */
export async function renderAgreementForm(form: AgreementForm): Promise<Buffer> {
  // Loaded on the first form, not at start (see render-pdf.ts).
  const { default: PdfDocument } = await import('pdfkit');
  const pdf = new PdfDocument({
    size: 'LETTER',
    margin,
    info: { Title: drawableText(form.title), Creator: 'Copro' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const width = pdf.page.width - 2 * margin;

  pdf.fillColor('black').font(bold).fontSize(16).text(drawableText(form.title), margin, margin, { width });
  pdf.moveDown(0.4).font(regular).fontSize(9.5).text(drawableText(form.intro), { width });
  for (const section of form.sections) drawSection(pdf, section, width);

  room(pdf, 80);
  pdf.moveDown(0.5).font(bold).fontSize(11).text(drawableText(form.clausesHeading), margin, pdf.y, { width });
  for (const clause of form.clauses) {
    room(pdf, 50);
    pdf.moveDown(0.3).font(bold).fontSize(8.5).text(drawableText(clause.title), margin, pdf.y, { width });
    pdf.font(regular).fontSize(8.5).text(drawableText(clause.text), { width, align: 'left' });
  }

  room(pdf, 60 + form.signatureLines * 46);
  pdf
    .moveDown(0.8)
    .font(bold)
    .fontSize(11)
    .text(drawableText(form.signatureHeading), margin, pdf.y, { width });
  const column = width / form.signatureCaptions.length;
  for (let i = 0; i < form.signatureLines; i++) {
    const y = pdf.y + 24;
    form.signatureCaptions.forEach((caption, c) => {
      const x = margin + c * column;
      line(pdf, x, y, column - 16);
      pdf
        .font(regular)
        .fontSize(8)
        .text(drawableText(caption), x, y + 3, { width: column - 16, lineBreak: false });
    });
    pdf.x = margin;
    pdf.y = y + 14;
  }

  pdf
    .moveDown(1.5)
    .font(regular)
    .fontSize(7.5)
    .fillColor('#666')
    .text(drawableText(form.footer), margin, pdf.y, {
      width,
    });
  pdf.end();
  return done;
}
