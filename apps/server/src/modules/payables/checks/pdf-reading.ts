import { createRequire } from 'node:module';
import path from 'node:path';

/** A piece of text as drawn: where its baseline starts, from the page's top-left corner, in points. */
export interface DrawnText {
  str: string;
  x: number;
  y: number;
  width: number;
  size: number;
}

export interface ReadPage {
  items: DrawnText[];
  /** The page's texts in drawing order, one per line. */
  text: string;
}

const standardFonts = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** Reads a PDF back with pdf.js, as a bank's scanner would: each text with its position. For tests. */
export async function readPdf(pdf: Buffer): Promise<ReadPage[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await getDocument({ data: new Uint8Array(pdf), standardFontDataUrl: standardFonts })
    .promise;
  const pages: ReadPage[] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const page = await document.getPage(n);
    const height = page.getViewport({ scale: 1 }).height;
    const content = await page.getTextContent();
    const items = content.items.flatMap((item): DrawnText[] => {
      if (!('str' in item) || item.str === '') return [];
      const [size = 0, , , , x = 0, y = 0] = item.transform as number[];
      return [{ str: item.str, x, y: height - y, width: item.width, size }];
    });
    pages.push({ items, text: items.map((i) => i.str).join('\n') });
  }
  await document.destroy();
  return pages;
}
