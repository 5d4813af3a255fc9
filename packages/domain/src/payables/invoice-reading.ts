import { cents, type Cents } from '../money';
import type { TaxCode } from '../schemas/building';
import { dateYearBounds } from '../schemas/common';
import type { InvoicePrefill } from '../schemas/payables';
import { taxOn, taxRatePresets, type BuildingTaxRate } from './invoice-totals';

/**
 * DOMAIN 7 "entering an invoice from its PDF": what the text of a supplier invoice (its own text or
 * OCR's, English or French, as Québec invoices are written) says of its supplier, number, date,
 * total and taxes, each with how sure the reading is. The user confirms every field; a value the
 * reading is unsure of is better than none, so each field says high, medium or low, or is null
 * when nothing was found.
 *
 * The text is read line by line, case and accents folded. A label ("Facture no", "No de facture",
 * "Invoice #", "Date", "Total", "TPS/GST", "TVQ/QST", "TVH/HST", "TVP/PST") takes the value after
 * it on its line, up to the next label ("labelled"); a line holding only labels takes its values
 * from the next line, the n-th label of a kind the n-th value of that kind ("below its label").
 * Amounts have two decimals ("1 234,56 $", "$1,234.56", "1234.56"); a percentage is no amount.
 * Dates are 2026-03-15, 15/03/2026 (day first in French, month first in English; when both
 * numbers could be the month the reading is one level less sure), "15 mars 2026", "1er mars
 * 2026", "March 15, 2026", "15 March 2026", between the years `dateYearBounds`.
 *
 * Confidence:
 * - supplier: one of the building's suppliers whose name (accents, case, punctuation and a
 *   trailing "inc", "ltée", … left out) appears word for word in the text: high; else more than
 *   half of the significant words of its name (three letters or more, not "des", "the", …) appear:
 *   medium. The longest name, then the most words found, wins; a tie between suppliers: low.
 * - number: labelled: high; below its label, or after the word "invoice"/"facture" alone when it
 *   holds a digit ("FACTURE F-1234"): medium. A value that is a date or an amount is no number.
 * - date: labelled ("Date", "Invoice date", "Date de facture", "Date d'émission"): high; below its
 *   label: medium; several different labelled dates: the first, medium. Without a label: the one
 *   date of the text that no other label claims (due date, "échéance", order, delivery or service
 *   date): medium, the first of several: low.
 * - total: labelled "Total", "Grand total", "Total à payer", "Montant total" (not a subtotal or a
 *   total of taxes): high when every such label says the same amount, else the largest: medium;
 *   below its label: the largest amount near "total" (on the next line): medium; else labelled
 *   "Amount due", "Balance due", "Montant dû", "Solde": the largest, medium; else an amount of the
 *   text equal to subtotal + taxes: medium; else the largest amount of the text: low. A zero is
 *   never the total.
 * - taxes: a labelled tax amount: medium; several different amounts for one tax: the one the
 *   cross-check confirms, else the last (the summary at the bottom). GST/TPS is code GST,
 *   QST/TVQ code QC; HST/TVH and PST/TVP/RST take the province code the building has active, else
 *   the one whose current rate the line states ("13 %"), else they are left out. Zero amounts are
 *   left out.
 * - cross-check: the base is the labelled subtotal, else total − taxes. A tax within a cent of its
 *   rate (the one the line states, else the building's, else the current one) × the base is high.
 *   The total is high when the labelled subtotal + taxes equal it, or, with no subtotal, when the
 *   taxes found all pass the cross-check against it.
 *
 * Every amount answered is one written in the text (`amountsIn`), in integer cents. The reading
 * never throws, whatever the text; only its first `maxReadTextLength` characters are read.
 */

export type ReadingConfidence = InvoicePrefill['taxes'][number]['confidence'];
/** The prefill without how the text was obtained and the stored file. */
export type InvoiceReading = Omit<InvoicePrefill, 'source' | 'attachment'>;

export interface InvoiceReadingInput {
  text: string;
  suppliers: readonly { uuid: string; name: string }[];
  /** The building's taxes (settings): which province HST or PST means, and the rates to cross-check. */
  taxes?: readonly BuildingTaxRate[];
}

/** An invoice is a page or two; a longer text is cut, so a huge PDF cannot hold a request up. */
export const maxReadTextLength = 100_000;

// ---------------------------------------------------------------- text

