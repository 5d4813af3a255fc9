import { describe, expect, it } from 'vitest';
import { accountDisplayName } from './account-names';

const record = (name: string | null, systemKey: string | null = null, number: string | null = null) => ({
  name,
  systemKey,
  number,
});

describe('account names beside postings', () => {
  it('names a unit by its number in the reader language', () => {
    const unit = { aid: 9, kind: 'unit', record: record(null, null, '101') };
    expect(accountDisplayName(unit, 'en')).toBe('Unit 101');
    expect(accountDisplayName(unit, 'fr')).toBe('Unité 101');
  });

  it('reads a seeded category or bank in the reader language until the admin renames it', () => {
    const seeded = { aid: 9, kind: 'category', record: record('Charges communes', 'condoFees') };
    expect(accountDisplayName(seeded, 'en')).toBe('Condo fees');
    expect(accountDisplayName(seeded, 'fr')).toBe('Charges communes');
    const bank = { aid: 3, kind: 'bank', record: record('Operating account', 'operating') };
    expect(accountDisplayName(bank, 'fr')).toBe('Compte d’exploitation');
    const renamed = { aid: 9, kind: 'category', record: record('Frais de condo', 'condoFees') };
    expect(accountDisplayName(renamed, 'en')).toBe('Frais de condo');
    const supplier = { aid: 20, kind: 'supplier', record: record('Hydro-Québec') };
    expect(accountDisplayName(supplier, 'en')).toBe('Hydro-Québec');
  });

  it('falls back to the number when the year does not name the account', () => {
    expect(accountDisplayName({ aid: 9, kind: 'category', record: null }, 'fr')).toBe('Compte 9');
    expect(accountDisplayName({ aid: 9, kind: 'supplier', record: record('') }, 'en')).toBe('Account 9');
  });
});
