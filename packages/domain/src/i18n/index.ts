import en from './en.json';
import fr from './fr.json';
import type { Language } from '../locale';

export const catalogs = { en, fr } as const;
export type Catalog = typeof en;

/** Flattened "a.b.c" keys of a catalog: the key-parity test and the server read them. */
export function flattenKeys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    v && typeof v === 'object' ? flattenKeys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

function lookup(tree: object, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Server-side translation (mails, error messages); the web uses i18next on the same catalogs. */
export function translate(
  language: Language,
  key: string,
  params: Record<string, string | number> = {},
): string {
  const template = lookup(catalogs[language], key) ?? lookup(catalogs.en, key) ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

export const hasKey = (language: Language, key: string): boolean =>
  lookup(catalogs[language], key) !== undefined;
