import { localeOf, type Language } from './locale';

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
export function parseCents(text: string): number | null {
  const parts = decimalParts(text, 2);
  if (!parts) return null;
  const cents = Number(parts.whole || '0') * 100 + Number(parts.decimals.padEnd(2, '0'));
  return parts.sign * cents;
}

/** 123450 → "1234.50" (or "1234,50" in French): no grouping, so the text parses back unchanged. */
export function formatCents(cents: number, language: Language): string {
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}${dollars}${separator(language)}${rest}`;
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
export function formatMoney(cents: number, currency: string, language: Language): string {
  const key = `${language}:${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(localeOf(language), { style: 'currency', currency });
    moneyFormats.set(key, format);
  }
  return format.format(cents / 100);
}
