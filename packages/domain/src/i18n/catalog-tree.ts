import type { Language } from '../locale';

/**
 * The catalogs' tree and lookups, apart from the catalogs themselves: the server holds both
 * languages (`./index`), the web only the one it shows, loaded when needed; both read them so.
 */
export type CatalogTree = { [key: string]: string | CatalogTree };

function merge(into: CatalogTree, part: CatalogTree): CatalogTree {
  const out: CatalogTree = { ...into };
  for (const [key, value] of Object.entries(part)) {
    const existing = out[key];
    out[key] = typeof value === 'object' && typeof existing === 'object' ? merge(existing, value) : value;
  }
  return out;
}

/** The main catalog with each part merged over it key by key, in order. */
export const buildCatalog = (base: object, parts: readonly object[]): CatalogTree =>
  parts.reduce<CatalogTree>((tree, part) => merge(tree, part as CatalogTree), base as CatalogTree);

/** Flattened "a.b.c" keys of a catalog: the key-parity test and the server read them. */
export function flattenKeys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    v && typeof v === 'object' ? flattenKeys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

export function lookup(tree: object | undefined, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** `key` in `language`, else in English, else the key itself; `{{name}}` filled from `params`. */
export function translateIn(
  catalogs: Partial<Record<Language, object>>,
  language: Language,
  key: string,
  params: Record<string, string | number> = {},
): string {
  const template = lookup(catalogs[language], key) ?? lookup(catalogs.en, key) ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
