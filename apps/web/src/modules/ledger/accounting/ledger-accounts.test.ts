import { describe, expect, it } from 'vitest';
import { accountMatches, accountOptions, groupOf, type LedgerAccount } from './ledger-accounts';

const account = (
  aid: number,
  kind: LedgerAccount['kind'],
  name: string,
  parent: LedgerAccount['parent'] = null,
) => ({
  aid,
  kind,
  recordUuid: `uuid-${aid}`,
  collection: null,
  name,
  parent,
});

const accounts: LedgerAccount[] = [
  account(25, 'category', 'Frais bancaires', 'expenses'),
  account(13, 'category', 'Revenus d’intérêts', 'revenues'),
  account(40, 'unit', '10'),
  account(41, 'unit', '9'),
  account(27, 'bank', 'Compte d’exploitation'),
  account(50, 'supplier', 'Hydro-Québec'),
  account(1, 'category', 'Autres débiteurs', 'accounts-receivable'),
];

describe('groupOf', () => {
  it('puts banks, units and suppliers in their own groups and categories under their parent', () => {
    expect(accounts.map(groupOf)).toEqual([
      'expenses',
      'revenues',
      'units',
      'units',
      'banks',
      'suppliers',
      'accounts-receivable',
    ]);
  });

  it('calls an account the registry no longer names "other"', () => {
    expect(groupOf(null)).toBe('other');
    expect(groupOf({ kind: 'category', parent: null })).toBe('other');
  });
});

describe('accountOptions', () => {
  const options = accountOptions(accounts, {
    group: (group) => group.toUpperCase(),
    account: (a) => (a.kind === 'unit' ? `Unit ${a.name}` : a.name),
  });

  it('groups in balance-sheet order, then revenues and expenses', () => {
    expect(options.map((o) => o.group)).toEqual([
      'BANKS',
      'UNITS',
      'ACCOUNTS-RECEIVABLE',
      'SUPPLIERS',
      'REVENUES',
      'EXPENSES',
    ]);
  });

  it('sorts units by number as people read them and holds the aid as the value', () => {
    expect(options[1]?.items).toEqual([
      { value: '41', label: 'Unit 9' },
      { value: '40', label: 'Unit 10' },
    ]);
  });
});

describe('accountMatches', () => {
  const option = { value: '250', label: 'Frais bancaires' };

  it('finds an account by name whatever the case and accents', () => {
    expect(accountMatches(option, 'BANC')).toBe(true);
    expect(accountMatches({ value: '13', label: 'Revenus d’intérêts' }, 'interets')).toBe(true);
  });

  it('finds an account by the start of its number', () => {
    expect(accountMatches(option, '25')).toBe(true);
    expect(accountMatches(option, '50')).toBe(false);
  });

  it('keeps every account for an empty search', () => {
    expect(accountMatches(option, '  ')).toBe(true);
  });
});
