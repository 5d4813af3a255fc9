import { Anchor, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isFullPerson, type PersonDirectoryView, type PersonEntry, type PersonView } from '@copro/domain';
import { useBuildingShell } from '../../../app/shell/building-context';
import { contactRows, telHref } from '../../../ui/contact-fields';
import { DetailGrid, notesRow, type DetailRow } from '../../../ui/record-panel';
import { RegistryCard } from '../registry-card';
import { useOwnPeople } from '../registry-api';
import { personName } from './people-list';
import { PersonForm } from './person-form';

const hasEmergencyContact = (contact: PersonView['emergencyContact']): boolean =>
  !!(contact.name || contact.email || contact.phone);

function EmergencyContact({ contact }: { contact: PersonView['emergencyContact'] }) {
  return (
    <Stack gap={0}>
      {contact.name && <Text size="sm">{contact.name}</Text>}
      {contact.email && (
        <Anchor href={`mailto:${contact.email}`} size="sm">
          {contact.email}
        </Anchor>
      )}
      {contact.phone && (
        <Anchor href={telHref(contact.phone)} size="sm">
          {contact.phone}
        </Anchor>
      )}
    </Stack>
  );
}

/** "12 (owner), 14 (resident)": the units the person is linked to today. */
const unitsRow = (person: PersonEntry, t: TFunction): DetailRow => ({
  label: t('people.directory.units'),
  value: person.units
    .map((unit) =>
      t('people.directory.unitRole', { number: unit.number, role: t(`people.directory.roles.${unit.role}`) }),
    )
    .join(', '),
});

/** What the person shares with owners and residents (DOMAIN 6 privacy). */
function sharingText(person: PersonView, t: TFunction): string {
  const shared = [
    person.sharesEmails && t('people.sharing.emailsShort'),
    person.sharesPhones && t('people.sharing.phonesShort'),
  ].filter((part): part is string => typeof part === 'string');
  return shared.length > 0 ? shared.join(', ') : t('people.sharing.nothing');
}

/** The whole record: what managers read, and what a person reads of their own. */
function PersonDetails({ person }: { person: PersonView }) {
  const { t } = useTranslation();
  return (
    <DetailGrid
      emptyText={t('people.noDetails')}
      rows={[
        unitsRow(person, t),
        ...contactRows(person, t),
        { label: t('people.gender'), value: person.gender && t(`people.genders.${person.gender}`) },
        { label: t('people.language'), value: person.locale && t(`people.locales.${person.locale}`) },
        {
          label: t('people.emergencyContact'),
          value: hasEmergencyContact(person.emergencyContact) && (
            <EmergencyContact contact={person.emergencyContact} />
          ),
        },
        { label: t('people.sharing.label'), value: sharingText(person, t) },
        notesRow(t('people.notes'), person.notes),
      ]}
    />
  );
}

/** The directory's entry (owners and residents): the units, and the emails and phones shared. */
function DirectoryDetails({ person }: { person: PersonDirectoryView }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <DetailGrid
        rows={[
          unitsRow(person, t),
          ...contactRows({ emails: person.emails ?? [], phones: person.phones ?? [], address: {} }, t),
        ]}
      />
      {!person.emails && !person.phones && (
        <Text size="sm" c="dimmed">
          {t('people.directory.nothingShared')}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The selected person: the card, and the edit form in its place. Managers read and edit the whole
 * record; owners and residents read the directory's entry, and their own record in full.
 */
export function PersonPanel({ person }: { person: PersonEntry }) {
  const { t } = useTranslation();
  const { can, readOnly } = useBuildingShell();
  const own = useOwnPeople().data?.find((mine) => mine.uuid === person.uuid);
  const full = isFullPerson(person) ? person : own;
  // DOMAIN 6 self-service: the record carries the signed-in user's email.
  const canEditSelf = !readOnly && can('self-service.edit') && own !== undefined;
  return (
    <RegistryCard
      ns="people"
      record={person}
      title={personName(person)}
      selfEditLabel={canEditSelf ? t('people.editSelf') : undefined}
      form={(done, mode) => full && <PersonForm person={full} mode={mode} onSaved={done} onCancel={done} />}
    >
      {isFullPerson(person) ? (
        <PersonDetails person={person} />
      ) : own ? (
        <PersonDetails person={own} />
      ) : (
        <DirectoryDetails person={person} />
      )}
    </RegistryCard>
  );
}
