export const locales = ['en-CA', 'fr-CA'] as const;
export type Locale = (typeof locales)[number];
export type Language = 'en' | 'fr';

/** SPEC 5: the language is French when the locale starts with "fr", English otherwise. */
export function languageOf(locale: string | null | undefined): Language {
  return locale?.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

/** The user's own setting wins; else the first language the browser asks for. */
export function resolveLanguage(
  userLocale: string | null | undefined,
  acceptLanguage?: string | null,
): Language {
  if (userLocale) return languageOf(userLocale);
  const first = acceptLanguage?.split(',')[0]?.trim();
  return languageOf(first);
}

export const localeOf = (language: Language): Locale => (language === 'fr' ? 'fr-CA' : 'en-CA');
