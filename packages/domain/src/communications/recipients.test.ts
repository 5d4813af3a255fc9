import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  postRecipientValuesSchema,
  resolveRecipients,
  type RecipientsInput,
  type RecipientValue,
} from './recipients';

const date = '2026-06-15';
const people = ['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7'];
const personUuid = fc.constantFrom(...people);
const linkDate = fc.constantFrom(undefined, '2026-01-01', '2026-06-15', '2026-12-31');
const link = fc
  .record({ personUuid, from: linkDate, to: linkDate }, { requiredKeys: ['personUuid'] })
  .map((l) => ({
    personUuid: l.personUuid,
    ...(l.from ? { from: l.from } : {}),
    ...(l.to ? { to: l.to } : {}),
  }));

const input: fc.Arbitrary<RecipientsInput> = fc
  .array(
    fc.record({
      floor: fc.constantFrom(undefined, '1', '2'),
      owners: fc.array(link, { maxLength: 2 }),
      residents: fc.array(link, { maxLength: 2 }),
      proxies: fc.array(link, { maxLength: 1 }),
      hasLocker: fc.boolean(),
      hasParking: fc.boolean(),
    }),
    { maxLength: 5 },
  )
  .chain((units) =>
    fc
      .array(fc.record({ personUuid: fc.option(personUuid, { nil: undefined }), unit: fc.nat(5) }), {
        maxLength: 3,
      })
      .map((parkings) => ({
        date,
        buildingLocale: 'fr-CA',
        units: units.map((u, i) => ({
          uuid: `u${i}`,
          number: String(101 + i),
          ...(u.floor ? { floor: u.floor } : {}),
          owners: u.owners,
          residents: u.residents,
          proxies: u.proxies,
          parkings: u.hasParking ? [`k${i}`] : [],
          lockers: u.hasLocker ? [`l${i}`] : [],
        })),
        parkings: parkings.map((p, i) => ({
          uuid: `pk${i}`,
          renter: {
            ...(p.personUuid ? { personUuid: p.personUuid } : {}),
            ...(p.unit < units.length ? { unitUuid: `u${p.unit}` } : {}),
          },
        })),
        people: people.map((uuid, i) => ({
          uuid,
          name: `Person ${i}`,
          emails: i % 3 === 0 ? [] : [`P${i}@Example.test`],
          ...(i % 2 === 0 ? { locale: 'en-CA' } : {}),
        })),
      })),
  );

const value: fc.Arbitrary<RecipientValue> = fc.constantFrom(
  'all',
  'owners',
  'residents',
  'parkings',
  'lockers',
  'floor-1',
  'floor-2',
  'floor-3',
  'unit-101',
  'unit-102',
  'unit-105',
);
const values = fc.array(value, { minLength: 1, maxLength: 4 });

const uuidsOf = (v: readonly RecipientValue[], i: RecipientsInput) =>
  new Set(resolveRecipients(v, i).map((r) => r.personUuid));
const active = (l: { from?: string; to?: string }) => (!l.from || l.from <= date) && (!l.to || l.to >= date);

describe('resolveRecipients', () => {
  it('names each person once, in their language or the building’s, with their addresses lower-cased', () => {
    fc.assert(
      fc.property(input, values, (i, v) => {
        const out = resolveRecipients(v, i);
        expect(new Set(out.map((r) => r.personUuid)).size).toBe(out.length);
        for (const r of out) {
          const n = Number(r.personUuid.slice(1));
          expect(r.language).toBe(n % 2 === 0 ? 'en' : 'fr');
          expect(r.emails).toEqual(n % 3 === 0 ? [] : [`p${n}@example.test`]);
        }
      }),
    );
  });

  it('is the union of its values', () => {
    fc.assert(
      fc.property(input, values, values, (i, a, b) => {
        const union = new Set([...uuidsOf(a, i), ...uuidsOf(b, i)]);
        expect(uuidsOf([...a, ...b], i)).toEqual(union);
      }),
    );
  });

  it('`all` includes every other choice', () => {
    fc.assert(
      fc.property(input, values, (i, v) => {
        const all = uuidsOf(['all'], i);
        for (const uuid of uuidsOf(v, i)) expect(all.has(uuid)).toBe(true);
      }),
    );
  });

  it('a floor is the union of its units, owners and residents together', () => {
    fc.assert(
      fc.property(input, fc.constantFrom('1', '2'), (i, floor) => {
        const units = i.units
          .filter((u) => u.floor === floor)
          .map((u) => `unit-${u.number}` as RecipientValue);
        const expected = units.length ? uuidsOf(units, i) : new Set<string>();
        expect(uuidsOf([`floor-${floor}`], i)).toEqual(expected);
        expect(new Set([...uuidsOf(['owners'], i), ...uuidsOf(['residents'], i)])).toEqual(
          uuidsOf(
            i.units.map((u) => `unit-${u.number}` as RecipientValue),
            i,
          ),
        );
      }),
    );
  });

  it('reaches a unit’s people only through links active on the date, and names that unit', () => {
    fc.assert(
      fc.property(input, (i) => {
        for (const unit of i.units) {
          const out = resolveRecipients([`unit-${unit.number}`], i);
          const expected = new Set(
            [...unit.owners, ...unit.proxies, ...unit.residents].filter(active).map((l) => l.personUuid),
          );
          expect(new Set(out.map((r) => r.personUuid))).toEqual(expected);
          for (const r of out) expect(r.units).toEqual([unit.number]);
        }
      }),
    );
  });

  it('gives parkings to their renters and to the people of the units holding them', () => {
    const one: RecipientsInput = {
      date,
      buildingLocale: 'en-CA',
      units: [
        {
          uuid: 'u1',
          number: '1',
          owners: [{ personUuid: 'a' }],
          residents: [],
          proxies: [],
          parkings: ['k1'],
          lockers: [],
        },
        {
          uuid: 'u2',
          number: '2',
          owners: [{ personUuid: 'b' }],
          residents: [],
          proxies: [],
          parkings: [],
          lockers: ['l'],
        },
        {
          uuid: 'u3',
          number: '3',
          owners: [{ personUuid: 'c' }],
          residents: [],
          proxies: [],
          parkings: [],
          lockers: [],
        },
      ],
      parkings: [{ uuid: 'k2', renter: { personUuid: 'r' } }],
      people: ['a', 'b', 'c', 'r'].map((uuid) => ({ uuid, name: uuid, emails: [] })),
    };
    expect(resolveRecipients(['parkings'], one).map((r) => [r.personUuid, r.units])).toEqual([
      ['a', ['1']],
      ['r', []],
    ]);
    expect(resolveRecipients(['lockers'], one).map((r) => r.personUuid)).toEqual(['b']);
  });

  it('takes any combination of the SPEC values, at least one', () => {
    expect(postRecipientValuesSchema.parse(['all', 'floor-2', 'unit-204', 'floor-2'])).toEqual([
      'all',
      'floor-2',
      'unit-204',
    ]);
    expect(postRecipientValuesSchema.safeParse([]).success).toBe(false);
    expect(postRecipientValuesSchema.safeParse(['everyone']).success).toBe(false);
    expect(postRecipientValuesSchema.safeParse(['floor-']).success).toBe(false);
  });
});
