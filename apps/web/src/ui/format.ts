import { localeOf, type Language } from '@copro/domain';

export function formatDate(value: string, language: Language): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'long' }).format(new Date(value));
}

export function formatDateTime(value: string, language: Language): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(value),
  );
}

/** Integer cents in the building's currency: "1 234,50 $" in French, "$1,234.50" in English. */
export function formatMoney(cents: number, currency: string, language: Language): string {
  return new Intl.NumberFormat(localeOf(language), { style: 'currency', currency }).format(cents / 100);
}

/** Case- and accent-insensitive text for searching ("Éléna" matches "elena"). */
export const searchable = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
