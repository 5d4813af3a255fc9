import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PersonView } from '@copro/domain';
import { useMe } from '../../app/session';
import { useBuildingShell } from '../../app/shell/building-context';
import { contactRows, telHref } from '../../ui/contact-fields';
import { DetailGrid, notesRow } from '../../ui/record-panel';
import { RegistryCard } from '../registry/registry-card';
import { personName } from './people-list';
import { PersonForm } from './person-form';

/** DOMAIN 6 self-service: the record carries the signed-in user's email. */
const isOwnRecord = (person: PersonView, email: string | undefined): boolean =>
  !!email && person.emails.some((own) => own.toLowerCase() === email.toLowerCase());

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

function PersonDetails({ person }: { person: PersonView }) {
  const { t } = useTranslation();
  return (
    <DetailGrid
      emptyText={t('people.noDetails')}
      rows={[
        ...contactRows(person, t),
        { label: t('people.gender'), value: person.gender && t(`people.genders.${person.gender}`) },
        { label: t('people.language'), value: person.locale && t(`people.locales.${person.locale}`) },
        {
          label: t('people.emergencyContact'),
          value: hasEmergencyContact(person.emergencyContact) && (
            <EmergencyContact contact={person.emergencyContact} />
          ),
        },
        notesRow(t('people.notes'), person.notes),
      ]}
    />
  );
}

/** The selected person: the card, and the edit form in its place. */
export function PersonPanel({ person }: { person: PersonView }) {
  const { t } = useTranslation();
  const { can, readOnly } = useBuildingShell();
  const { data: me } = useMe();
  const canEditSelf = !readOnly && can('self-service.edit') && isOwnRecord(person, me?.email);
  return (
    <RegistryCard
      ns="people"
      record={person}
      title={personName(person)}
      selfEditLabel={canEditSelf ? t('people.editSelf') : undefined}
      form={(done, mode) => <PersonForm person={person} mode={mode} onSaved={done} onCancel={done} />}
    >
      <PersonDetails person={person} />
    </RegistryCard>
  );
}
