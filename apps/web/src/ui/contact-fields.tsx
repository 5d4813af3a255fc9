import { Fragment, type ChangeEvent, type ReactNode } from 'react';
import {
  ActionIcon,
  Anchor,
  Button,
  Fieldset,
  Group,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { limits, maxPhones, phoneTypes, type Phone, type PhoneType } from '@copro/domain';
import type { DetailRow } from './record-panel';
import type { BoundField } from './use-record-form';

/** Contact details shared by people and suppliers: emails, phones and a postal address. */

interface PhoneRow {
  number: string;
  type: PhoneType | '';
}

interface AddressValues {
  street: string;
  city: string;
  state: string;
  country: string;
  zip: string;
}

interface Address {
  street?: string | undefined;
  city?: string | undefined;
  state?: string | undefined;
  country?: string | undefined;
  zip?: string | undefined;
}

interface TextProps {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  error: ReactNode;
}

/** What the inputs need from a form (useRecordForm gives both). */
interface ContactForm {
  text: (path: string) => TextProps;
  field: <T>(path: string) => BoundField<T>;
}

/** What a form holds of a record's contact details; its other fields come beside them. */
export interface ContactValues {
  emails: string[];
  phones: PhoneRow[];
  address: AddressValues;
}

const blankPhone: PhoneRow = { number: '', type: '' };

/** Each list shows at least one row to type in. */
export const contactValues = (
  record: { emails: readonly string[]; phones: readonly Phone[]; address: Address } | undefined,
): ContactValues => ({
  emails: record?.emails.length ? [...record.emails] : [''],
  phones: record?.phones.length
    ? record.phones.map((p) => ({ number: p.number, type: p.type }))
    : [blankPhone],
  address: {
    street: record?.address.street ?? '',
    city: record?.address.city ?? '',
    state: record?.address.state ?? '',
    country: record?.address.country ?? '',
    zip: record?.address.zip ?? '',
  },
});

/**
 * Drops the rows left blank before the form is checked and sent. A phone with only a type, or
 * only a number, stays: the validation asks for the other half.
 */
export const withoutBlankRows = <V extends ContactValues>(values: V): V => ({
  ...values,
  emails: values.emails.filter((email) => email.trim() !== ''),
  phones: values.phones.filter((phone) => phone.number.trim() !== '' || phone.type !== ''),
});

function ListLegend({ children }: { children: ReactNode }) {
  return (
    <Text span size="sm" fw={500}>
      {children}
    </Text>
  );
}

/** The button that takes a row out of a list. */
function RemoveRowButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} onClick={onClick}>
      <IconTrash size={16} aria-hidden />
    </ActionIcon>
  );
}

/** A list of rows under its legend, with the list's own error and a button to add a blank row. */
function ListInput<T>({
  legend,
  list,
  blank,
  full,
  addLabel,
  fullNote,
  row,
}: {
  legend: string;
  list: BoundField<T[]>;
  blank: T;
  /** The record holds as many as it may. */
  full: boolean;
  addLabel: string;
  /** Said beside the add button once the list is full. */
  fullNote?: string;
  row: (index: number, remove: () => void) => ReactNode;
}) {
  return (
    <Fieldset variant="unstyled" m={0} legend={<ListLegend>{legend}</ListLegend>}>
      <Stack gap={6}>
        {list.value.map((_, index) => (
          <Fragment key={index}>
            {row(index, () => list.onChange(list.value.filter((__, i) => i !== index)))}
          </Fragment>
        ))}
        {list.errorAt() && <Input.Error>{list.errorAt()}</Input.Error>}
        <Group gap="xs">
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={14} aria-hidden />}
            disabled={full}
            onClick={() => list.onChange([...list.value, blank])}
          >
            {addLabel}
          </Button>
          {full && fullNote && (
            <Text size="xs" c="dimmed">
              {fullNote}
            </Text>
          )}
        </Group>
      </Stack>
    </Fieldset>
  );
}

function EmailListInput({ form }: { form: ContactForm }) {
  const { t } = useTranslation();
  const list = form.field<string[]>('emails');
  return (
    <ListInput
      legend={t('contactFields.emails')}
      list={list}
      blank=""
      full={list.value.length >= limits.emailsPerRecord}
      addLabel={t('contactFields.addEmail')}
      fullNote={t('validation.tooManyEmails')}
      row={(index, remove) => (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            style={{ flex: 1 }}
            type="email"
            autoComplete="off"
            aria-label={t('contactFields.emailNumbered', { number: index + 1 })}
            placeholder={t('contactFields.emailPlaceholder')}
            {...form.text(`emails.${index}`)}
          />
          <RemoveRowButton label={t('contactFields.removeEmail', { number: index + 1 })} onClick={remove} />
        </Group>
      )}
    />
  );
}

