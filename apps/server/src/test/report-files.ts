import { inflateSync } from 'node:zlib';

/** Reading back the report files the server writes, for its tests. */

/** RFC 4180: quoted fields may hold commas, doubled quotes and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}

/** The text pdfkit wrote: it deflates each page's content and writes strings as hex. */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  // pdfkit ends a stream's bytes with "\nendstream": a compressed stream may itself end with a
  // carriage return (1 in 256), which an optional \r before the \n would cut off.
  const streams = [...raw.matchAll(/stream\r?\n([\s\S]*?)\nendstream/g)];
  return streams
    .map((match) => {
      try {
        return inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1');
      } catch {
        return '';
      }
    })
    .flatMap((content) => [...content.matchAll(/\[([^\]]*)\] TJ/g)])
    .map((tj) =>
      [...(tj[1] ?? '').matchAll(/<([0-9a-f]*)>/g)]
        .map((hex) => Buffer.from(hex[1] ?? '', 'hex').toString('latin1'))
        .join(''),
    )
    .join('\n');
}
