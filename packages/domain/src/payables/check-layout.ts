import type { Language } from '../locale';

/**
 * SPEC 9 check format `ca`: where a supplier check prints on Canadian check stock laid out after
 * CPA Standard 006 Part A. One table, read by the renderer and by the tests that read the printed
 * PDF back, so what is printed is where this says.
 *
 * The stock: a Letter page (8.5 × 11 in) with the check on top (8.5 × 3.5 in) and two stubs of
 * 3.75 in below it (one for the supplier, one for the building's records), perforated between.
 * The stock comes pre-printed with the bank's name and the MICR line, so the MICR band (the
 * bottom 5/8 in of the check) is left empty.
 *
 * Units are PDF points (1/72 in) from the top-left corner of the page, y growing downwards. A text
 * field's `y` is its baseline; `width` is the room it has from `x` (a right-aligned field ends at
 * `x + width`). A `Rule` is a horizontal line.
 *
 * What CPA 006 asks and where it is met:
 * - the date is numeric, in the upper right, as YYYYMMDD with its format indicator printed under
 *   the digits, each letter under its digit (`dateIndicator`: YYYYMMDD, or AAAAMMJJ in French);
 * - the amount in figures sits in the convenience amount scan area (1.4 to 2.6 in above the
 *   check's bottom edge, 0.25 to 2.5 in from its right edge) in an imaginary rectangle, without a
 *   border, at least 10 pt, with 0.25 in clear around it;
 * - the amount in words, the payee and the two signature lines are on the left and lower right,
 *   above the MICR band, in a sans-serif upright font (Helvetica), nothing printed in the band.
 */

