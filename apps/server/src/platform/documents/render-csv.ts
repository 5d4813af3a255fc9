import { cellText, type ReportCell } from '@copro/domain';
import { tablesOf, type ReportDocument } from '../../modules/reports';

const needsQuotes = /[",\r\n]/;
const formulaStart = /^[=+\-@\t\r]/;
// Numbers, amounts ("-$648.00", "-648,00 $") and phone numbers ("+1 514 555-0101") start like a
// formula but cannot run anything.
const plainNumber = /^[+-]?[\d\s().,$€%+-]*$/;

/**
 * One RFC 4180 field. A cell a spreadsheet would run as a formula gets a leading apostrophe:
 * owners edit their own names, and a name like =HYPERLINK(…) must stay text.
 */
export function csvField(value: string): string {
  const safe = formulaStart.test(value) && !plainNumber.test(value) ? `'${value}` : value;
  return needsQuotes.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const line = (cells: readonly ReportCell[]): string =>
  cells.map((cell) => csvField(cellText(cell))).join(',');

/**
 * UTF-8 with a byte-order mark, so spreadsheets read the accents; comma-separated, CRLF lines. A
 * report of several tables starts with its title, and each table with its heading after a blank line.
 */
export function renderCsv(document: ReportDocument): Buffer {
  const tables = tablesOf(document);
  const lines =
    tables.length === 1 && document.heading === undefined
      ? [line(document.columns.map((column) => column.label)), ...document.rows.map(line)]
      : [
          line([document.title]),
          ...(document.notice !== undefined ? [line([document.notice])] : []),
          ...tables.flatMap((table) => [
            '',
            ...(table.heading !== undefined ? [line([table.heading])] : []),
            line(table.columns.map((column) => column.label)),
            ...table.rows.map(line),
          ]),
        ];
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}
