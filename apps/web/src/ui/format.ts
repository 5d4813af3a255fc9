import { localeOf, type Language } from '@copro/domain';

export function formatDate(value: string, language: Language): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'long' }).format(new Date(value));
}

export function formatDateTime(value: string, language: Language): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(value),
  );
}

/** Case- and accent-insensitive text for searching ("Éléna" matches "elena"). */
export const searchable = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
