import { cents, type Cents } from '../money';
import { csvDateFormats, type CsvDateFormat, type CsvMapping } from '../schemas/reconciliation';
import { searchable } from '../search-text';

/**
 * A bank's CSV statement read into statement lines (DOMAIN 9, statement import).
 *
 * Rows: the file's rows as the CSV reader gives them (cells as text); with `hasHeader` the first
 * row is the header and is not a line. A row whose date or amount does not read under the mapping
 * (a bank's title, balance or total rows, a blank row) is skipped and counted, never guessed at.
 * A row whose amount is zero moves no money and is skipped too.
 *
 * Dates: in the mapping's format, day and month with one or two digits, anything after the date
 * (a time) ignored; a day that does not exist (31/02) does not read.
 *
 * Amounts: a decimal point ("1,234.56") or, with `decimalComma`, a decimal comma ("1 234,56",
 * "1.234,56"), at most two decimals; thousands separators only in groups of three (so "12,34" is
 * not read as 1,234 dollars under a decimal point); spaces and currency marks ignored; negative
 * when written "-12.34", "12.34-" or "(12.34)". Either one signed amount column (positive money
 * in) or a money-out (debit) and a money-in (credit) column, each read as a magnitude: the line's
 * amount is credit − debit, an empty cell counting as zero.
 *
 * Fingerprint: date | amount | description folded (case, accents and runs of spaces ignored) |
 * rank among the file's earlier rows with the same date, amount and folded description. So two
 * identical $2 fees on one day are two lines, and a later file that holds the same days again
 * gives the same fingerprints for them, which the import keeps as duplicates.
 *
 * Suggested mapping: read from a header row in English or French (Date, Description/Libellé,
 * Montant/Amount, Retrait/Débit/Withdrawal, Dépôt/Crédit/Deposit, Chèque/Check); without one,
 * from the cells (a column of dates, a column of amounts with cents, the wordiest column). The
 * date format is the one every sample date reads in (day first for a French header when both
 * orders read), the decimal comma is chosen when an amount is written with one.
 */

/** One line of a bank's statement, ready to be stored and matched. */
export interface StatementLineInput {
  date: string;
  /** Positive money in, negative money out. */
  amount: Cents;
  description: string;
  checkNumber: string | null;
  fingerprint: string;
}

export interface CsvStatementReading {
  lines: StatementLineInput[];
  /** Rows that are not lines (their date or amount does not read, or the amount is zero). */
  skipped: number;
}

const maxDescription = 500;
const maxCheckNumber = 40;

const datePatterns: Record<
  CsvDateFormat,
  { pattern: RegExp; order: ['y' | 'm' | 'd', 'y' | 'm' | 'd', 'y' | 'm' | 'd'] }
> = {
  'YYYY-MM-DD': { pattern: /^(\d{4})-(\d{1,2})-(\d{1,2})(?:$|[\sT])/, order: ['y', 'm', 'd'] },
  'DD/MM/YYYY': { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:$|\s)/, order: ['d', 'm', 'y'] },
  'MM/DD/YYYY': { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:$|\s)/, order: ['m', 'd', 'y'] },
  'YYYY/MM/DD': { pattern: /^(\d{4})\/(\d{1,2})\/(\d{1,2})(?:$|\s)/, order: ['y', 'm', 'd'] },
  'DD-MM-YYYY': { pattern: /^(\d{1,2})-(\d{1,2})-(\d{4})(?:$|\s)/, order: ['d', 'm', 'y'] },
};

/** `text` as an ISO date in `format`, or null when it is not one (or not a day of the calendar). */
export function parseStatementDate(text: string, format: CsvDateFormat): string | null {
  const { pattern, order } = datePatterns[format];
  const match = pattern.exec(text.trim());
  if (!match) return null;
  const parts = { y: 0, m: 0, d: 0 };
  order.forEach((part, i) => {
    parts[part] = Number(match[i + 1]);
  });
  if (parts.y < 1900 || parts.y > 2200 || parts.m < 1 || parts.m > 12 || parts.d < 1) return null;
  const day = new Date(Date.UTC(parts.y, parts.m - 1, parts.d));
  if (day.getUTCMonth() !== parts.m - 1) return null;
  return day.toISOString().slice(0, 10);
}

/**
 * A statement's amount as cents, or null when `text` is not one: see the header for what is read.
 * The sign is the text's; which way money went is the caller's (a column's) to say.
 */
