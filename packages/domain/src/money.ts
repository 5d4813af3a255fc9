import type { z } from 'zod';
import { localeOf, type Language } from './locale';

/**
 * An amount of money: an integer number of minor units (cents for CAD), never a float. The brand is
 * zod's own, so `centsSchema` outputs exactly this type and every money field of a response is
 * `Cents` on the web; a plain number becomes `Cents` only through `cents` (or a schema).
 */
export type Cents = number & z.$brand<'Cents'>;

/** A number as money; throws when it is not a safe integer (a float or an overflow is a bug). */
export function cents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not an amount in cents: ${value}`);
  return value as Cents;
}

/** No money. */
export const zeroCents: Cents = cents(0);

/** The sum of amounts, checked: a total beyond the safe integers throws rather than rounds. */
export function sumCents(values: Iterable<Cents>): Cents {
  let total = 0;
  for (const value of values) total += value;
  return cents(total);
}

/** a + b (… + more), checked like `sumCents`. */
export function addCents(a: Cents, ...more: Cents[]): Cents {
  return sumCents([a, ...more]);
}

/** a − b, checked. */
export function subtractCents(a: Cents, b: Cents): Cents {
  return cents(a - b);
}

/** −a: a debit seen as a credit. `0` stays `0`, never `-0`. */
export function negateCents(a: Cents): Cents {
  return cents(a === 0 ? 0 : -a);
}

/**
 * Exact conversions between what people type and what the API stores, done on the digits rather
 * than with float arithmetic (0.1 + 0.2 never reaches the ledger). French users type a comma,
 * English users a dot; spaces and a dollar sign are ignored.
 */
function decimalParts(
  text: string,
  maxDecimals: number,
): { sign: 1 | -1; whole: string; decimals: string } | null {
  const compact = text.replace(/[\s\u00a0\u202f$%]/g, '').replace(',', '.');
  const match = new RegExp(`^(-?)(\\d{0,13})(?:\\.(\\d{0,${maxDecimals}}))?$`).exec(compact);
  if (!match) return null;
  const whole = match[2] ?? '';
  const decimals = match[3] ?? '';
  if (whole === '' && decimals === '') return null;
  return { sign: match[1] === '-' ? -1 : 1, whole, decimals };
}

const separator = (language: Language): string => (language === 'fr' ? ',' : '.');

/** "1 234,5" → 123450 cents; null when the text is not an amount with at most 2 decimals. */
export function parseCents(text: string): Cents | null {
  const parts = decimalParts(text, 2);
  if (!parts) return null;
  const amount = Number(parts.whole || '0') * 100 + Number(parts.decimals.padEnd(2, '0'));
  return cents(parts.sign * amount || 0);
}

/** 123450 → "1234.50" (or "1234,50" in French): no grouping, so the text parses back unchanged. */
export function formatCents(amount: number, language: Language): string {
  const abs = Math.abs(amount);
  const dollars = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, '0');
  return `${amount < 0 ? '-' : ''}${dollars}${separator(language)}${rest}`;
}

/** "14,975" (percent) → 0.14975: the decimal point moves two digits left in the text itself. */
export function parsePercent(text: string): number | null {
  const parts = decimalParts(text, 8);
  if (!parts) return null;
  const whole = parts.whole.padStart(3, '0');
  return parts.sign * Number(`${whole.slice(0, -2)}.${whole.slice(-2)}${parts.decimals}`);
}

/** 0.14975 → "14.975" (or "14,975"); rounding to 8 decimals drops the float noise of × 100. */
export function formatPercent(rate: number, language: Language): string {
  return String(Number((rate * 100).toFixed(8))).replace('.', separator(language));
}

/** A whole number as typed, or null. */
export function parseWholeNumber(text: string): number | null {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '');
  return /^-?\d{1,9}$/.test(compact) ? Number(compact) : null;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * The one currency formatter, for pages, documents and mails alike: integer cents in the building's
 * currency as the reader writes money, "$1,234.56" in English and "1 234,56 $" in French.
 */
export function formatMoney(amount: number, currency: string, language: Language): string {
  const key = `${language}:${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(localeOf(language), { style: 'currency', currency });
    moneyFormats.set(key, format);
  }
  return format.format(amount / 100);
}
