import type { Rollup } from 'vite';

/** Each language's catalog files (main catalog and parts): one chunk per language. */
const catalogFile = /\/packages\/domain\/src\/i18n\/(?:.+[./])?(en|fr)\.json$/;

/** Libraries by how they change together; the rest (Mantine and what it builds on) is 'ui'. */
const libraries: [RegExp, string][] = [
  [/\/node_modules\/(react|react-dom|scheduler)\//, 'react'],
  [/\/node_modules\/@tanstack\/(react-router|router-core|history|store|react-store|react-query|query-core)\//, 'tanstack'],
  [/\/node_modules\/zod\//, 'zod'],
  [/\/node_modules\/(i18next|react-i18next)\//, 'i18next'],
];

/** The modules the first page needs whatever it is: what the entry imports, statically, to the end. */
function firstLoad(meta: Rollup.ManualChunkMeta): Set<string> {
  const seen = new Set<string>();
  const queue = [...meta.getModuleIds()].filter((id) => meta.getModuleInfo(id)?.isEntry);
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(meta.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

let computed: { for: Rollup.ManualChunkMeta['getModuleInfo']; ids: Set<string> } | null = null;

/**
 * Libraries the first page loads go to long-lived chunks of their own (a release of our code
 * leaves them cached). Library code only some pages use stays out of them: Rollup puts it with
 * those pages' chunks, so the sign-in page does not load what the ledger's tables need.
 */
export function vendorChunk(id: string, meta: Rollup.ManualChunkMeta): string | undefined {
  const language = catalogFile.exec(id)?.[1];
  if (language) return `catalog-${language}`;
  if (!id.includes('/node_modules/')) return undefined;
  if (computed?.for !== meta.getModuleInfo) computed = { for: meta.getModuleInfo, ids: firstLoad(meta) };
  if (!computed.ids.has(id)) return undefined;
  return libraries.find(([pattern]) => pattern.test(id))?.[1];
}
