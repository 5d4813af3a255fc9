import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { languageOf, type Language } from '@copro/domain';
import { loadCatalog } from './catalogs';

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

/**
 * i18next with the first language's catalog, the only one fetched (the other comes on a switch).
 * The app is drawn once this is done (main.tsx), never before: a French page never flashes English.
 */
export const i18nReady: Promise<void> = loadCatalog(initialLanguage)
  .then(
    (catalog) => ({ [initialLanguage]: { translation: catalog } }),
    // Not fetched even after reloads: the app still comes up (its error screen), with keys for texts.
    () => ({}),
  )
  .then(async (resources) => {
    await i18n.use(initReactI18next).init({
      resources,
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
  });

export const currentLanguage = (): Language => languageOf(i18n.language);

/** The language last asked for: a switch still fetching its catalog gives way to a later one. */
let wanted: Language = initialLanguage;

/** Shows the app in `language` once its catalog is here; until then the page keeps its language. */
export async function setLanguage(language: Language): Promise<void> {
  wanted = language;
  await i18nReady;
  if (languageOf(i18n.language) === language) return;
  const catalog = await loadCatalog(language);
  if (wanted !== language) return;
  if (!i18n.hasResourceBundle(language, 'translation'))
    i18n.addResourceBundle(language, 'translation', catalog);
  await i18n.changeLanguage(language);
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
