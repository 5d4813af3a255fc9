import { describe, expect, it } from 'vitest';
import { liveReach } from './live-events';
import type { BuildingPolicy, BuildingRole } from './permissions';

const policy = (ownersFinancesAccess: BuildingPolicy['ownersFinancesAccess']): BuildingPolicy => ({
  ownersFinancesAccess,
  selfServiceEditAccess: 'none',
});
const reach = (
  collection: string,
  role: BuildingRole,
  owners: BuildingPolicy['ownersFinancesAccess'] = 'none',
) => liveReach(collection, { role, banned: false }, policy(owners));

describe('liveReach', () => {
  it("gives each role the collections its routes read, and an owner's units without ids", () => {
    expect(reach('users', 'admin')).toBe('all');
    expect(reach('users', 'owner')).toBe('none');
    expect(reach('users', 'handler')).toBe('none');
    expect(reach('checks', 'accountant')).toBe('all');
    expect(reach('checks', 'owner', 'all')).toBe('none');
    expect(reach('units', 'handler')).toBe('all');
    expect(reach('units', 'owner')).toBe('own');
    expect(reach('units', 'resident')).toBe('none');
    expect(reach('people', 'resident')).toBe('all');
    expect(reach('building', 'resident')).toBe('all');
  });

  it("follows the building's policy for an owner's view of the ledger", () => {
    expect(reach('transactions', 'owner', 'none')).toBe('none');
    expect(reach('transactions', 'owner', 'self')).toBe('own');
    expect(reach('transactions', 'owner', 'all')).toBe('all');
    expect(reach('transactions', 'resident', 'all')).toBe('none');
  });

  it('keeps reads through a ban, and reaches nobody with a collection no route reads', () => {
    expect(liveReach('checks', { role: 'admin', banned: true }, policy('none'))).toBe('all');
    expect(liveReach('secrets', { role: 'admin', banned: false }, policy('all'))).toBe('none');
    expect(liveReach('users', { role: null, banned: false }, policy('all'))).toBe('none');
  });
});
