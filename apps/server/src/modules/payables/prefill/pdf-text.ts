import { recognizePages } from './ocr';

/**
 * The text of an invoice's PDF, to read its fields from: the PDF's own text (pdf-parse, its first
 * `textPages` pages), or, when it has (almost) none, a scan, OCR's text of its first `ocrPages`
 * pages rendered as images. pdf-parse and tesseract.js are loaded on first use, not at start-up.
 */

export interface InvoiceText {
  text: string;
  source: 'text' | 'ocr';
}

const textPages = 5;
/** Fewer letters and digits than this and the PDF is a scan (at most a stamp or a page number). */
const minTextCharacters = 20;
const ocrPages = 2;
/**
 * A letter page this wide is about 300 dpi: below it OCR starts losing the commas and spaces of
 * amounts. The area cap keeps an odd page (a long receipt, a poster) from taking the memory.
 */
const ocrWidth = 2400;
const ocrMaxPixels = 2400 * 3200;

/** `work`'s result, or null when the deadline (ms since the epoch) comes first. */
async function beforeDeadline<T>(work: Promise<T>, deadline: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), deadline - Date.now());
  });
  try {
    return await Promise.race([work, timeUp]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The PDF's text, or OCR's when it is a scan; an empty text when the deadline came first. Throws
 * pdf-parse's error when the file cannot be read as a PDF.
 */
export async function invoiceText(bytes: Buffer, deadline: number): Promise<InvoiceText> {
  const { PDFParse, VerbosityLevel } = await import('pdf-parse');
  // A copy: pdf.js may take over the bytes it is given, and the caller still stores these.
  const parser = new PDFParse({
    data: new Uint8Array(bytes),
    verbosity: VerbosityLevel.ERRORS,
    isEvalSupported: false,
  });
  try {
    const read = await beforeDeadline(parser.getText({ first: textPages, pageJoiner: '' }), deadline);
    if (!read) return { text: '', source: 'text' };
    if ((read.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= minTextCharacters) {
      return { text: read.text, source: 'text' };
    }
    const info = await beforeDeadline(parser.getInfo({ parsePageInfo: true, first: ocrPages }), deadline);
    const images: Uint8Array[] = [];
    for (const page of info?.pages ?? []) {
      if (!(page.width > 0 && page.height > 0)) continue;
      const scale = Math.min(ocrWidth / page.width, Math.sqrt(ocrMaxPixels / (page.width * page.height)));
      const shot = await beforeDeadline(
        parser.getScreenshot({ partial: [page.pageNumber], scale, imageDataUrl: false }),
        deadline,
      );
      images.push(...(shot?.pages.map((p) => p.data) ?? []));
    }
    const text = images.length > 0 ? await recognizePages(images, deadline) : null;
    return { text: text ?? '', source: 'ocr' };
  } finally {
    await parser.destroy();
  }
}
