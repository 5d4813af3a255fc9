import { describe, expect, it } from 'vitest';
import { bankKey, periodImportsKey, periodLinesKey, reconciliationKey } from './query-keys';

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]): boolean =>
  prefix.every((part, i) => key[i] === part);

describe('reconciliation query keys', () => {
  const lines = periodLinesKey('ref', 'bank', 'period');
  const imports = periodImportsKey('ref', 'bank', 'period');

  it('keep a period’s tick list and its imports apart: a tick updates the lists by their prefix', () => {
    expect(startsWith(imports, lines)).toBe(false);
    expect(startsWith([...lines, { show: 'all', page: 1 }], lines)).toBe(true);
  });

  it('sit under the bank and the building, so a write reads them all again', () => {
    for (const key of [lines, imports]) {
      expect(startsWith(key, bankKey('ref', 'bank'))).toBe(true);
      expect(startsWith(key, reconciliationKey('ref'))).toBe(true);
    }
    expect(reconciliationKey('ref')).toEqual(['building', 'ref', 'reconciliation']);
  });
});
