import type { PersonView } from '@copro/domain';
import { compareText } from '../../ui/compare';
import type { ListSort } from '../../ui/record-browser';
import type { RegistryList } from '../registry/registry-page';

/** "Marie Tremblay": the name as people say it. */
export const personName = (person: Pick<PersonView, 'firstName' | 'lastName'>): string =>
  [person.firstName, person.lastName].filter(Boolean).join(' ');

/** "Tremblay, Marie": the list reads like a directory. */
const personListName = (person: PersonView): string =>
  person.firstName ? `${person.lastName}, ${person.firstName}` : person.lastName;

/** Names, emails and phones; phones also as bare digits, so "5145550123" finds "514 555-0123". */
const personSearchText = (person: PersonView): string =>
  [
    person.firstName,
    person.lastName,
    ...person.emails,
    ...person.phones.flatMap((phone) => [phone.number, phone.number.replace(/\D/g, '')]),
  ].join(' ');

const personSubtitle = (person: PersonView): string => person.emails[0] ?? person.phones[0]?.number ?? '';

const byLastName = (a: PersonView, b: PersonView) =>
  compareText(a.lastName, b.lastName) || compareText(a.firstName ?? '', b.firstName ?? '');
const byFirstName = (a: PersonView, b: PersonView) =>
  compareText(a.firstName ?? '', b.firstName ?? '') || compareText(a.lastName, b.lastName);

const personSorts: ListSort<PersonView>[] = [
  { key: 'lastName', labelKey: 'people.sortLastName', compare: byLastName },
  { key: 'firstName', labelKey: 'people.sortFirstName', compare: byFirstName },
];

export const peopleList: RegistryList<PersonView> = {
  searchTextOf: personSearchText,
  titleOf: personListName,
  subtitleOf: personSubtitle,
  sorts: personSorts,
};