/** Lowercase without accents, one character for one, so an index in the folded text is one in the text. */
function fold(text: string): string {
  let folded = '';
  for (const unit of text.split('')) {
    if (unit.charCodeAt(0) < 128) {
      folded += unit.toLowerCase();
      continue;
    }
    // Letters lose their accents and spaces their width; a "²" or a "，" stays what it is, no digit or mark.
    const base = unit.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
    folded += base.length === 1 && (base === ' ' || /\p{L}/u.test(base)) ? base : unit;
  }
  return folded;
}

interface Span {
  index: number;
  end: number;
}

// ---------------------------------------------------------------- amounts

export interface AmountInText extends Span {
  /** As written, e.g. "1 234,56". */
  text: string;
  amount: Cents;
}

/**
 * Two decimals; thousands grouped by a space, a dot or a comma (the same one throughout, not the
 * decimal mark), or not grouped. Not part of a longer number, not a percentage.
 */
const amountPattern =
  /(?<![\d.,])((\d{1,3})([ .,])\d{3}(?:\3\d{3}){0,2}|\d{1,12})([.,])(\d{2})(?!\d|\s?%|[.,]\d)/g;

function amountsOf(folded: string, original: string): AmountInText[] {
  const found: AmountInText[] = [];
  for (const match of folded.matchAll(amountPattern)) {
    const [whole, integer = '', , group, decimal = '', fraction = ''] = match;
    if (group !== undefined && group === decimal) continue;
    const index = match.index;
    found.push({
      index,
      end: index + whole.length,
      text: original.slice(index, index + whole.length),
      amount: cents(Number(integer.replace(/\D/g, '')) * 100 + Number(fraction)),
    });
  }
  return found;
}

/** Every amount written in the text, where it is and what it is in cents. */
export const amountsIn = (text: string): AmountInText[] => {
  const cut = text.slice(0, maxReadTextLength);
  return amountsOf(fold(cut), cut);
};

// ---------------------------------------------------------------- dates

const monthNumbers: Readonly<Record<string, number>> = {
  january: 1, jan: 1, janvier: 1, janv: 1,
  february: 2, feb: 2, fevrier: 2, fevr: 2, fev: 2,
  march: 3, mar: 3, mars: 3,
  april: 4, apr: 4, avril: 4, avr: 4,
  may: 5, mai: 5,
  june: 6, jun: 6, juin: 6,
  july: 7, jul: 7, juillet: 7, juil: 7,
  august: 8, aug: 8, aout: 8,
  september: 9, sept: 9, sep: 9, septembre: 9,
  october: 10, oct: 10, octobre: 10,
  november: 11, nov: 11, novembre: 11,
  december: 12, dec: 12, decembre: 12,
}; // prettier-ignore
const monthNames = Object.keys(monthNumbers)
  .sort((a, b) => b.length - a.length)
  .join('|');

const isoDatePattern = /(?<!\d)(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)/g;
const numericDatePattern = /(?<![\d.,])(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})(?!\d)/g;
const dayMonthPattern = new RegExp(
  `(?<!\\d)(\\d{1,2})(?:er|st|nd|rd|th)?\\s+(?:de\\s+)?(${monthNames})\\.?,?\\s+(\\d{4})(?!\\d)`,
  'gu',
);
const monthDayPattern = new RegExp(
  `(?<!\\p{L})(${monthNames})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})(?!\\d)`,
  'gu',
);

interface DateInText extends Span {
  iso: string;
  /** Day and month could be read either way (03/04/2026). */
  ambiguous: boolean;
}

