import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorCodes } from '../errors';
import enBase from './en.json';
import frBase from './fr.json';
import { catalogParts, catalogs, flattenKeys, hasKey, translate } from './index';

const root = path.resolve(import.meta.dirname, '../../../..');
const sourceDirs = ['packages/domain/src', 'apps/server/src', 'apps/web/src'];

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Sections whose keys the server and schemas name as plain strings (error and message keys). */
const messageSections = ['validation', 'errors', 'auth', 'invitations', 'mail'];

/**
 * Keys the code names literally: t('a.b') anywhere, and quoted strings in the message sections.
 * Keys built at run time (`roles.${role}`) are checked by their own tests.
 */
function usedKeys(): Map<string, string> {
  const used = new Map<string, string>();
  const patterns = [
    /\bt\(\s*['"`]([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+)['"`]/g,
    new RegExp(`['"\`]((?:${messageSections.join('|')})(?:\\.[A-Za-z0-9]+)+)['"\`]`, 'g'),
  ];
  for (const file of sourceDirs.flatMap((d) => sourceFiles(path.join(root, d)))) {
    const text = fs.readFileSync(file, 'utf8');
    for (const pattern of patterns) {
      for (const match of text.matchAll(pattern)) used.set(match[1] ?? '', path.relative(root, file));
    }
  }
  return used;
}

/**
 * A key names a message, a group of them that the code completes (mail.reset → mail.reset.subject),
 * or the plural forms i18next picks from a count (x.count → x.count_one, x.count_other).
 */
const exists = (key: string): boolean =>
  hasKey('en', key) ||
  flattenKeys(catalogs.en).some((k) => k.startsWith(`${key}.`)) ||
  (hasKey('en', `${key}_one`) && hasKey('en', `${key}_other`));

describe('i18n catalogs', () => {
  it('English and French have exactly the same keys', () => {
    const en = new Set(flattenKeys(catalogs.en));
    const fr = new Set(flattenKeys(catalogs.fr));
    expect([...en].filter((k) => !fr.has(k))).toEqual([]);
    expect([...fr].filter((k) => !en.has(k))).toEqual([]);
  });

  it('no French entry is left empty or in English by copy', () => {
    const same = flattenKeys(catalogs.en).filter((k) => {
      const en = translate('en', k);
      const fr = translate('fr', k);
      return fr.trim() === '' || (en === fr && en.split(' ').length > 3);
    });
    expect(same).toEqual([]);
  });

  it('no catalog part repeats a key of the main catalog or of another part', () => {
    for (const [language, base] of [
      ['en', enBase],
      ['fr', frBase],
    ] as const) {
      const all = [base, ...catalogParts[language]].flatMap((tree) => flattenKeys(tree));
      expect(all.filter((key, i) => all.indexOf(key) !== i)).toEqual([]);
    }
  });

  it('every error code maps to a key present in both catalogs', () => {
    for (const { key } of Object.values(errorCodes)) {
      expect(hasKey('en', key), key).toBe(true);
      expect(hasKey('fr', key), key).toBe(true);
    }
  });

  it('every key the code uses exists', () => {
    const missing = [...usedKeys()].filter(([key]) => !exists(key)).map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });

  it('interpolates parameters', () => {
    expect(translate('fr', 'validation.tooLong', { max: 80 })).toBe('Doit contenir au plus 80 caractères');
    expect(translate('en', 'validation.required')).toBe('Required field missing');
  });
});
