import { useRef, useState } from 'react';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PersonView } from '@copro/domain';
import { useMe } from '../../app/session';
import { useBuildingShell } from '../../app/shell/building-context';
import { AddressText, addressLines, EmailLinks, PhoneLines, telHref } from '../../ui/contact-fields';
import {
  ArchiveButton,
  ArchivedBadge,
  DetailGrid,
  RecordPanel,
  useArchiveRecord,
} from '../../ui/record-panel';
import { personName } from './people-list';
import { PersonForm, type PersonFormMode } from './person-form';

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
        {
          label: t('contactFields.emails'),
          value: person.emails.length > 0 && <EmailLinks emails={person.emails} />,
        },
        {
          label: t('contactFields.phones'),
          value: person.phones.length > 0 && <PhoneLines phones={person.phones} />,
        },
        {
          label: t('contactFields.address'),
          value: addressLines(person.address).length > 0 && <AddressText address={person.address} />,
        },
        { label: t('people.gender'), value: person.gender && t(`people.genders.${person.gender}`) },
        { label: t('people.language'), value: person.locale && t(`people.locales.${person.locale}`) },
        {
          label: t('people.emergencyContact'),
          value: hasEmergencyContact(person.emergencyContact) && (
            <EmergencyContact contact={person.emergencyContact} />
          ),
        },
        {
          label: t('people.notes'),
          wide: true,
          value: person.notes && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {person.notes}
            </Text>
          ),
        },
      ]}
    />
  );
}

/** The selected person: the card, and the edit form in its place. */
export function PersonPanel({ person }: { person: PersonView }) {
  const { t } = useTranslation();
  const { can, readOnly } = useBuildingShell();
  const { data: me } = useMe();
  const [editing, setEditing] = useState<PersonFormMode | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  // Back from the form, the keyboard goes on from the button that opened it.
  const stopEditing = () => {
    setEditing(null);
    requestAnimationFrame(() => editButton.current?.focus());
  };
  const archive = useArchiveRecord<PersonView>('people', 'people');
  const name = personName(person);
  const canWrite = can('finance.write') && !readOnly;
  const canEditSelf = !canWrite && !readOnly && can('self-service.edit') && isOwnRecord(person, me?.email);

  const actions =
    editing === null && (canWrite || canEditSelf) ? (
      <>
        {canWrite && (
          <Button
            ref={editButton}
            size="xs"
            variant="light"
            leftSection={<IconPencil size={14} aria-hidden />}
            onClick={() => setEditing('edit')}
          >
            {t('people.edit')}
          </Button>
        )}
        {canEditSelf && (
          <Button
            ref={editButton}
            size="xs"
            variant="light"
            leftSection={<IconPencil size={14} aria-hidden />}
            onClick={() => setEditing('self')}
          >
            {t('people.editSelf')}
          </Button>
        )}
        {canWrite && (
          <ArchiveButton
            ns="people"
            archived={person.archived}
            pending={archive.pending}
            onClick={() => archive.ask(person, name)}
          />
        )}
      </>
    ) : undefined;

  return (
    <RecordPanel title={name} badges={person.archived && <ArchivedBadge />} actions={actions}>
      {editing ? (
        <PersonForm person={person} mode={editing} onSaved={stopEditing} onCancel={stopEditing} />
      ) : (
        <PersonDetails person={person} />
      )}
    </RecordPanel>
  );
}
