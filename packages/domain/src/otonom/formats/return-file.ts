import { cents, type Cents } from '../../money';
import { parseStatementAmount, parseStatementDate } from '../../reconciliation/statement-lines';
import type { ReturnLine } from '../../schemas/otonom';
import type { CsvDateFormat } from '../../schemas/reconciliation';
import { searchable } from '../../search-text';
import { isReturnCode, returnedStatusOf, type ReturnCode } from '../return-codes';
import { isReturned, otonomStatuses, type OtonomStatus } from '../statuses';
import { csvRecords, type CsvRecord } from './csv-text';

/**
 * DOMAIN 8 returns: a return or status file read into return lines, which the import then applies
 * to the building's orders (by reference). Two kinds of file are read, told apart by nothing but
 * their headers:
 *
 * - the partner's status export: `reference,status,returnCode,amount,date` (v202406) or
 *   `reference,statut,code_retour,montant,date` (legacy). `status` is one of the SPEC 4 statuses
 *   (case, spaces, `_` and `-` ignored: `withdrawal_done` reads); when it is empty and a return
 *   code is given, the status is the code's (`returnedStatusOf`: 901/908 NSF, others error);
 * - a bank's returns CSV: a cross-reference (the order's reference, which the CPA-005 file
 *   carried), the amount, the return (reason) code, the date, and no status: every line is a
 *   return, its status the code's.
 *
 * Headers: the first of the file's first ten records that names a reference column and a status
 * or return-code column is the header (a bank's title rows before it are skipped). A header cell
 * names a column when, folded (case, accents, spaces and punctuation ignored), it is one of the
 * names below, in English or French; a column is taken for the first role its name gives.
 *
 * Cells: a return code is the cell's first three digits ("901", "901 - NSF"), and must be one of
 * Payments Canada's (`returnCodes`). An amount reads with a decimal point ("1,234.56") or comma
 * ("1 234,56"), as cents without a float; its sign is dropped (a bank may show a return as money
 * out): the line says how much was returned. Dates are read in the one format that reads the most
 * of the file's dates, among YYYY-MM-DD (a time after it ignored), YYYY/MM/DD, DD/MM/YYYY,
 * MM/DD/YYYY and DD-MM-YYYY, in that order (so a file whose days are all 12 or less reads day first,
 * as Canadian banks write). An empty amount or date cell is null.
 *
 * Problems: a line that does not read gives a problem (its file line, its reference, an i18n key)
 * and no return line; the others are read. Nothing is dropped as a duplicate: the same reference
 * twice is two lines (the import decides; a status it already has changes nothing). Blank records
 * are skipped. A file that is not CSV, has no such header, or holds a NUL byte (a binary file) is
 * one problem on line 1, `otonom.validation.unreadableReturnFile`, and no line.
 */

export type ReturnFileLine = ReturnLine & {
  /** The file's line (1-based) the record starts on. */
  line: number;
};

export interface ReturnFileProblem {
  line: number;
  /** The line's reference, or '' when it has none. */
  reference: string;
  key: string;
}

export interface ReturnFileReading {
  lines: ReturnFileLine[];
  problems: ReturnFileProblem[];
}

export const returnFileKeys = {
  unreadable: 'otonom.validation.unreadableReturnFile',
  unknownReference: 'otonom.validation.unknownReference',
  returnCodeRequired: 'otonom.validation.returnCodeRequired',
  unknownReturnCode: 'otonom.validation.unknownReturnCode',
  unknownStatus: 'otonom.validation.unknownStatus',
  unreadableAmount: 'otonom.validation.unreadableAmount',
  unreadableDate: 'otonom.validation.unreadableDate',
} as const;

type Role = 'reference' | 'status' | 'returnCode' | 'amount' | 'date';

/** Header names of each role, folded, in order of preference. */
const roleNames: Record<Role, readonly string[]> = {
  reference: [
    'reference',
    'crossreference',
    'crossreferencenumber',
    'originatorcrossreference',
    'referencecroisee',
    'transactionreference',
    'referencetransaction',
    'referencedelatransaction',
    'ref',
  ],
  status: ['status', 'statut', 'transactionstatus', 'statuttransaction', 'statutdelatransaction'],
  returnCode: [
    'returncode',
    'coderetour',
    'codederetour',
    'reasoncode',
    'returnreasoncode',
    'coderaison',
    'codederaison',
    'codemotif',
    'returnreason',
    'reason',
    'motifderetour',
    'motifretour',
    'motif',
    'raison',
  ],
  amount: ['amount', 'montant', 'returnedamount', 'returnamount', 'montantretourne'],
  date: [
    'date',
    'returndate',
    'dateretour',
    'datederetour',
    'statusdate',
    'datestatut',
    'datedustatut',
    'effectivedate',
    'dateeffective',
  ],
};
const roles = Object.keys(roleNames) as Role[];

const fold = (text: string): string => searchable(text).replace(/[^a-z0-9]/g, '');

