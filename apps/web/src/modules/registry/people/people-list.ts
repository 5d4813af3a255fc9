import type { PersonEntry } from '@copro/domain';
import type { ListChoice } from '../../../ui/paged-list';
import type { RegistryList } from '../registry-page';

/** "Marie Tremblay": the name as people say it. */
export const personName = (person: Pick<PersonEntry, 'firstName' | 'lastName'>): string =>
  [person.firstName, person.lastName].filter(Boolean).join(' ');

/** "Tremblay, Marie": the list reads like a directory. */
const personListName = (person: PersonEntry): string =>
  person.firstName ? `${person.lastName}, ${person.firstName}` : person.lastName;

/** The first email or phone the reader receives, else the units the person is linked to. */
const personSubtitle = (person: PersonEntry): string =>
  person.emails?.[0] ?? person.phones?.[0]?.number ?? person.units.map((unit) => unit.number).join(', ');

/** The server sorts by these keys, names compared whatever their case or accents. */
const personSorts: ListChoice[] = [
  { key: 'lastName', labelKey: 'people.sortLastName' },
  { key: 'firstName', labelKey: 'people.sortFirstName' },
];

export const peopleList: RegistryList<PersonEntry> = {
  titleOf: personListName,
  subtitleOf: personSubtitle,
  sorts: personSorts,
};
