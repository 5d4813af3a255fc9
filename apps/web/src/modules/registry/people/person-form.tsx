import { Fieldset, NativeSelect, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  dropEmpty,
  genders,
  locales,
  personSchema,
  personSelfEditSchema,
  type PersonView,
} from '@copro/domain';
import {
  ContactInputs,
  contactValues,
  withoutBlankRows,
  type ContactValues,
} from '../../../ui/contact-fields';
import { validateWith } from '../../../ui/form-validation';
import { NotesField } from '../../../ui/notes-field';
import type { RecordForm } from '../../../ui/use-record-form';
import type { RecordEditMode } from '../registry-card';
import { RegistryForm } from '../registry-form';
import { useRegistryForm } from '../use-registry-form';
import { personName } from './people-list';

/** create: a new person; edit: a manager's full edit; self: the person edits their own record. */
type PersonFormMode = 'create' | RecordEditMode;

interface PersonFormValues extends ContactValues {
  firstName: string;
  lastName: string;
  gender: string;
  locale: string;
  notes: string;
  emergencyContact: { name: string; email: string; phone: string };
  sharesEmails: boolean;
  sharesPhones: boolean;
}

const valuesOf = (person: PersonView | undefined): PersonFormValues => ({
  firstName: person?.firstName ?? '',
  lastName: person?.lastName ?? '',
  ...contactValues(person),
  gender: person?.gender ?? '',
  locale: person?.locale ?? '',
  notes: person?.notes ?? '',
  emergencyContact: {
    name: person?.emergencyContact.name ?? '',
    email: person?.emergencyContact.email ?? '',
    phone: person?.emergencyContact.phone ?? '',
  },
  sharesEmails: person?.sharesEmails ?? false,
  sharesPhones: person?.sharesPhones ?? false,
});

const validate = validateWith<PersonFormValues>(personSchema);
const validateSelfEdit = validateWith<PersonFormValues>(personSelfEditSchema);

/** The edit replaces the record's fields: what is left empty is sent as absent, which clears it. */
function bodyOf(values: PersonFormValues, mode: PersonFormMode) {
  const body = dropEmpty(values);
  if (mode !== 'self') return body;
  // Emails and notes stay with the managers (DOMAIN 6).
  const { emails: _emails, notes: _notes, ...own } = body;
  return own;
}

const twoColumns = { base: 1, '480px': 2 } as const;

/** The emails a person cannot change themself (the hint says so), shown as text, not as inputs. */
function ReadOnlyEmails({ emails }: { emails: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500}>
        {t('contactFields.emails')}
      </Text>
      {emails.length > 0 ? (
        emails.map((email) => (
          <Text key={email} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {email}
          </Text>
        ))
      ) : (
        <Text size="sm" c="dimmed">
          {t('people.sharing.noEmails')}
        </Text>
      )}
    </Stack>
  );
}

/**
 * DOMAIN 6 privacy: what owners and residents see of the person beyond the name and units. The
 * person chooses it; managers record the choice the person told them.
 */
function SharingFields({ form, mode }: { form: Pick<RecordForm<object>, 'checkbox'>; mode: PersonFormMode }) {
  const { t } = useTranslation();
  return (
    <Fieldset
      variant="unstyled"
      m={0}
      legend={
        <Text span size="sm" fw={500}>
          {t('people.sharing.legend')}
        </Text>
      }
    >
      <Stack gap="xs">
        <Text size="xs" c="dimmed">
          {t(mode === 'self' ? 'people.sharing.selfHint' : 'people.sharing.hint')}
        </Text>
        <Switch label={t('people.sharing.emails')} {...form.checkbox('sharesEmails')} />
        <Switch label={t('people.sharing.phones')} {...form.checkbox('sharesPhones')} />
      </Stack>
    </Fieldset>
  );
}

export function PersonForm({
  person,
  mode,
  onSaved,
  onCancel,
}: {
  person?: PersonView;
  mode: PersonFormMode;
  onSaved: (saved: PersonView) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { form, save } = useRegistryForm({
    ns: 'people',
    record: person,
    valuesOf,
    validate: mode === 'self' ? validateSelfEdit : validate,
    prepare: withoutBlankRows,
    bodyOf: (values) => bodyOf(values, mode),
    nameOf: personName,
    onSaved,
    kind: mode === 'self' ? 'self' : 'edit',
  });

  return (
    <RegistryForm ns="people" label={t(`people.formTitle.${mode}`)} save={save} onCancel={onCancel}>
      {mode === 'self' && (
        <Text size="sm" c="dimmed">
          {t('people.selfHint')}
        </Text>
      )}
      <SimpleGrid type="container" cols={twoColumns} spacing="xs" verticalSpacing="xs">
        <TextInput
          label={t('people.firstName')}
          autoComplete="off"
          // The form opens on a click: typing starts in its first field.
          autoFocus
          data-autofocus
          {...form.text('firstName')}
        />
        <TextInput label={t('people.lastName')} autoComplete="off" required {...form.text('lastName')} />
        <NativeSelect
          label={t('people.gender')}
          data={[
            { value: '', label: t('people.notSpecified') },
            ...genders.map((gender) => ({ value: gender, label: t(`people.genders.${gender}`) })),
          ]}
          {...form.text('gender')}
        />
        <NativeSelect
          label={t('people.language')}
          data={[
            { value: '', label: t('people.notSpecified') },
            ...locales.map((locale) => ({ value: locale, label: t(`people.locales.${locale}`) })),
          ]}
          {...form.text('locale')}
        />
      </SimpleGrid>
      {/* Emails stay with the managers (DOMAIN 6): the person sees them, as text. */}
      {mode === 'self' && <ReadOnlyEmails emails={person?.emails ?? []} />}
      <ContactInputs form={form} withEmails={mode !== 'self'} />
      <SharingFields form={form} mode={mode} />
      <Fieldset
        variant="unstyled"
        m={0}
        legend={
          <Text span size="sm" fw={500}>
            {t('people.emergencyContact')}
          </Text>
        }
      >
        <SimpleGrid type="container" cols={{ base: 1, '560px': 3 }} spacing="xs" verticalSpacing="xs">
          <TextInput
            label={t('people.emergencyName')}
            autoComplete="off"
            {...form.text('emergencyContact.name')}
          />
          <TextInput
            label={t('people.emergencyEmail')}
            type="email"
            autoComplete="off"
            {...form.text('emergencyContact.email')}
          />
          <TextInput
            label={t('people.emergencyPhone')}
            type="tel"
            autoComplete="off"
            {...form.text('emergencyContact.phone')}
          />
        </SimpleGrid>
      </Fieldset>
      {mode !== 'self' && <NotesField label={t('people.notes')} {...form.text('notes')} />}
    </RegistryForm>
  );
}
