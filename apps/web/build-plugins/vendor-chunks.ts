/** Each language's catalog files (main catalog and parts): one chunk per language. */
const catalogFile = /\/packages\/domain\/src\/i18n\/(?:.+[./])?(en|fr)\.json$/;

/**
 * Libraries every page runs, whole, by how they change together. Each is a long-lived chunk of
 * its own: a release of our code leaves them cached.
 */
const libraries: [RegExp, string][] = [
  [/\/node_modules\/(react|react-dom|scheduler)\//, 'react'],
  [
    /\/node_modules\/@tanstack\/(react-router|router-core|history|store|react-store|react-query|query-core)\//,
    'tanstack',
  ],
  [/\/node_modules\/zod\//, 'zod'],
  [/\/node_modules\/(i18next|react-i18next)\//, 'i18next'],
];

/**
 * Rollup's `manualChunks`. Component libraries (Mantine, its positioning and scroll helpers, the
 * icons, the virtual lists) are left to Rollup: it keeps with the entry only the components the
 * first page draws, and puts the others with the pages that use them, so the sign-in page does
 * not load the ledger's tables. One chunk here would hold every component any page uses.
 */
export function vendorChunk(id: string): string | undefined {
  const language = catalogFile.exec(id)?.[1];
  if (language) return `catalog-${language}`;
  return libraries.find(([pattern]) => pattern.test(id))?.[1];
}
