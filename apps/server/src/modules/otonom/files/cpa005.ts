import { EFTGenerator } from '@cityssm/eft-generator';
import type { Cents } from '@copro/domain';

/**
 * DOMAIN 8: the building's debits and supplier payments as a CPA Standard 005 file (Payments
 * Canada) for its own bank. The records are written by `@cityssm/eft-generator`, a maintained
 * implementation of the layout; this file feeds it and makes its output what the bank takes:
 *
 * - Layout (1464 characters a record): header `A` (record count 1, originator id, file creation
 *   number, creation date 0YYDDD, destination data centre, currency); one `D` (debit from a unit,
 *   transaction code 470 "fees/dues") or `C` (payment to a supplier, 460 "accounts payable")
 *   record per item, in the items' order, each holding ONE 240-character segment (the other five
 *   blank): so the trailer's count of transactions is also its count of records, whichever way a
 *   bank reads that field; trailer `Z` (record count of the whole file, A and Z included, then
 *   the total value in cents and the number of debits, the same for credits, and zero error
 *   corrections).
 * - Line ends: every record ends with CRLF, the last included (the library joins records with
 *   CRLF and ends on the trailer: one is appended).
 * - Money: the library takes dollars and writes `Math.round(dollars × 100)`. `cents / 100` is the
 *   double nearest the true value, and × 100 rounds back to the same integer for every amount a
 *   segment may hold (1 cent to $99,999,999.99: tested over the whole range), so an item's amount
 *   is exact. The trailer's totals are the library's sums of those doubles; they are written again
 *   from the integer cents (the same fields, at the same places) so no total ever depends on
 *   floating-point addition.
 * - Dates: the library reads a `Date` with local getters (year, day of year). Each ISO date is
 *   given as that day at local NOON (`new Date(y, m - 1, d, 12)`), whatever the process's time
 *   zone: its local getters give back that calendar day, and noon exists even where a time-zone
 *   change skips midnight.
 * - Text: CPA-005 is ASCII (EBCDIC at some banks): names are transliterated ("Hélène Côté" →
 *   "Helene Cote", "Œuvre" → "OEuvre"), control characters become spaces, anything else outside
 *   printable ASCII becomes `?`; the library then pads and cuts (short name 15, names 30).
 * - Refused (an Error, never a file the bank rejects or misreads): an account longer than 12
 *   digits (the field holds 12; callers check `cpa005AccountProblem` and answer
 *   `otonom.validation.accountTooLong`; the thrown `Cpa005AccountError` names the item), a
 *   reference longer than the 19-character cross-reference, bank numbers that are not 3 and 5
 *   digits, an amount of 0 or $100,000,000 and more, a file creation number outside 1..9999.
 */

export const cpa005TransactionCodes = { debit: '470', credit: '460' } as const;

/** The length of every CPA-005 record, CRLF not counted. */
export const cpa005RecordLength = 1464;

/** The longest account number the format holds. */
export const cpa005MaxAccountDigits = 12;

/** The longest cross-reference (the order's reference). */
const maxCrossReference = 19;

/** A segment's amount must be under $100,000,000 (10 digits of cents). */
const maxItemCents = 9_999_999_999;

export interface Cpa005Item {
  direction: 'debit' | 'credit';
  amount: Cents;
  /** The debit's due date, or the date the credit's funds are available (YYYY-MM-DD). */
  dueDate: string;
  /** 3 digits. */
  institution: string;
  /** 5 digits. */
  transit: string;
  /** 1 to 12 digits. */
  account: string;
  /** The payor's (debit) or payee's (credit) name. */
  name: string;
  /** The order's reference: the cross-reference the bank's return carries back. */
  reference: string;
}

export interface Cpa005Input {
  /** The originator id (client number) the bank gave the building: up to 10 characters. */
  originatorId: string;
  shortName: string;
  longName: string;
  /** 1..9999 (see `cpa005CreationNumber`). */
  fileCreationNumber: number;
  /** YYYY-MM-DD. */
  creationDate: string;
  /** The bank's processing centre, 5 digits. */
  destinationDataCentre: string;
  currency: 'CAD' | 'USD';
  /** Where returned items go: the building's own account. */
  returnAccount: { institution: string; transit: string; account: string };
  items: readonly Cpa005Item[];
}

/** An item whose account the format cannot hold (see `cpa005AccountProblem`). */
export class Cpa005AccountError extends Error {
  readonly key = 'otonom.validation.accountTooLong';
  constructor(
    readonly reference: string,
    readonly payee: string,
  ) {
    super(`cpa005: the account of ${payee} (${reference}) has more than ${cpa005MaxAccountDigits} digits`);
    this.name = 'Cpa005AccountError';
  }
}

/**
 * Why `account` cannot go in a CPA-005 file, as an i18n key, or null when it can: more than 12
 * digits (`otonom.validation.accountTooLong`), or not digits at all (`validation.accountNumber`).
 */
export function cpa005AccountProblem(account: string): string | null {
  if (!/^\d+$/.test(account)) return 'validation.accountNumber';
  if (account.length > cpa005MaxAccountDigits) return 'otonom.validation.accountTooLong';
  return null;
}