export function parseStatementAmount(text: string, decimalComma: boolean): Cents | null {
  let t = text.replace(/[\s\u00a0\u202f$€£]|CAD|USD/gi, '');
  let negative = false;
  if (t.startsWith('(') && t.endsWith(')')) {
    negative = true;
    t = t.slice(1, -1);
  }
  if (/^[-−]/.test(t)) {
    negative = !negative;
    t = t.slice(1);
  } else if (t.startsWith('+')) {
    t = t.slice(1);
  } else if (/[-−]$/.test(t)) {
    negative = !negative;
    t = t.slice(0, -1);
  }
  const pattern = decimalComma
    ? /^(\d{1,3}(?:[.'’]\d{3})+|\d{1,13})?(?:,(\d{1,2}))?$/
    : /^(\d{1,3}(?:[,'’]\d{3})+|\d{1,13})?(?:\.(\d{1,2}))?$/;
  const match = pattern.exec(t);
  if (!match || (match[1] === undefined && match[2] === undefined)) return null;
  const whole = (match[1] ?? '0').replace(/\D/g, '');
  if (whole.length > 13) return null;
  const amount = Number(whole) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents(negative && amount !== 0 ? -amount : amount);
}

/** A description as fingerprints compare it: case, accents and runs of spaces do not count. */
export const foldDescription = (text: string): string => searchable(text).replace(/\s+/g, ' ').trim();

/** Each line's fingerprint, by its rank among the earlier lines with the same date, amount and description. */
export function withFingerprints<T extends { date: string; amount: Cents; description: string }>(
  lines: readonly T[],
): (T & { fingerprint: string })[] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const key = `${line.date}|${line.amount}|${foldDescription(line.description)}`;
    const rank = seen.get(key) ?? 0;
    seen.set(key, rank + 1);
    return { ...line, fingerprint: `${key}|${rank}` };
  });
}

const cellOf = (row: readonly string[], column: number | undefined): string =>
  column === undefined ? '' : (row[column] ?? '').trim();

/** A statement's text as stored: one line, runs of spaces as one, not longer than a description may be. */
export const cleanStatementText = (text: string, max = maxDescription): string =>
  text.replace(/\s+/g, ' ').trim().slice(0, max);

/** The row's amount under the mapping; null when it does not read. */
function rowAmount(row: readonly string[], mapping: CsvMapping): Cents | null {
  if (mapping.amount !== undefined)
    return parseStatementAmount(cellOf(row, mapping.amount), mapping.decimalComma);
  const side = (column: number | undefined): number | null => {
    const text = cellOf(row, column);
    if (text === '') return 0;
    const amount = parseStatementAmount(text, mapping.decimalComma);
    return amount === null ? null : Math.abs(amount);
  };
  const debit = side(mapping.debit);
  const credit = side(mapping.credit);
  if (debit === null || credit === null) return null;
  if (cellOf(row, mapping.debit) === '' && cellOf(row, mapping.credit) === '') return null;
  return cents(credit - debit);
}

/** The CSV's rows as statement lines under `mapping` (see the header). */
export function readCsvStatement(
  rows: readonly (readonly string[])[],
  mapping: CsvMapping,
): CsvStatementReading {
  const read: Omit<StatementLineInput, 'fingerprint'>[] = [];
  let skipped = 0;
  rows.forEach((row, i) => {
    if (i === 0 && mapping.hasHeader) return;
    if (row.every((cell) => cell.trim() === '')) return;
    const date = parseStatementDate(cellOf(row, mapping.date), mapping.dateFormat);
    const amount = date === null ? null : rowAmount(row, mapping);
    if (date === null || amount === null || amount === 0) {
      skipped += 1;
      return;
    }
    const checkNumber = cleanStatementText(cellOf(row, mapping.checkNumber), maxCheckNumber);
    read.push({
      date,
      amount,
      description: cleanStatementText(cellOf(row, mapping.description)),
      checkNumber: checkNumber === '' ? null : checkNumber,
    });
  });
  return { lines: withFingerprints(read), skipped };
}

// ---------------------------------------------------------------- suggested mapping

type Role = 'checkNumber' | 'date' | 'debit' | 'credit' | 'amount' | 'description';

/** Header words of each role, folded (no accents, lower case), in the order a column is tried. */
const roleWords: readonly [Role, RegExp][] = [
  ['checkNumber', /\b(cheques?|checks?|chq)\b/],
  ['date', /\bdate\b/],
  ['debit', /\b(retraits?|debits?|withdrawals?|sorties?)\b/],
  ['credit', /\b(depots?|credits?|deposits?|entrees?)\b/],
  ['amount', /\b(montant|amount|somme)\b/],
  [
    'description',
    /\b(description|libelle|details?|memo|beneficiaire|payee|operation|transaction|nature|name|nom)\b/,
  ],
];
const frenchWords = /\b(libelle|montant|retraits?|depots?|cheques?|solde|operation|beneficiaire|date de)\b/;

/** Up to this many rows are looked at to guess formats. */
const sampleRows = 50;

function guessDateFormat(values: readonly string[], french: boolean): CsvDateFormat | null {
  const filled = values.filter((v) => v !== '');
  if (filled.length === 0) return null;
  const reading = csvDateFormats.filter((format) =>
    filled.every((v) => parseStatementDate(v, format) !== null),
  );
  if (reading.includes('DD/MM/YYYY') && reading.includes('MM/DD/YYYY'))
    return french ? 'DD/MM/YYYY' : 'MM/DD/YYYY';
  return reading[0] ?? null;
}

const hasDecimalComma = (values: readonly string[]): boolean =>
  values.some((v) => /\d,\d{1,2}\)?[-−]?$/.test(v.replace(/[\s\u00a0\u202f$€]/g, '')));

const readsAsAmount = (value: string): boolean =>
  parseStatementAmount(value, false) !== null || parseStatementAmount(value, true) !== null;

/** Which columns the header names, or null when it names no date or no amount. */
function rolesFromHeader(header: readonly string[]): Partial<Record<Role, number>> | null {
  const roles: Partial<Record<Role, number>> = {};
  header.forEach((cell, column) => {
    const text = foldDescription(cell).replace(/[^a-z0-9 ]/g, ' ');
    // A column has the first role its words name; a second column of a role is left out.
    const role = roleWords.find(([, words]) => words.test(text))?.[0];
    if (role !== undefined && roles[role] === undefined) roles[role] = column;
  });
  // "Description" or "Libellé" beats a weaker word found earlier ("Transaction").
  const strong = header.findIndex((cell) => /\b(description|libelle)\b/.test(foldDescription(cell)));
  const taken = Object.entries(roles).flatMap(([role, column]) => (role === 'description' ? [] : [column]));
  if (strong >= 0 && !taken.includes(strong)) roles.description = strong;
  const hasAmount = roles.amount !== undefined || (roles.debit !== undefined && roles.credit !== undefined);
  return roles.date !== undefined && hasAmount ? roles : null;
}

/** Without a header: a column of dates, columns of amounts with cents, the wordiest other column. */
function rolesFromCells(rows: readonly (readonly string[])[]): Partial<Record<Role, number>> | null {
  const width = Math.max(0, ...rows.map((r) => r.length));
  const columns = Array.from({ length: width }, (_, c) => rows.map((r) => (r[c] ?? '').trim()));
  const filled = (values: readonly string[]) => values.filter((v) => v !== '');
  const date = columns.findIndex(
    (values) => filled(values).length > 0 && guessDateFormat(values, false) !== null,
  );
  if (date < 0) return null;
  const amounts = columns.flatMap((values, c) =>
    c !== date &&
    filled(values).length > 0 &&
    filled(values).every(readsAsAmount) &&
    filled(values).some((v) => /\d[.,]\d{2}\)?[-−]?$/.test(v))
      ? [c]
      : [],
  );
  // Money out and money in side by side: never both filled on one row.
  const pair = amounts
    .flatMap((a, i) => amounts.slice(i + 1).map((b) => [a, b] as const))
    .find(([a, b]) => rows.every((r) => (r[a] ?? '').trim() === '' || (r[b] ?? '').trim() === ''));
  const words = (values: readonly string[]) => values.join(' ').replace(/[^\p{L}]/gu, '').length;
  const others = columns.flatMap((values, c) =>
    c === date || amounts.includes(c) ? [] : [{ c, w: words(values) }],
  );
  const description = others.sort((a, b) => b.w - a.w || a.c - b.c)[0];
  if (description === undefined || description.w === 0) return null;
  if (pair) return { date, debit: pair[0], credit: pair[1], description: description.c };
  const amount = amounts[0];
  return amount === undefined ? null : { date, amount, description: description.c };
}

/** A mapping guessed from the file's first rows; null when nothing sure enough is found. */
export function suggestCsvMapping(rows: readonly (readonly string[])[]): CsvMapping | null {
  const sample = rows.slice(0, sampleRows + 1).filter((row) => row.some((cell) => cell.trim() !== ''));
  const header = sample[0];
  if (header === undefined) return null;
  const fromHeader = rolesFromHeader(header);
  const roles = fromHeader ?? rolesFromCells(sample);
  if (roles === null || roles.date === undefined || roles.description === undefined) return null;
  const data = fromHeader ? sample.slice(1) : sample;
  const french = fromHeader !== null && header.some((cell) => frenchWords.test(foldDescription(cell)));
  const dateFormat = guessDateFormat(
    data.map((row) => cellOf(row, roles.date)),
    french,
  );
  if (dateFormat === null) return null;
  const amountColumns = [roles.amount, roles.debit, roles.credit].filter((c) => c !== undefined);
  const decimalComma = hasDecimalComma(data.flatMap((row) => amountColumns.map((c) => cellOf(row, c))));
  return {
    hasHeader: fromHeader !== null,
    date: roles.date,
    dateFormat,
    description: roles.description,
    ...(roles.amount !== undefined ? { amount: roles.amount } : { debit: roles.debit, credit: roles.credit }),
    ...(roles.checkNumber !== undefined ? { checkNumber: roles.checkNumber } : {}),
    decimalComma,
  };
}
