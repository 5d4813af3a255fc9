import type { Cents } from '../../money';
import type { otonomApiVersions } from '../../schemas/building';
import { csvText } from './csv-text';
import { decimalAmountText } from './decimal-amount';

/**
 * DOMAIN 8: the payment partner's (Otonom's) upload, a CSV the partner matches by its column
 * headers, holding one transaction type per file: 0 a debit from an owner, 1 a payment to a
 * supplier, 2 an update of a payer's or payee's details. Each row: the account reference, first
 * and last name, institution (3 digits), transit (5), account (up to 20 digits), the amount with
 * two decimals, the payment date (ISO), the building's client token and the order's reference.
 *
 * Two API versions, chosen per building (`building.otonom.apiVersion`):
 *
 * - `legacy`: French snake-case headers, the type is NOT a column; the whole file is of the type
 *   the upload names (the partner client sends it with the file, see `otonomCsvFileName`):
 *     reference_compte,prenom,nom,institution,transit,compte,montant,date_paiement,jeton_client,reference
 * - `v202406`: English camelCase headers, the type is the first column of every row (the same
 *   type on every row: still one type per file):
 *     transactionType,accountReference,firstName,lastName,institutionNumber,transitNumber,accountNumber,amount,paymentDate,clientToken,reference
 *
 * Both versions write the same cells in the same order (v202406 with the type in front). The
 * text is RFC 4180 (a cell with a comma, a quote or a line break is quoted), UTF-8 (names keep
 * their accents: the partner is in Quebec), every line ending with CRLF, the header first.
 *
 * Amounts are written from integer cents ("1234.56"), never through a float. A supplier (a
 * company) has only a name: its row has an empty first name and the whole name as last name
 * (`companyName`). An update of details (type 2) moves no money: its amount and payment date
 * cells are empty, whatever the row holds.
 *
 * The rows are checked before anything is written (digits of the bank fields, a positive amount,
 * a real date, a reference and a token); a row that fails is a bug of the caller, which validated
 * the details when they were saved, so it throws rather than writing a file the partner refuses.
 */

export type OtonomApiVersion = (typeof otonomApiVersions)[number];

/** 0: a debit from an owner; 1: a payment to a supplier; 2: an update of details. */
export type OtonomTransactionType = 0 | 1 | 2;
export const otonomTransactionTypes = { debit: 0, supplierPayment: 1, detailsUpdate: 2 } as const;

export interface OtonomCsvRow {
  /** The payer's or payee's account with the building (the unit's or the supplier's reference). */
  accountReference: string;
  firstName: string;
  lastName: string;
  /** 3 digits. */
  institution: string;
  /** 5 digits. */
  transit: string;
  /** 1 to 20 digits. */
  account: string;
  amount: Cents;
  /** YYYY-MM-DD. */
  paymentDate: string;
  /** The order's reference (`D…` or `C…`): the partner answers with it. */
  reference: string;
}

export interface OtonomCsvInput {
  apiVersion: OtonomApiVersion;
  type: OtonomTransactionType;
  /** The building's client id with the partner. */
  clientToken: string;
  rows: readonly OtonomCsvRow[];
}

const legacyHeaders = [
  'reference_compte',
  'prenom',
  'nom',
  'institution',
  'transit',
  'compte',
  'montant',
  'date_paiement',
  'jeton_client',
  'reference',
] as const;

const v202406Headers = [
  'transactionType',
  'accountReference',
  'firstName',
  'lastName',
  'institutionNumber',
  'transitNumber',
  'accountNumber',
  'amount',
  'paymentDate',
  'clientToken',
  'reference',
] as const;

/** The header cells of a version, in order. */
export const otonomCsvHeaders = (apiVersion: OtonomApiVersion): readonly string[] =>
  apiVersion === 'legacy' ? legacyHeaders : v202406Headers;

/** True when `date` is a YYYY-MM-DD day of the calendar. */
function isCalendarDay(date: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

/** What is wrong with a row for a file of `type`, or null. */
export function otonomCsvRowProblem(row: OtonomCsvRow, type: OtonomTransactionType): string | null {
  if (!/^\d{3}$/.test(row.institution)) return 'institution must be 3 digits';
  if (!/^\d{5}$/.test(row.transit)) return 'transit must be 5 digits';
  if (!/^\d{1,20}$/.test(row.account)) return 'account must be 1 to 20 digits';
  if (row.reference.trim() === '') return 'reference is empty';
  if (row.lastName.trim() === '') return 'last name is empty';
  if (type === 2) return null;
  if (!Number.isSafeInteger(row.amount) || row.amount <= 0) return 'amount must be positive cents';
  if (!isCalendarDay(row.paymentDate)) return 'payment date must be YYYY-MM-DD';
  return null;
}

/** The partner's upload for one transaction type (see the header). Throws on an invalid row. */
export function otonomCsv(input: OtonomCsvInput): string {
  if (input.clientToken.trim() === '') throw new Error('otonom csv: the client token is empty');
  const records = input.rows.map((row, i) => {
    const problem = otonomCsvRowProblem(row, input.type);
    if (problem !== null) throw new Error(`otonom csv: row ${i + 1} (${row.reference}): ${problem}`);
    const moves = input.type !== 2;
    const cells = [
      row.accountReference,
      row.firstName,
      row.lastName,
      row.institution,
      row.transit,
      row.account,
      moves ? decimalAmountText(row.amount) : '',
      moves ? row.paymentDate : '',
      input.clientToken,
      row.reference,
    ];
    return input.apiVersion === 'legacy' ? cells : [String(input.type), ...cells];
  });
  return csvText([otonomCsvHeaders(input.apiVersion), ...records]);
}

/**
 * The upload's file name: it names the type, which a legacy file carries nowhere else
 * (`otonom-0-2026-12-01.csv`; v202406 files are named the same way for one pattern).
 */
export const otonomCsvFileName = (type: OtonomTransactionType, createdOn: string): string =>
  `otonom-${type}-${createdOn}.csv`;

/** A company's name as the file carries it: no first name, the whole name as last name. */
export const companyName = (name: string): { firstName: string; lastName: string } => ({
  firstName: '',
  lastName: name.trim().replace(/\s+/g, ' '),
});

/**
 * A person's full name split for the file: the first word is the first name, the rest the last
 * name ("Marie-Ève de la Fontaine" → "Marie-Ève" / "de la Fontaine"); one word is a last name.
 */
export function splitName(full: string): { firstName: string; lastName: string } {
  const words = full
    .trim()
    .split(/\s+/)
    .filter((w) => w !== '');
  if (words.length <= 1) return { firstName: '', lastName: words[0] ?? '' };
  return { firstName: words[0] ?? '', lastName: words.slice(1).join(' ') };
}
