import { describe, expect, it } from 'vitest';
import { cents, type PersonDirectoryView, type PersonView, type UnitView } from '@copro/domain';
import {
  holders,
  isOwnerOrProxy,
  ownerNames,
  peopleIndex,
  unitFilters,
  unitSearchText,
  unitSorts,
} from './unit-list';

const meta = {
  fiscalYear: '2026-01-01',
  archived: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const personOf = (uuid: string, firstName: string, lastName: string, email: string): PersonView => ({
  ...meta,
  uuid,
  firstName,
  lastName,
  emails: [email],
  phones: [],
  address: {},
  emergencyContact: {},
  sharesEmails: false,
  sharesPhones: false,
  units: [],
});
const owner = personOf('p-1', 'Éléna', 'Côté', 'elena@example.net');
const proxy = personOf('p-2', 'Rémi', 'Résident', 'resident@example.com');
const people = peopleIndex([owner, proxy]);
/** Someone as the directory shows them to owners and residents: no email unless shared. */
const neighbour: PersonDirectoryView = { ...meta, uuid: 'p-3', firstName: 'Léa', lastName: 'Roy', units: [] };

const unitOf = (uuid: string, number: string, overrides: Partial<UnitView> = {}): UnitView => ({
  ...meta,
  uuid,
  number,
  voteShare: 0.1,
  owners: [],
  residents: [],
  proxies: [],
  parkings: [],
  lockers: [],
  automaticPayment: false,
  noMonthlyFees: false,
  insurance: {},
  waterHeater: {},
  aid: 1,
  ownersEmails: [],
  ownerNames: [],
  monthlyContributions: cents(0),
  insuranceProof: null,
  parkingNumbers: [],
  lockerNumbers: [],
  ...overrides,
});

const insured = {
  insurance: { provider: 'X', endDate: '2027-06-01' },
  insuranceProof: { fileName: 'a.pdf', size: 1, uploadedAt: '2026-01-01T00:00:00.000Z' },
};
const a = unitOf('u-1', '101', {
  floor: '1',
  owners: [{ personUuid: owner.uuid }],
  ownersEmails: ['elena@example.net'],
  proxies: [{ personUuid: proxy.uuid }],
  parkings: ['pk-1'],
  ...insured,
});
const b = unitOf('u-2', '20', { floor: '10', voteShare: 0.3 });
const c = unitOf('u-3', '9', { floor: '2', parkings: ['pk-2'], archived: true, ...insured });

const sortBy = (key: string) => {
  const sort = unitSorts.find((s) => s.key === key);
  return [a, b, c].sort(sort?.compare).map((u) => u.number);
};

describe('unit list', () => {
  it('sorts by number as people read it, by floor, and by vote share', () => {
    expect(sortBy('number')).toEqual(['9', '20', '101']);
    expect(sortBy('floor')).toEqual(['101', '9', '20']);
    expect(sortBy('voteShare')).toEqual(['20', '9', '101']);
  });

  it('filters units without owners and units whose insurance needs attention, for managers', () => {
    const [noOwner, insurance] = unitFilters('2026-05-01', true);
    expect([a, b, c].filter((u) => noOwner?.test(u)).map((u) => u.number)).toEqual(['20', '9']);
    expect([a, b, c].filter((u) => insurance?.test(u)).map((u) => u.number)).toEqual(['20']);
    // Sixty days before the end date, the insurance is expiring.
    expect([a, b, c].filter((u) => unitFilters('2027-05-01', true)[1]?.test(u)).length).toBe(3);
  });

  it("gives owners no filter: the managers' filters are about units they do not read", () => {
    expect(unitFilters('2026-05-01', false)).toEqual([]);
  });

  it('searches the number, floor, names and emails of the linked people', () => {
    const text = unitSearchText(a, people);
    for (const part of ['101', 'Éléna Côté', 'elena@example.net', 'resident@example.com']) {
      expect(text).toContain(part);
    }
  });

  it('searches a directory entry by name, without an email it does not have', () => {
    const unit = unitOf('u-4', '404', { residents: [{ personUuid: neighbour.uuid }] });
    expect(unitSearchText(unit, peopleIndex([neighbour]))).toBe('404  Léa Roy');
  });

  it('knows the owners of a unit by their email, and its proxies by their own person records', () => {
    expect(isOwnerOrProxy(a, 'ELENA@example.net', [])).toBe(true);
    expect(isOwnerOrProxy(a, 'resident@example.com', [proxy.uuid])).toBe(true);
    expect(isOwnerOrProxy(a, 'resident@example.com', [])).toBe(false);
    expect(isOwnerOrProxy(b, 'resident@example.com', [proxy.uuid])).toBe(false);
    expect(isOwnerOrProxy(a, undefined, [])).toBe(false);
  });

  it('tells which active unit holds a parking', () => {
    const held = holders([a, b, c], 'parkings', 'u-2');
    expect(held.get('pk-1')?.number).toBe('101');
    expect(held.has('pk-2')).toBe(false);
    expect(holders([a], 'parkings', 'u-1').size).toBe(0);
  });
});

describe('owner names', () => {
  it('leaves out the former owners, whose link a sale ended', () => {
    const unit = unitOf('u-9', '901', {
      owners: [
        { personUuid: 'p-1', to: '2026-02-14' },
        { personUuid: 'p-2', from: '2026-02-15' },
      ],
    });
    expect(ownerNames(unit, people)).toEqual(['Rémi Résident']);
  });
});
