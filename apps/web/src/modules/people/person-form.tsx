import { Fieldset, NativeSelect, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  dropEmpty,
  genders,
  locales,
  personSchema,
  personSelfEditSchema,
  type PersonView,
} from '@copro/domain';
import { notifyError, notifySuccess } from '../../app/notify';
import {
  AddressFields,
  addressValues,
  EmailListInput,
  emailRows,
  PhoneListInput,
  phoneRows,
  withoutBlankEmails,
  withoutBlankPhones,
  type AddressValues,
  type PhoneRow,
} from '../../ui/contact-fields';
import { serverErrors, validateWith } from '../../ui/form-validation';
import { FormActions, useStoreRecord } from '../../ui/record-panel';
import { useRecordForm } from '../../ui/use-record-form';
import { useRecordWrite } from '../registry/registry-api';
import { personName } from './people-list';

/** create: a new person; edit: a manager's full edit; self: the person edits their own record. */
export type PersonFormMode = 'create' | 'edit' | 'self';

interface PersonFormValues {
  firstName: string;
  lastName: string;
  emails: string[];
  phones: PhoneRow[];
  address: AddressValues;
  gender: string;
  locale: string;
  notes: string;
  emergencyContact: { name: string; email: string; phone: string };
}

const valuesOf = (person: PersonView | undefined): PersonFormValues => ({
  firstName: person?.firstName ?? '',
  lastName: person?.lastName ?? '',
  emails: emailRows(person?.emails),
  phones: phoneRows(person?.phones),
  address: addressValues(person?.address),
  gender: person?.gender ?? '',
  locale: person?.locale ?? '',
  notes: person?.notes ?? '',
  emergencyContact: {
    name: person?.emergencyContact.name ?? '',
    email: person?.emergencyContact.email ?? '',
    phone: person?.emergencyContact.phone ?? '',
  },
});

const prepare = (values: PersonFormValues): PersonFormValues => ({
  ...values,
  emails: withoutBlankEmails(values.emails),
  phones: withoutBlankPhones(values.phones),
});

/** The edit replaces the record's fields: what is left empty is sent as absent, which clears it. */
function bodyOf(values: PersonFormValues, mode: PersonFormMode) {
  const body = dropEmpty(values);
  if (mode !== 'self') return body;
  // Emails and notes stay with the managers (DOMAIN 6).
  const { emails: _emails, notes: _notes, ...own } = body;
  return own;
}

const twoColumns = { base: 1, '480px': 2 } as const;

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
  const write = useRecordWrite<PersonView>('people');
  const store = useStoreRecord<PersonView>('people');
  const form = useRecordForm<PersonFormValues>({
    initialValues: valuesOf(person),
    validate: validateWith<PersonFormValues>(mode === 'self' ? personSelfEditSchema : personSchema),
    prepare,
  });

  const send = (values: PersonFormValues) => {
    const body = bodyOf(values, mode);
    const call =
      person && mode !== 'create'
        ? { kind: mode, uuid: person.uuid, body }
        : ({ kind: 'create', body } as const);
    write.mutate(call, {
      onSuccess: (saved) => {
        store(saved);
        notifySuccess(t(mode === 'create' ? 'people.created' : 'people.saved', { name: personName(saved) }));
        onSaved(saved);
      },
      onError: (error) => {
        form.setErrors(serverErrors(error));
        notifyError(error, t(mode === 'create' ? 'people.createFailed' : 'people.saveFailed'));
      },
    });
  };

  return (
    <form onSubmit={form.onSubmit(send)} noValidate aria-label={t(`people.formTitle.${mode}`)}>
      <Stack gap="md">
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
        {mode !== 'self' && <EmailListInput form={form} path="emails" />}
        <PhoneListInput form={form} path="phones" />
        <AddressFields form={form} path="address" />
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
        {mode !== 'self' && (
          <Textarea label={t('people.notes')} autosize minRows={3} maxRows={12} {...form.text('notes')} />
        )}
        <FormActions
          ns="people"
          saving={write.isPending}
          onCancel={onCancel}
          saveLabel={mode === 'create' ? t('people.create') : undefined}
        />
      </Stack>
    </form>
  );
}
