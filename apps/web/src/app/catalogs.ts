import type { Language } from '@copro/domain';
import {
  buildCatalog,
  flattenKeys,
  lookup,
  translateIn,
  type CatalogTree,
} from '@copro/domain/i18n/catalog-tree';
import { loadChunk } from './chunk-reload';

/**
 * The web's side of the domain's catalogs (`packages/domain/src/i18n`): the same files, but only
 * the shown language's are fetched, when first needed. The web build answers the domain's imports
 * of `i18n/index.ts` with this file (vite.config.ts), so the domain's own `translate` (transaction
 * descriptions, account names) reads what is loaded here; the build groups each language's files
 * into one chunk. `catalogs.test.ts` checks that this gives the server's catalogs exactly.
 */
const files = import.meta.glob<object>('./**/*.json', {
  base: '../../../../packages/domain/src/i18n',
  import: 'default',
});

/** A language's files: its main catalog, then its parts in path order. */
function filesOf(language: Language): (() => Promise<object>)[] {
  const paths = Object.keys(files);
  const base = paths.filter((p) => p === `./${language}.json`);
  const parts = paths.filter((p) => p.endsWith(`.${language}.json`)).sort();
  return [...base, ...parts].map((p) => files[p]!);
}

const loaded: Partial<Record<Language, CatalogTree>> = {};
const loading = new Map<Language, Promise<CatalogTree>>();

/** The catalog of `language`, fetched once; a failed fetch may be tried again. */
export function loadCatalog(language: Language): Promise<CatalogTree> {
  const pending =
    loading.get(language) ??
    loadChunk(() => Promise.all(filesOf(language).map((load) => load()))).then(([base = {}, ...parts]) => {
      const catalog = buildCatalog(base, parts);
      loaded[language] = catalog;
      return catalog;
    });
  if (!loading.has(language)) {
    loading.set(language, pending);
    pending.catch(() => loading.delete(language));
  }
  return pending;
}

export const loadedCatalog = (language: Language): CatalogTree | undefined => loaded[language];

export { flattenKeys };

/** As the domain's: in `language` if loaded, else English if loaded, else the key. */
export function translate(
  language: Language,
  key: string,
  params: Record<string, string | number> = {},
): string {
  return translateIn(loaded, language, key, params);
}

export const hasKey = (language: Language, key: string): boolean =>
  lookup(loaded[language], key) !== undefined;
