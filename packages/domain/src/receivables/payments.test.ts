import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  electronicDepositKey,
  isTransactionIndex,
  mailLanguage,
  nextDepositNumber,
} from '../index';

describe('deposit numbers', () => {
  it('follow the highest whole number of the year, whatever else was typed by hand', () => {
    expect(nextDepositNumber([])).toBe('1');
    expect(nextDepositNumber(['1', '2', 'B-7', '10', '9'])).toBe('11');
    expect(nextDepositNumber(['2026-A'])).toBe('1');
  });
});

describe('electronic deposit keys', () => {
  it('keep what an index can hold of the reference, else the short id', () => {
    const uuid = '1f2e3d4c-0000-4000-8000-000000000000';
    expect(electronicDepositKey('INTERAC 88/12', uuid)).toBe('INTERAC-88-12');
    expect(electronicDepositKey('  Réf. été ', uuid)).toBe('Ref-ete');
    expect(electronicDepositKey('///', uuid)).toBe('1f2e3d4c');
    expect(electronicDepositKey(undefined, uuid)).toBe('1f2e3d4c');
    for (const reference of ['INTERAC 88/12', 'x'.repeat(80), '***'])
      expect(isTransactionIndex(`electronic-deposit:${electronicDepositKey(reference, uuid)}`)).toBe(true);
  });
});

describe('owner mails', () => {
  it('are in the person’s language when set, else the building’s, with amounts as that language writes them', () => {
    expect(mailLanguage('fr-CA', 'en-CA')).toBe('fr');
    expect(mailLanguage(undefined, 'fr-CA')).toBe('fr');
    expect(mailLanguage(null, 'en-CA')).toBe('en');
    expect(formatMoney(123_456, 'CAD', 'en')).toBe('$1,234.56');
    expect(formatMoney(123_456, 'CAD', 'fr')).toBe('1\u00a0234,56\u00a0$');
  });
});
