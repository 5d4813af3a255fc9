import { localeOf, type Language } from '@copro/domain';

/**
 * A calendar date (YYYY-MM-DD) names a day, not an instant: read as UTC midnight it would show the
 * day before anywhere west of Greenwich, so it is read in the user's own time zone.
 */
const dateOf = (value: string): Date => {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
};

export function formatDate(value: string, language: Language): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'long' }).format(dateOf(value));
}

export function formatDateTime(value: string, language: Language): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(value),
  );
}

/** Months are said as the domain says them in descriptions: one formatter for pages and texts. */
export { formatMonth } from '@copro/domain';

/** Money is formatted by the domain's one currency formatter, the same for pages, PDFs and mails. */
export { formatMoney } from '@copro/domain';

/**
 * A share or a rate (a fraction of 1) as a percentage, written the way the language writes it:
 * "5%" and "2.44%" in English, "5 %" and "2,44 %" in French. Up to 6 decimals by default: a vote
 * share is kept to 8 digits (SPEC 9), 6 of them after the percentage's point.
 */
export function formatPercentage(rate: number, language: Language, maximumFractionDigits = 6): string {
  return new Intl.NumberFormat(localeOf(language), { style: 'percent', maximumFractionDigits }).format(rate);
}

/** The domain's search folding, where the web's lists have always imported it. */
export { searchable } from '@copro/domain';
