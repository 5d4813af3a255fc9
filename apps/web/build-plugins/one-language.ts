import type { Plugin } from 'vite';

/**
 * The domain's `i18n/index.ts` holds both languages' catalogs, as the server needs them. The web
 * shows one language at a time: its build answers every import of that file with the web's own
 * (`src/app/catalogs.ts`, the same API over the catalogs it has fetched), so the entry holds
 * neither catalog and a visitor fetches only the language shown.
 */
export function oneLanguageAtATime(files: { domainCatalogs: string; webCatalogs: string }): Plugin {
  return {
    name: 'copro-one-language-at-a-time',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !source.includes('i18n')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === files.domainCatalogs ? files.webCatalogs : null;
    },
  };
}