export interface CheckBox {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface CheckText {
  x: number;
  y: number;
  width: number;
  size: number;
  align: 'left' | 'right';
  bold?: boolean;
}
export interface CheckRule {
  x: number;
  y: number;
  width: number;
}

const inch = 72;

/** The check: the top 3.5 in of the page. */
const check: CheckBox = { x: 0, y: 0, width: 8.5 * inch, height: 3.5 * inch };
const stubHeight = 3.75 * inch;
const micrBandHeight = (5 / 8) * inch;
const right = check.width - 0.5 * inch;
const left = 0.5 * inch;

export const checkLayout = {
  page: { width: 8.5 * inch, height: 11 * inch },
  check,
  /** Below the check, top to bottom: the supplier's stub, then the building's. */
  stubs: [
    { x: 0, y: check.height, width: check.width, height: stubHeight },
    { x: 0, y: check.height + stubHeight, width: check.width, height: stubHeight },
  ] as const satisfies readonly CheckBox[],
  /** Pre-printed MICR line: nothing is printed here. */
  micrBand: { x: 0, y: check.height - micrBandHeight, width: check.width, height: micrBandHeight },
  /** CPA 006: where the amount in figures must be. */
  amountScanArea: {
    x: check.width - 2.5 * inch,
    y: check.height - 2.6 * inch,
    width: 2.25 * inch,
    height: 1.2 * inch,
  },
  /** The clear space CPA 006 asks around the amount in figures. */
  clearance: 0.25 * inch,

  /** The building (the payor) and its address, top left. */
  payor: { x: left, y: 24, width: 300, size: 10, align: 'left', bold: true },
  payorAddress: { x: left, y: 36, width: 300, size: 8, align: 'left' },
  /** "No 000123", top right. */
  checkNumber: { x: right - 150, y: 24, width: 150, size: 10, align: 'right', bold: true },

  date: {
    label: { x: 420, y: 46, width: 36, size: 8, align: 'left', bold: true },
    /** Eight cells, one digit each, centred: YYYYMMDD. */
    digits: { x: 460, y: 46, cellWidth: 14, size: 11 },
    /** The format indicator, each letter under its digit. */
    indicator: { y: 55, size: 7 },
  },

  amount: {
    /** The convenience amount rectangle (imaginary: CPA 006 allows no border). */
    area: { x: 462, y: 78, width: 114, height: 22 },
    dollarSign: { x: 452, y: 94, width: 8, size: 12, align: 'left', bold: true },
    figures: { x: 466, y: 94, width: 106, size: 12, align: 'right', bold: true },
  },

  words: {
    label: { x: left, y: 94, width: 34, size: 8, align: 'left', bold: true },
    /** One line at `size` when it fits, else two lines at `wrappedSize`, the second at `secondLineY`. */
    text: { x: 72, y: 94, width: 372, size: 10, align: 'left' },
    wrappedSize: 9,
    secondLineY: 106,
    rules: [
      { x: 72, y: 97, width: 372 },
      { x: 72, y: 109, width: 372 },
    ] as const satisfies readonly CheckRule[],
  },

  payee: {
    label: { x: left, y: 128, width: 60, size: 7, align: 'left', bold: true },
    text: { x: 100, y: 128, width: 340, size: 11, align: 'left' },
    rule: { x: 100, y: 131, width: 340 },
  },

  memo: {
    label: { x: left, y: 188, width: 34, size: 7, align: 'left', bold: true },
    text: { x: 72, y: 188, width: 260, size: 9, align: 'left' },
    rule: { x: 72, y: 191, width: 260 },
  },

  /** Two signature lines, each captioned (the approver's name when the payment was approved). */
  signatures: [
    {
      rule: { x: 372, y: 160, width: right - 372 },
      caption: { x: 372, y: 168, width: right - 372, size: 7, align: 'left' },
    },
    {
      rule: { x: 372, y: 192, width: right - 372 },
      caption: { x: 372, y: 200, width: right - 372, size: 7, align: 'left' },
    },
  ] as const satisfies readonly { rule: CheckRule; caption: CheckText }[],

  /** Each stub, from its own top edge: the invoices paid and credit notes used, and the total. */
  stub: {
    payee: { x: left, y: 30, width: 340, size: 10, align: 'left', bold: true },
    reference: { x: right - 200, y: 30, width: 200, size: 10, align: 'right', bold: true },
    payor: { x: left, y: 44, width: right - left, size: 8, align: 'left' },
    headers: {
      number: { x: left, y: 66, width: 250, size: 8, align: 'left', bold: true },
      date: { x: 300, y: 66, width: 120, size: 8, align: 'left', bold: true },
      amount: { x: right - 120, y: 66, width: 120, size: 8, align: 'right', bold: true },
    },
    headerRule: { x: left, y: 70, width: right - left },
    /** Baseline of the first line; each next line `rowHeight` lower; at most `maxRows` lines. */
    firstRowY: 82,
    rowHeight: 12,
    maxRows: 13,
    totalRule: { x: 300, y: 238, width: right - 300 },
    totalLabel: { x: 300, y: 250, width: 120, size: 9, align: 'left', bold: true },
    total: { x: right - 120, y: 250, width: 120, size: 9, align: 'right', bold: true },
  },
} as const;

export type CheckLayout = typeof checkLayout;

/** The format indicator printed under the date's digits: ISO order, letters in the building's language. */
export const dateIndicator = (language: Language): string => (language === 'fr' ? 'AAAAMMJJ' : 'YYYYMMDD');

/** The date's eight digits, YYYYMMDD, from an ISO date. */
export function checkDateDigits(isoDate: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) throw new Error(`Not an ISO date: ${isoDate}`);
  return isoDate.replaceAll('-', '');
}

/** The centre of the date's cell `i` (0 to 7), where its digit and indicator letter are centred. */
export const dateCellCentre = (i: number): number =>
  checkLayout.date.digits.x + (i + 0.5) * checkLayout.date.digits.cellWidth;

/**
 * The amount in figures as a check writes it: asterisks before it so nothing can be added, two
 * decimals, grouped the way the building's language writes amounts ("**1,234.56", "**1 234,56").
 */
export function checkAmountFigures(amount: number, language: Language): string {
  if (!Number.isSafeInteger(amount) || amount < 1) throw new Error(`Not a check amount: ${amount}`);
  const dollars = Math.floor(amount / 100);
  const hundredths = String(amount % 100).padStart(2, '0');
  const grouped = String(dollars).replace(/\B(?=(\d{3})+(?!\d))/g, language === 'fr' ? '\u00a0' : ',');
  return `**${grouped}${language === 'fr' ? ',' : '.'}${hundredths}`;
}

/** The stub lines that fit: all of them, or the first ones and a last line for the rest. */
export function stubRows<T>(rows: readonly T[]): { shown: T[]; rest: T[] } {
  const max = checkLayout.stub.maxRows;
  if (rows.length <= max) return { shown: [...rows], rest: [] };
  return { shown: rows.slice(0, max - 1), rest: rows.slice(max - 1) };
}
