import { insuranceStatus, type PersonEntry, type UnitView } from '@copro/domain';
import { compareNumbers, compareText } from '../../../ui/compare';
import type { ListChoice } from '../../../ui/paged-list';
import type { ListFilter, ListSort } from '../../../ui/record-browser';
import { personRoles } from './unit-form-values';

/** How the unit lists sort, filter and search, and who counts as a unit's owner or proxy. */

/** People by uuid, as the reader receives them: in full, or the directory's entry (DOMAIN 6). */
export type PeopleIndex = ReadonlyMap<string, PersonEntry>;

export const peopleIndex = (people: readonly PersonEntry[] | undefined): PeopleIndex =>
  new Map((people ?? []).map((person) => [person.uuid, person]));

/** "Marie Tremblay", or the last name alone. */
export const personName = (person: Pick<PersonEntry, 'firstName' | 'lastName'>): string =>
  [person.firstName, person.lastName].filter(Boolean).join(' ');

/** The names of the unit's owners, as far as the people list knows them; a link with an end date is a former owner. */
export const ownerNames = (unit: UnitView, people: PeopleIndex): string[] =>
  unit.owners.flatMap((link) => {
    if (link.to) return [];
    const person = people.get(link.personUuid);
    return person ? [personName(person)] : [];
  });

/** Number, floor, and every linked person's names and the emails the reader receives, for the search box. */
export function unitSearchText(unit: UnitView, people: PeopleIndex): string {
  const linked = personRoles.flatMap((role) =>
    unit[role].flatMap((link) => {
      const person = people.get(link.personUuid);
      return person ? [personName(person), ...(person.emails ?? [])] : [];
    }),
  );
  return [unit.number, unit.floor ?? '', ...unit.ownersEmails, ...linked].join(' ');
}

export const unitInsuranceStatus = (unit: UnitView, today: string) =>
  insuranceStatus(unit.insurance, unit.insuranceProof !== null, today);

/** Floors are short texts ("1", "RC", "PH"); units without one come last. */
const compareFloors = (a: UnitView, b: UnitView): number => {
  if (!a.floor || !b.floor) return a.floor ? -1 : b.floor ? 1 : 0;
  return compareNumbers(a.floor, b.floor);
};

export const unitSorts: ListSort<UnitView>[] = [
  { key: 'number', labelKey: 'units.sort.number', compare: (a, b) => compareNumbers(a.number, b.number) },
  {
    key: 'floor',
    labelKey: 'units.sort.floor',
    compare: (a, b) => compareFloors(a, b) || compareNumbers(a.number, b.number),
  },
  {
    key: 'voteShare',
    labelKey: 'units.sort.voteShare',
    compare: (a, b) => b.voteShare - a.voteShare || compareNumbers(a.number, b.number),
  },
];

/**
 * The filters of the units list. They are the managers' own ("No owner", "Insurance to check"):
 * an owner, who reads their own units only, gets none.
 */
export function unitFilters(today: string, manager: boolean): ListFilter<UnitView>[] {
  if (!manager) return [];
  return [
    { key: 'noOwner', labelKey: 'units.filter.noOwner', test: (unit) => unit.owners.length === 0 },
    {
      key: 'insurance',
      labelKey: 'units.filter.insurance',
      test: (unit) => unitInsuranceStatus(unit, today) !== 'valid',
    },
  ];
}

/** Parkings and lockers sort by number or vote share (the server sorts them). */
export const spaceSorts: readonly ListChoice[] = [
  { key: 'number', labelKey: 'units.sort.number' },
  { key: 'voteShare', labelKey: 'units.sort.voteShare' },
];

/** People for the pickers: by last name, then first name. */
export const sortedPeople = <T extends Pick<PersonEntry, 'firstName' | 'lastName'>>(
  people: readonly T[],
): T[] =>
  [...people].sort(
    (a, b) => compareText(a.lastName, b.lastName) || compareText(a.firstName ?? '', b.firstName ?? ''),
  );

/**
 * DOMAIN 6 self-service: owners (by the email on their account, or their own person record) and
 * proxies (their own person record) keep their unit's insurance and water heater up to date.
 * `ownPeople` are the uuids of the person records that carry the user's email.
 */
export function isOwnerOrProxy(
  unit: UnitView,
  email: string | undefined,
  ownPeople: readonly string[],
): boolean {
  if (email && unit.ownersEmails.some((owner) => owner.toLowerCase() === email.toLowerCase())) return true;
  return unit.proxies.some((link) => ownPeople.includes(link.personUuid));
}

/** Which unit other than `self` holds each parking or locker, by its uuid. */
export function holders(
  units: readonly UnitView[],
  kind: 'parkings' | 'lockers',
  self: string | undefined,
): Map<string, UnitView> {
  const held = new Map<string, UnitView>();
  for (const unit of units) {
    if (unit.uuid === self || unit.archived) continue;
    for (const id of unit[kind]) held.set(id, unit);
  }
  return held;
}
