import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { catalogs, languageOf, type Language } from '@copro/domain';

const storageKey = 'copro.language';

function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(storageKey);
    return value === 'en' || value === 'fr' ? value : null;
  } catch {
    return null; // storage can be blocked (privacy modes): fall back to the browser's language
  }
}

/** Before we know who is signed in: the last explicit choice on this device, else the browser's language. */
const initialLanguage: Language = storedLanguage() ?? languageOf(navigator.language);

void i18n.use(initReactI18next).init({
  resources: { en: { translation: catalogs.en }, fr: { translation: catalogs.fr } },
  lng: initialLanguage,
  fallbackLng: 'en',
  // React already escapes what it renders.
  interpolation: { escapeValue: false },
  returnNull: false,
  // No vendor message in the browser console.
  showSupportNotice: false,
});

document.documentElement.lang = initialLanguage;
i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

export const currentLanguage = (): Language => languageOf(i18n.language);

export function setLanguage(language: Language): void {
  if (languageOf(i18n.language) !== language) void i18n.changeLanguage(language);
}

/** Remembers an explicit choice made with the language switch, for the next anonymous visit. */
export function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(storageKey, language);
  } catch {
    // Not remembered: the choice still applies to this page.
  }
}

export { i18n };
