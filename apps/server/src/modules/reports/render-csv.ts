import type { ReportDocument } from './report-data';

const needsQuotes = /[",\r\n]/;
const formulaStart = /^[=+\-@\t\r]/;
// Numbers and phone numbers ("+1 514 555-0101") start like a formula but cannot run anything.
const plainNumber = /^[+-]?[\d\s().+-]*$/;

/**
 * One RFC 4180 field. A cell a spreadsheet would run as a formula gets a leading apostrophe:
 * owners edit their own names, and a name like =HYPERLINK(…) must stay text.
 */
export function csvField(value: string): string {
  const safe = formulaStart.test(value) && !plainNumber.test(value) ? `'${value}` : value;
  return needsQuotes.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** UTF-8 with a byte-order mark, so spreadsheets read the accents; comma-separated, CRLF lines. */
export function renderCsv(document: ReportDocument): Buffer {
  const lines = [document.columns.map((column) => column.label), ...document.rows].map((cells) =>
    cells.map(csvField).join(','),
  );
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}