const foldedStatuses = new Map<string, OtonomStatus>(otonomStatuses.map((s) => [fold(s), s]));

type Columns = Partial<Record<Role, number>>;

/** The columns a header names, or null when it names no reference or neither status nor code. */
function columnsOf(header: readonly string[]): Columns | null {
  const folded = header.map(fold);
  const columns: Columns = {};
  const taken = new Set<number>();
  for (const role of roles) {
    for (const name of roleNames[role]) {
      const column = folded.findIndex((cell, i) => cell === name && !taken.has(i));
      if (column >= 0) {
        columns[role] = column;
        taken.add(column);
        break;
      }
    }
  }
  const readable =
    columns.reference !== undefined && (columns.status !== undefined || columns.returnCode !== undefined);
  return readable ? columns : null;
}

const cellAt = (record: CsvRecord, column: number | undefined): string =>
  column === undefined ? '' : (record.cells[column] ?? '').trim();

/** Preferred first: ISO, then day first (what a Canadian bank writes), then month first. */
const dateFormats: readonly CsvDateFormat[] = [
  'YYYY-MM-DD',
  'YYYY/MM/DD',
  'DD/MM/YYYY',
  'MM/DD/YYYY',
  'DD-MM-YYYY',
];

/** The format that reads the most of `dates` (the first preferred on a tie). */
function dateFormatOf(dates: readonly string[]): CsvDateFormat {
  let best: CsvDateFormat = 'YYYY-MM-DD';
  let bestCount = -1;
  for (const format of dateFormats) {
    const count = dates.filter((d) => parseStatementDate(d, format) !== null).length;
    if (count > bestCount) {
      best = format;
      bestCount = count;
    }
  }
  return best;
}

/** An amount cell as positive cents: a decimal point first, then a decimal comma. */
function amountOf(text: string): Cents | null {
  const amount = parseStatementAmount(text, false) ?? parseStatementAmount(text, true);
  return amount === null ? null : cents(Math.abs(amount));
}

type LineReading = { line: ReturnFileLine } | { problem: ReturnFileProblem };

function readLine(record: CsvRecord, columns: Columns, dateFormat: CsvDateFormat): LineReading {
  const reference = cellAt(record, columns.reference);
  const problem = (key: string): LineReading => ({ problem: { line: record.line, reference, key } });
  if (reference === '' || reference.length > 40) return problem(returnFileKeys.unknownReference);

  const codeText = cellAt(record, columns.returnCode);
  let returnCode: ReturnCode | null = null;
  if (codeText !== '') {
    const digits = /^(\d{3})(?!\d)/.exec(codeText)?.[1] ?? '';
    if (!isReturnCode(digits)) return problem(returnFileKeys.unknownReturnCode);
    returnCode = digits;
  }

  const statusText = cellAt(record, columns.status);
  let status: OtonomStatus;
  if (statusText !== '') {
    const known = foldedStatuses.get(fold(statusText));
    if (known === undefined) return problem(returnFileKeys.unknownStatus);
    // A return without its reason cannot be applied (the owner's mail and the agreement need it).
    if (isReturned(known) && returnCode === null) return problem(returnFileKeys.returnCodeRequired);
    status = known;
  } else if (returnCode !== null) status = returnedStatusOf(returnCode);
  else return problem(returnFileKeys.returnCodeRequired);

  const amountText = cellAt(record, columns.amount);
  const amount = amountText === '' ? null : amountOf(amountText);
  if (amountText !== '' && amount === null) return problem(returnFileKeys.unreadableAmount);

  const dateText = cellAt(record, columns.date);
  const date = dateText === '' ? null : parseStatementDate(dateText, dateFormat);
  if (dateText !== '' && date === null) return problem(returnFileKeys.unreadableDate);

  return { line: { line: record.line, reference, status, returnCode, amount, date } };
}

/** Records looked at for the header. */
const headerSearch = 10;

/** A return or status file's lines (see the header). */
export function readReturnFile(text: string): ReturnFileReading {
  const unreadable: ReturnFileReading = {
    lines: [],
    problems: [{ line: 1, reference: '', key: returnFileKeys.unreadable }],
  };
  if (text.includes('\0')) return unreadable;
  const records = csvRecords(text)?.filter((r) => r.cells.some((cell) => cell.trim() !== ''));
  if (records === undefined) return unreadable;
  const headerAt = records.slice(0, headerSearch).findIndex((record) => columnsOf(record.cells) !== null);
  const columns = headerAt < 0 ? null : columnsOf(records[headerAt]?.cells ?? []);
  if (columns === null) return unreadable;

  const data = records.slice(headerAt + 1);
  const dateFormat = dateFormatOf(data.map((r) => cellAt(r, columns.date)).filter((d) => d !== ''));
  const reading: ReturnFileReading = { lines: [], problems: [] };
  for (const record of data) {
    const read = readLine(record, columns, dateFormat);
    if ('line' in read) reading.lines.push(read.line);
    else reading.problems.push(read.problem);
  }
  return reading;
}