function PhoneListInput({ form }: { form: ContactForm }) {
  const { t } = useTranslation();
  const list = form.field<PhoneRow[]>('phones');
  const typeOptions = [
    { value: '', label: t('contactFields.phoneTypePlaceholder') },
    ...phoneTypes.map((type) => ({ value: type, label: t(`contactFields.phoneTypes.${type}`) })),
  ];
  return (
    <ListInput
      legend={t('contactFields.phones')}
      list={list}
      blank={blankPhone}
      full={list.value.length >= maxPhones}
      addLabel={t('contactFields.addPhone')}
      row={(index, remove) => (
        // A narrow card puts the type under the number rather than squeezing both.
        <Group gap="xs" wrap="wrap" align="flex-start">
          <TextInput
            style={{ flex: '1 1 170px', minWidth: 0 }}
            type="tel"
            autoComplete="off"
            aria-label={t('contactFields.phoneNumbered', { number: index + 1 })}
            placeholder={t('contactFields.phonePlaceholder')}
            {...form.text(`phones.${index}.number`)}
          />
          <Group gap="xs" wrap="nowrap" align="flex-start" style={{ flex: '1 1 150px' }} maw={220}>
            <NativeSelect
              style={{ flex: 1, minWidth: 0 }}
              aria-label={t('contactFields.phoneTypeNumbered', { number: index + 1 })}
              data={typeOptions}
              {...form.text(`phones.${index}.type`)}
            />
            <RemoveRowButton label={t('contactFields.removePhone', { number: index + 1 })} onClick={remove} />
          </Group>
        </Group>
      )}
    />
  );
}

function AddressFields({ form }: { form: ContactForm }) {
  const { t } = useTranslation();
  const part = (key: keyof AddressValues, label: string) => (
    <TextInput label={label} autoComplete="off" {...form.text(`address.${key}`)} />
  );
  return (
    <Fieldset variant="unstyled" m={0} legend={<ListLegend>{t('contactFields.address')}</ListLegend>}>
      <Stack gap="xs">
        {part('street', t('contactFields.street'))}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs">
          {part('city', t('contactFields.city'))}
          {part('state', t('contactFields.state'))}
          {part('zip', t('contactFields.zip'))}
          {part('country', t('contactFields.country'))}
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}

/** The inputs of a record's contact details; `withEmails` false leaves its emails as they are. */
export function ContactInputs({ form, withEmails = true }: { form: ContactForm; withEmails?: boolean }) {
  return (
    <>
      {withEmails && <EmailListInput form={form} />}
      <PhoneListInput form={form} />
      <AddressFields form={form} />
    </>
  );
}

/** The address on up to three lines: street; city, province and postal code; country. */
export function addressLines(address: Address = {}): string[] {
  const cityLine = [address.city, [address.state, address.zip].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [address.street, cityLine, address.country].filter((line): line is string => Boolean(line));
}

function AddressText({ address }: { address: Address }) {
  return addressLines(address).map((line) => (
    <Text key={line} size="sm" style={{ overflowWrap: 'anywhere' }}>
      {line}
    </Text>
  ));
}

function EmailLinks({ emails }: { emails: readonly string[] }) {
  return emails.map((email) => (
    <Anchor
      key={email}
      href={`mailto:${email}`}
      size="sm"
      display="block"
      style={{ overflowWrap: 'anywhere' }}
    >
      {email}
    </Anchor>
  ));
}

export const telHref = (number: string): string => `tel:${number.replace(/[^\d+]/g, '')}`;

function PhoneLines({ phones }: { phones: readonly Phone[] }) {
  const { t } = useTranslation();
  return phones.map((phone, index) => (
    <Group key={index} gap={6} wrap="nowrap">
      <Anchor href={telHref(phone.number)} size="sm">
        {phone.number}
      </Anchor>
      <Text span size="xs" c="dimmed">
        {t(`contactFields.phoneTypes.${phone.type}`)}
      </Text>
    </Group>
  ));
}

/** A record's emails, phones and address as rows of its card; those it lacks are left out. */
export const contactRows = (
  record: { emails: readonly string[]; phones: readonly Phone[]; address: Address },
  t: TFunction,
): DetailRow[] => [
  {
    label: t('contactFields.emails'),
    value: record.emails.length > 0 && <EmailLinks emails={record.emails} />,
  },
  {
    label: t('contactFields.phones'),
    value: record.phones.length > 0 && <PhoneLines phones={record.phones} />,
  },
  {
    label: t('contactFields.address'),
    value: addressLines(record.address).length > 0 && <AddressText address={record.address} />,
  },
];