function isoDate(year: number, month: number, day: number): string | null {
  if (year < dateYearBounds.min || year > dateYearBounds.max || month < 1 || month > 12 || day < 1) {
    return null;
  }
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function datesOf(folded: string, dayFirst: boolean): DateInText[] {
  const found: DateInText[] = [];
  const add = (match: RegExpMatchArray, iso: string | null, ambiguous = false) => {
    const index = match.index ?? 0;
    const end = index + match[0].length;
    if (iso && !found.some((d) => d.index < end && index < d.end)) found.push({ index, end, iso, ambiguous });
  };
  for (const m of folded.matchAll(isoDatePattern)) add(m, isoDate(Number(m[1]), Number(m[2]), Number(m[3])));
  for (const m of folded.matchAll(dayMonthPattern)) {
    add(m, isoDate(Number(m[3]), monthNumbers[m[2] ?? ''] ?? 0, Number(m[1])));
  }
  for (const m of folded.matchAll(monthDayPattern)) {
    add(m, isoDate(Number(m[3]), monthNumbers[m[1] ?? ''] ?? 0, Number(m[2])));
  }
  for (const m of folded.matchAll(numericDatePattern)) {
    const [a, b, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const aIsDay = a > 12 || (b <= 12 && dayFirst);
    add(m, aIsDay ? isoDate(year, b, a) : isoDate(year, a, b), a <= 12 && b <= 12 && a !== b);
  }
  return found.sort((x, y) => x.index - y.index);
}

// ---------------------------------------------------------------- labels

type TaxKind = 'GST' | 'QST' | 'HST' | 'PST';
type LabelKind =
  | 'number'
  | 'numberWord'
  | 'invoiceDate'
  | 'otherDate'
  | 'total'
  | 'balance'
  | 'subtotal'
  | 'taxTotal'
  | TaxKind;

const start = String.raw`(?<![\p{L}\p{N}])`;
/** A label ends where its word ends ("total", not "totals"); a number may follow at once ("#123"). */
const end = String.raw`(?!(?<=\p{L})\p{L})`;
const label = (kind: LabelKind, ...alternatives: string[]) => ({
  kind,
  pattern: new RegExp(`${start}(?:${alternatives.join('|')})${end}`, 'gu'),
});

/** On folded text. Where labels overlap, the one starting first wins, then the longest. */
const labels: readonly { kind: LabelKind; pattern: RegExp }[] = [
  label(
    'number',
    String.raw`(?:invoice|inv|bill)\s*(?:number|num|no|nbr|n\s?°)\.?|(?:invoice|inv|bill)\s*#`,
    String.raw`(?:no|n\s?°|num|numero)\.?\s*(?:de\s+(?:la\s+)?)?facture`,
    String.raw`facture\s*(?:numero|num|no|n\s?°)\.?|facture\s*#`,
    String.raw`(?:invoice|facture)(?=\s*:)`,
  ),
  { kind: 'number', pattern: /#\s*(?:de\s+)?facture(?!\p{L})/gu },
  label('numberWord', String.raw`(?:invoice|facture)(?=\s+[a-z]{0,4}[-_]?\d)`),
  label(
    'invoiceDate',
    String.raw`(?:invoice|billing|issue|issued)\s+date`,
    String.raw`date\s+(?:de\s+(?:la\s+)?)?(?:facture|facturation)`,
    String.raw`date\s+d['’]?\s?emission`,
    String.raw`date\s+of\s+invoice`,
    'date',
  ),
  label(
    'otherDate',
    String.raw`due\s+date|date\s+due|(?:date\s+d['’]?\s?)?echeance|date\s+limite`,
    String.raw`payable\s+(?:avant|le|by|on)|payment\s+due|pay\s+by|date\s+de\s+paiement|payer\s+avant`,
    String.raw`(?:order|delivery|ship|shipping|service|purchase)\s+date`,
    String.raw`date\s+de\s+(?:la\s+)?(?:commande|livraison|service|expedition)`,
    'periode?',
  ),
  label(
    'subtotal',
    String.raw`sous[-\s]?total`,
    String.raw`sub[-\s]?total`,
    String.raw`total\s+(?:partiel|net|ht|hors\s+taxes?|avant\s+(?:les\s+)?taxes?|before\s+taxe?s?|excl\.?(?:uding)?\s+taxe?s?|pre[-\s]?tax)`,
    String.raw`montant\s+(?:avant|hors)\s+taxes?`,
  ),
  label(
    'taxTotal',
    String.raw`total\s+(?:des\s+)?taxes?`,
    String.raw`(?:taxes?|tax)\s+total`,
    String.raw`total\s+tax(?:es)?`,
  ),
  label(
    'total',
    String.raw`grand\s+total`,
    String.raw`total\s+(?:a\s+payer|de\s+la\s+facture|general|ttc|amount|invoice)`,
    String.raw`invoice\s+total`,
    String.raw`montant\s+total`,
    'total',
  ),
  label(
    'balance',
    String.raw`(?:amount|balance)\s+(?:due|payable|owing)`,
    String.raw`montant\s+(?:du|a\s+payer|exigible)`,
    String.raw`solde(?:\s+(?:du|a\s+payer))?`,
  ),
  label('GST', 'tps', 'gst', String.raw`t\.p\.s\.?`, String.raw`g\.s\.t\.?`),
  label('QST', 'tvq', 'qst', String.raw`t\.v\.q\.?`, String.raw`q\.s\.t\.?`),
  label('HST', 'tvh', 'hst', String.raw`t\.v\.h\.?`, String.raw`h\.s\.t\.?`),
  label('PST', 'pst', 'tvp', 'rst', String.raw`p\.s\.t\.?`, String.raw`t\.v\.p\.?`),
];

interface LabelInLine extends Span {
  kind: LabelKind;
}

function labelsOf(folded: string): LabelInLine[] {
  const all: LabelInLine[] = [];
  for (const { kind, pattern } of labels) {
    for (const m of folded.matchAll(pattern)) all.push({ kind, index: m.index, end: m.index + m[0].length });
  }
  all.sort((a, b) => a.index - b.index || b.end - a.end);
  const kept: LabelInLine[] = [];
  for (const found of all) {
    const last = kept.at(-1);
    if (!last || found.index >= last.end) kept.push(found);
  }
  return kept;
}

// ---------------------------------------------------------------- lines

/** A value as the reading found it: after its label on the same line, or on the line below. */
interface Found<T> {
  value: T;
  below: boolean;
  /** The label's line text after it, for a stated tax rate. */
  labelText: string;
}

interface Line {
  original: string;
  folded: string;
  labels: LabelInLine[];
  amounts: AmountInText[];
  dates: DateInText[];
}

const valueKinds = {
  number: ['number', 'numberWord'],
  date: ['invoiceDate', 'otherDate'],
  amount: ['total', 'balance', 'subtotal', 'taxTotal', 'GST', 'QST', 'HST', 'PST'],
} as const satisfies Record<string, readonly LabelKind[]>;
type ValueKind = keyof typeof valueKinds;
const valueKindOf = (kind: LabelKind): ValueKind =>
  (Object.keys(valueKinds) as ValueKind[]).find((v) =>
    (valueKinds[v] as readonly LabelKind[]).includes(kind),
  ) ?? 'amount';

const numberToken = /^[\s:#.°\-–—]*([A-Za-z0-9][A-Za-z0-9_.-]{0,99})/;

const within = (span: Span, from: number, to: number) => span.index >= from && span.index < to;
const overlapsAny = (index: number, spans: readonly Span[]) =>
  spans.some((s) => index >= s.index && index < s.end);

/** A token holding a digit that starts at `from` of the line and is no date or amount. */
function numberAt(line: Line, from: number): string | null {
  const match = numberToken.exec(line.original.slice(from));
  if (!match?.[1]) return null;
  const token = match[1].replace(/[.-]+$/, '');
  const index = from + match[0].length - match[1].length;
  if (!/\d/.test(token) || overlapsAny(index, line.amounts) || overlapsAny(index, line.dates)) return null;
  return token;
}

/** The tokens of a line below a label row that could be invoice numbers, in order. */
function numbersOf(line: Line): string[] {
  const tokens: string[] = [];
  for (const m of line.original.matchAll(/\S+/g)) {
    const token = numberAt(line, m.index);
    if (token) tokens.push(token);
  }
  return tokens;
}

/** The label holds only labels and separators after it: its value is on the next line. */
const valueBelow = (line: Line, l: LabelInLine): boolean => {
  let rest = line.folded;
  for (const other of line.labels) {
    if (other.index >= l.end)
      rest = rest.slice(0, other.index) + ' '.repeat(other.end - other.index) + rest.slice(other.end);
  }
  return /^[\s:#.|°()$\-–—]*$/.test(rest.slice(l.end));
};

interface Readings {
  numbers: Found<string>[];
  /** After the word "invoice" or "facture" alone. */
  weakNumbers: Found<string>[];
  invoiceDates: Found<DateInText>[];
  /** Dates some label names: the invoice's, a due date, a delivery date… */
  claimedDates: Set<DateInText>;
  amountsBy: Map<LabelKind, Found<AmountInText>[]>;
}

const largest = (found: readonly AmountInText[]): AmountInText | undefined =>
  found.reduce<AmountInText | undefined>((max, a) => (!max || a.amount > max.amount ? a : max), undefined);

/**
 * The value below the `ordinal`-th of `count` labels of one kind: the value in the same place when
 * the row below holds as many, else, below a lone label, `pickOne` of them.
 */
function valueBelowAt<T>(
  values: readonly T[],
  ordinal: number,
  count: number,
  pickOne: (values: readonly T[]) => T | undefined,
): T | undefined {
  if (values.length === count) return values[ordinal];
  return count === 1 ? pickOne(values) : undefined;
}

function readLines(lines: readonly Line[]): Readings {
  const readings: Readings = {
    numbers: [],
    weakNumbers: [],
    invoiceDates: [],
    claimedDates: new Set(),
    amountsBy: new Map(),
  };
  const nextFilled: (Line | undefined)[] = [];
  let filled: Line | undefined;
  for (let n = lines.length - 1; n >= 0; n--) {
    nextFilled[n] = filled;
    if (lines[n]?.original.trim()) filled = lines[n];
  }

  lines.forEach((line, n) => {
    line.labels.forEach((l, k) => {
      const to = line.labels[k + 1]?.index ?? line.folded.length;
      const labelText = line.folded.slice(l.end, to);
      const kind = valueKindOf(l.kind);
      const below = valueBelow(line, l) ? nextFilled[n] : undefined;
      const sameKind = line.labels.filter((other) => valueKindOf(other.kind) === kind);
      const read = <T>(
        here: T | null | undefined,
        belowValues: (line: Line) => readonly T[],
        pickOne: (values: readonly T[]) => T | undefined,
      ): Found<T>[] => {
        const found: Found<T>[] = here ? [{ value: here, below: false, labelText }] : [];
        const under =
          below && valueBelowAt(belowValues(below), sameKind.indexOf(l), sameKind.length, pickOne);
        if (under) found.push({ value: under, below: true, labelText });
        return found;
      };
      if (kind === 'number') {
        const found = read(numberAt(line, l.end), numbersOf, (values) => values[0]);
        (l.kind === 'number' ? readings.numbers : readings.weakNumbers).push(...found);
      } else if (kind === 'date') {
        const here = line.dates.find((d) => within(d, l.end, to));
        const found = read(
          here,
          (b) => b.dates,
          (values) => values[0],
        );
        for (const f of found) readings.claimedDates.add(f.value);
        if (l.kind === 'invoiceDate') readings.invoiceDates.push(...found);
      } else {
        const here = line.amounts.filter((a) => within(a, l.end, to)).at(-1);
        const found = read(here, (b) => b.amounts, largest);
        const list = readings.amountsBy.get(l.kind);
        if (list) list.push(...found);
        else readings.amountsBy.set(l.kind, found);
      }
    });
  });
  return readings;
}

// ---------------------------------------------------------------- fields

const lower: Record<ReadingConfidence, ReadingConfidence> = { high: 'medium', medium: 'low', low: 'low' };
type Reading<T> = { value: T; confidence: ReadingConfidence } | null;

function readNumber(r: Readings): Reading<string> {
  const labelled = r.numbers.find((f) => !f.below);
  if (labelled) return { value: labelled.value, confidence: 'high' };
  const other = r.numbers[0] ?? r.weakNumbers[0];
  return other ? { value: other.value, confidence: 'medium' } : null;
}

function readDate(r: Readings, lines: readonly Line[]): Reading<string> {
  const judged = (date: DateInText, confidence: ReadingConfidence) => ({
    value: date.iso,
    confidence: date.ambiguous ? lower[confidence] : confidence,
  });
  const labelled = r.invoiceDates.filter((f) => !f.below);
  const labelledFirst = labelled[0];
  if (labelledFirst) {
    const distinct = new Set(labelled.map((f) => f.value.iso));
    return judged(labelledFirst.value, distinct.size === 1 ? 'high' : 'medium');
  }
  const below = r.invoiceDates[0];
  if (below) return judged(below.value, 'medium');
  const free = lines.flatMap((line) => line.dates).filter((d) => !r.claimedDates.has(d));
  const first = free[0];
  if (!first) return null;
  return judged(first, new Set(free.map((d) => d.iso)).size === 1 ? 'medium' : 'low');
}

const taxCodesOf: Record<TaxKind, readonly TaxCode[]> = {
  GST: ['GST'],
  QST: ['QC'],
  HST: ['ON', 'NS', 'NB', 'NL', 'PE'],
  PST: ['BC', 'SK', 'MB'],
};

const statedRate = (labelText: string): number | null => {
  const match = /(\d{1,2}(?:[.,]\d{1,4})?)\s?%/.exec(labelText);
  return match?.[1] ? Number(match[1].replace(',', '.')) / 100 : null;
};

/** The code of a tax label: the province the building has active, else the one the stated rate names. */
function taxCodeOf(kind: TaxKind, found: readonly Found<AmountInText>[], taxes: readonly BuildingTaxRate[]) {
  const codes = taxCodesOf[kind];
  const [only] = codes;
  if (codes.length === 1) return only;
  const active = codes.filter((code) => taxes.some((t) => t.isActive && t.id === code));
  if (active.length === 1) return active[0];
  const rates = found.map((f) => statedRate(f.labelText)).filter((rate) => rate !== null);
  const byRate = codes.filter((code) => rates.some((rate) => Math.abs(taxRatePresets[code] - rate) < 1e-6));
  return byRate.length === 1 ? byRate[0] : undefined;
}

const rateOf = (code: TaxCode, found: Found<AmountInText>, taxes: readonly BuildingTaxRate[]): number =>
  statedRate(found.labelText) ?? taxes.find((t) => t.id === code)?.rate ?? taxRatePresets[code];

const taxMatches = (amount: Cents, base: Cents | null, rate: number) =>
  base !== null && base > 0 && Math.abs(amount - taxOn(base, rate)) <= 1;

interface TaxReading {
  code: TaxCode;
  found: Found<AmountInText>;
  all: Found<AmountInText>[];
}

function readAmounts(r: Readings, lines: readonly Line[], taxes: readonly BuildingTaxRate[]) {
  const nonZero = (kind: LabelKind) => (r.amountsBy.get(kind) ?? []).filter((f) => f.value.amount > 0);
  const subtotalFound = nonZero('subtotal');
  const subtotal =
    largest(subtotalFound.filter((f) => !f.below).map((f) => f.value)) ??
    largest(subtotalFound.map((f) => f.value));

  const taxReadings: TaxReading[] = [];
  for (const kind of ['GST', 'QST', 'HST', 'PST'] as const) {
    const all = nonZero(kind);
    const code = taxCodeOf(kind, all, taxes);
    const last = all.at(-1);
    if (code && last && !taxReadings.some((t) => t.code === code))
      taxReadings.push({ code, found: last, all });
  }
  const taxSum = (readings: readonly TaxReading[]) =>
    readings.reduce((sum, t) => sum + t.found.value.amount, 0);

  // The total, before its cross-check.
  const totals = nonZero('total');
  const sameLine = totals.filter((f) => !f.below).map((f) => f.value);
  const everyAmount = lines.flatMap((line) => line.amounts).filter((a) => a.amount > 0);
  const computed = subtotal && taxReadings.length > 0 ? subtotal.amount + taxSum(taxReadings) : null;
  const candidates: [AmountInText | undefined, ReadingConfidence][] = [
    [largest(sameLine), new Set(sameLine.map((a) => a.amount)).size === 1 ? 'high' : 'medium'],
    [largest(totals.map((f) => f.value)), 'medium'],
    [largest(nonZero('balance').map((f) => f.value)), 'medium'],
    [everyAmount.find((a) => a.amount === computed), 'medium'],
    [largest(everyAmount), 'low'],
  ];
  const [chosenAmount, chosenConfidence] = candidates.find(([amount]) => amount) ?? [undefined, 'low'];
  const chosen = chosenAmount ? { amount: chosenAmount, confidence: chosenConfidence } : null;

  // Cross-checks: the base of the taxes, then each tax, then the total.
  const base = subtotal ? subtotal.amount : chosen ? cents(chosen.amount.amount - taxSum(taxReadings)) : null;
  const readTaxes = taxReadings.map(({ code, found, all }) => {
    const confirmed = [...all]
      .reverse()
      .find((f) => taxMatches(f.value.amount, base, rateOf(code, f, taxes)));
    return {
      code,
      amount: (confirmed ?? found).value.amount,
      confidence: (confirmed ? 'high' : 'medium') as ReadingConfidence,
    };
  });
  const taxesTotal = readTaxes.reduce((sum, t) => sum + t.amount, 0);
  let totalReading: Reading<Cents> = null;
  if (chosen) {
    const confirmed =
      (subtotal !== undefined && subtotal.amount + taxesTotal === chosen.amount.amount) ||
      (readTaxes.length > 0 && readTaxes.every((t) => t.confidence === 'high') && !subtotal);
    totalReading = { value: chosen.amount.amount, confidence: confirmed ? 'high' : chosen.confidence };
  }
  return { total: totalReading, taxes: readTaxes };
}

// ---------------------------------------------------------------- supplier

const legalWords = new Set([
  'inc', 'incorporated', 'incorporee', 'ltee', 'limitee', 'ltd', 'limited', 'enr', 'senc', 'sencrl',
  'llc', 'corp', 'corporation', 'cie', 'co', 'lp', 'sec', 'srl',
]); // prettier-ignore
const minorWords = new Set([
  'de', 'des', 'du', 'la', 'le', 'les', 'et', 'en', 'au', 'aux', 'pour', 'the', 'and', 'of', 'for',
]); // prettier-ignore

const wordsOf = (text: string): string[] =>
  fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** A supplier's name as words, without a trailing legal form ("Déneigement Nord inc." → deneigement nord). */
function nameWords(name: string): string[] {
  const words = wordsOf(name);
  while (words.length > 1 && legalWords.has(words.at(-1) ?? '')) words.pop();
  return words;
}

function readSupplier(text: string, suppliers: InvoiceReadingInput['suppliers']): Reading<string> {
  const words = wordsOf(text);
  const positions = new Map<string, number[]>();
  words.forEach((word, i) => {
    const at = positions.get(word);
    if (at) at.push(i);
    else positions.set(word, [i]);
  });
  const scored = suppliers.map((supplier) => {
    const name = nameWords(supplier.name);
    const whole =
      name.length > 0 &&
      (positions.get(name[0] ?? '') ?? []).some((at) => name.every((word, k) => words[at + k] === word));
    const significant = name.filter((w) => w.length >= 3 && !minorWords.has(w) && !legalWords.has(w));
    const present = significant.filter((w) => positions.has(w)).length;
    return {
      uuid: supplier.uuid,
      whole,
      length: name.length,
      partial: significant.length > 0 && present * 2 > significant.length ? present : 0,
    };
  });
  const best = (
    candidates: typeof scored,
    score: (s: (typeof scored)[number]) => number,
    confidence: ReadingConfidence,
  ): Reading<string> => {
    const top = Math.max(...candidates.map(score));
    const winners = candidates.filter((s) => score(s) === top);
    const [first] = winners;
    if (!first) return null;
    return { value: first.uuid, confidence: winners.length === 1 ? confidence : 'low' };
  };
  const whole = scored.filter((s) => s.whole);
  if (whole.length > 0) return best(whole, (s) => s.length, 'high');
  const partial = scored.filter((s) => s.partial > 0);
  return partial.length > 0 ? best(partial, (s) => s.partial, 'medium') : null;
}

// ---------------------------------------------------------------- the reading

/** French cues outnumber English ones: numeric dates are read day first. */
function readsDayFirst(folded: string): boolean {
  const count = (pattern: RegExp) => folded.match(pattern)?.length ?? 0;
  const french = count(
    /(?<!\p{L})(?:facture|tps|tvq|montant|payer|echeance|numero|merci|sous-total)(?!\p{L})/gu,
  );
  const english = count(/(?<!\p{L})(?:invoice|gst|qst|amount|subtotal|due|bill|thank)(?!\p{L})/gu);
  return french >= english;
}

/** What an invoice's text says of its supplier, number, date, total and taxes (rules above). */
export function readInvoice(input: InvoiceReadingInput): InvoiceReading {
  const text = input.text.slice(0, maxReadTextLength);
  const folded = fold(text);
  const dayFirst = readsDayFirst(folded);
  // Folding keeps every character in place, so both split into the same lines.
  const foldedLines = folded.split(/\r\n|\r|\n/);
  const lines: Line[] = text.split(/\r\n|\r|\n/).map((original, n) => {
    const lineFolded = foldedLines[n] ?? '';
    return {
      original,
      folded: lineFolded,
      labels: labelsOf(lineFolded),
      amounts: amountsOf(lineFolded, original),
      dates: datesOf(lineFolded, dayFirst),
    };
  });
  const readings = readLines(lines);
  const { total, taxes } = readAmounts(readings, lines, input.taxes ?? []);
  return {
    supplierUuid: readSupplier(text, input.suppliers),
    number: readNumber(readings),
    date: readDate(readings, lines),
    total,
    taxes,
  };
}