/**
 * The file creation number of the `sequence`-th file (1, 2, …): 1..9999 and around again, never
 * 0000. Banks refuse a number used by one of the recent files, which 9999 files apart never is.
 */
export function cpa005CreationNumber(sequence: number): number {
  if (!Number.isSafeInteger(sequence) || sequence < 1)
    throw new Error(`cpa005: bad file sequence ${sequence}`);
  return ((sequence - 1) % 9999) + 1;
}

const ligatures: Record<string, string> = {
  Œ: 'OE',
  œ: 'oe',
  Æ: 'AE',
  æ: 'ae',
  ß: 'ss',
  Ø: 'O',
  ø: 'o',
  Đ: 'D',
  đ: 'd',
  Ł: 'L',
  ł: 'l',
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
  '«': '"',
  '»': '"',
  '–': '-',
  '—': '-',
};

/** `text` in printable ASCII (see the header): accents dropped, ligatures spelled out. */
export function cpa005Text(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, (c) => ligatures[c] ?? (/[\p{Cc}\p{Z}]/u.test(c) ? ' ' : '?'))
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** The ISO day as the library reads it: that calendar day in the process's zone (local noon). */
function localDay(iso: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  const [y, m, d] = [Number(match?.[1]), Number(match?.[2]), Number(match?.[3])];
  const day = new Date(y, m - 1, d, 12);
  if (!match || day.getFullYear() !== y || day.getMonth() !== m - 1 || day.getDate() !== d)
    throw new Error(`cpa005: not a date: ${iso}`);
  return day;
}

function checkItem(item: Cpa005Item): void {
  const what = `cpa005: item ${item.reference}`;
  if (cpa005AccountProblem(item.account) === 'otonom.validation.accountTooLong')
    throw new Cpa005AccountError(item.reference, item.name);
  if (cpa005AccountProblem(item.account) !== null) throw new Error(`${what}: the account is not digits`);
  if (!/^\d{3}$/.test(item.institution)) throw new Error(`${what}: the institution must be 3 digits`);
  if (!/^\d{5}$/.test(item.transit)) throw new Error(`${what}: the transit must be 5 digits`);
  if (!Number.isSafeInteger(item.amount) || item.amount < 1 || item.amount > maxItemCents)
    throw new Error(`${what}: the amount must be 1 cent to $99,999,999.99`);
  if (
    item.reference === '' ||
    item.reference.length > maxCrossReference ||
    cpa005Text(item.reference) !== item.reference
  )
    throw new Error(`${what}: the reference must be 1 to ${maxCrossReference} ASCII characters`);
}

/** The trailer's totals, from the items' integer cents. */
function totalsOf(items: readonly Cpa005Item[]): { debits: string; credits: string } {
  const field = (direction: Cpa005Item['direction']) => {
    const chosen = items.filter((item) => item.direction === direction);
    const total = chosen.reduce((sum, item) => sum + item.amount, 0);
    if (!Number.isSafeInteger(total) || total >= 1e14) throw new Error('cpa005: the file total is too large');
    return String(total).padStart(14, '0') + String(chosen.length).padStart(8, '0');
  };
  return { debits: field('debit'), credits: field('credit') };
}

/** The CPA-005 file of `input` (see the header), every record ending with CRLF. */
export function cpa005File(input: Cpa005Input): string {
  const number = input.fileCreationNumber;
  if (!Number.isInteger(number) || number < 1 || number > 9999)
    throw new Error(`cpa005: the file creation number must be 1 to 9999: ${number}`);
  input.items.forEach(checkItem);
  const generator = new EFTGenerator({
    originatorId: input.originatorId,
    originatorShortName: cpa005Text(input.shortName),
    originatorLongName: cpa005Text(input.longName),
    fileCreationNumber: String(number),
    fileCreationDate: localDay(input.creationDate),
    destinationDataCentre: input.destinationDataCentre,
    destinationCurrency: input.currency,
    returnInstitutionNumber: input.returnAccount.institution,
    returnTransitNumber: input.returnAccount.transit,
    returnAccountNumber: input.returnAccount.account,
  });
  for (const item of input.items) {
    const segment = {
      cpaCode: cpa005TransactionCodes[item.direction],
      amount: item.amount / 100,
      paymentDate: localDay(item.dueDate),
      bankInstitutionNumber: item.institution,
      bankTransitNumber: item.transit,
      bankAccountNumber: item.account,
      payeeName: cpa005Text(item.name),
      crossReferenceNumber: item.reference,
    } as const;
    if (item.direction === 'debit') generator.addDebitTransaction(segment);
    else generator.addCreditTransaction(segment);
  }
  const records = generator.toCPA005().split('\r\n');
  const trailer = records.at(-1) ?? '';
  const { debits, credits } = totalsOf(input.items);
  // Z: type 1, count 9, originator 10, file number 4 = 24, then debits 14 + 8 and credits 14 + 8.
  records[records.length - 1] = trailer.slice(0, 24) + debits + credits + trailer.slice(68);
  for (const record of records) {
    if (record.length !== cpa005RecordLength)
      throw new Error(`cpa005: a record of ${record.length} characters`);
  }
  return records.map((record) => `${record}\r\n`).join('');
}
