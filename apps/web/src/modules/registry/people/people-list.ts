import type { PersonEntry } from '@copro/domain';
import { compareText } from '../../../ui/compare';
import type { ListSort } from '../../../ui/record-browser';
import type { RegistryList } from '../registry-page';

/** "Marie Tremblay": the name as people say it. */
export const personName = (person: Pick<PersonEntry, 'firstName' | 'lastName'>): string =>
  [person.firstName, person.lastName].filter(Boolean).join(' ');

/** "Tremblay, Marie": the list reads like a directory. */
const personListName = (person: PersonEntry): string =>
  person.firstName ? `${person.lastName}, ${person.firstName}` : person.lastName;

/**
 * Names, units, and the emails and phones the reader receives (the directory has them only when
 * shared); phones also as bare digits, so "5145550123" finds "514 555-0123".
 */
const personSearchText = (person: PersonEntry): string =>
  [
    person.firstName,
    person.lastName,
    ...person.units.map((unit) => unit.number),
    ...(person.emails ?? []),
    ...(person.phones ?? []).flatMap((phone) => [phone.number, phone.number.replace(/\D/g, '')]),
  ].join(' ');

/** The first email or phone the reader receives, else the units the person is linked to. */
const personSubtitle = (person: PersonEntry): string =>
  person.emails?.[0] ?? person.phones?.[0]?.number ?? person.units.map((unit) => unit.number).join(', ');

const byLastName = (a: PersonEntry, b: PersonEntry) =>
  compareText(a.lastName, b.lastName) || compareText(a.firstName ?? '', b.firstName ?? '');
const byFirstName = (a: PersonEntry, b: PersonEntry) =>
  compareText(a.firstName ?? '', b.firstName ?? '') || compareText(a.lastName, b.lastName);

const personSorts: ListSort<PersonEntry>[] = [
  { key: 'lastName', labelKey: 'people.sortLastName', compare: byLastName },
  { key: 'firstName', labelKey: 'people.sortFirstName', compare: byFirstName },
];

export const peopleList: RegistryList<PersonEntry> = {
  searchTextOf: personSearchText,
  titleOf: personListName,
  subtitleOf: personSubtitle,
  sorts: personSorts,
};
