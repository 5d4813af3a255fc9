import type { ChangeEvent, ReactNode } from 'react';
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
import { useTranslation } from 'react-i18next';
import { limits, maxPhones, phoneTypes, type Phone, type PhoneType } from '@copro/domain';
import type { BoundField } from './use-record-form';

/** Contact details shared by people and suppliers: emails, phones and a postal address. */

export interface PhoneRow {
  number: string;
  type: PhoneType | '';
}

export interface AddressValues {
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
export interface ContactForm {
  text: (path: string) => TextProps;
  field: <T>(path: string) => BoundField<T>;
}

/** A list shows at least one row to type in; rows left blank are dropped when the form is sent. */
export const emailRows = (emails: readonly string[] = []): string[] => (emails.length ? [...emails] : ['']);

export const phoneRows = (phones: readonly Phone[] = []): PhoneRow[] =>
  phones.length ? phones.map((p) => ({ number: p.number, type: p.type })) : [{ number: '', type: '' }];

export const addressValues = (address: Address = {}): AddressValues => ({
  street: address.street ?? '',
  city: address.city ?? '',
  state: address.state ?? '',
  country: address.country ?? '',
  zip: address.zip ?? '',
});

export const withoutBlankEmails = (emails: readonly string[]): string[] =>
  emails.filter((email) => email.trim() !== '');

/** A row with only a type, or only a number, stays: the validation asks for the other half. */
export const withoutBlankPhones = (phones: readonly PhoneRow[]): PhoneRow[] =>
  phones.filter((phone) => phone.number.trim() !== '' || phone.type !== '');

function ListLegend({ children }: { children: ReactNode }) {
  return (
    <Text span size="sm" fw={500}>
      {children}
    </Text>
  );
}

export function EmailListInput({
  form,
  path,
  disabled,
}: {
  form: ContactForm;
  path: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const list = form.field<string[]>(path);
  const full = list.value.length >= limits.emailsPerRecord;
  return (
    <Fieldset variant="unstyled" m={0} legend={<ListLegend>{t('contactFields.emails')}</ListLegend>}>
      <Stack gap={6}>
        {list.value.map((_, index) => (
          <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              style={{ flex: 1 }}
              type="email"
              autoComplete="off"
              aria-label={t('contactFields.emailNumbered', { number: index + 1 })}
              placeholder={t('contactFields.emailPlaceholder')}
              disabled={disabled}
              {...form.text(`${path}.${index}`)}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('contactFields.removeEmail', { number: index + 1 })}
              disabled={disabled}
              onClick={() => list.onChange(list.value.filter((__, i) => i !== index))}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        {list.errorAt() && <Input.Error>{list.errorAt()}</Input.Error>}
        <Group gap="xs">
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={14} aria-hidden />}
            disabled={disabled || full}
            onClick={() => list.onChange([...list.value, ''])}
          >
            {t('contactFields.addEmail')}
          </Button>
          {full && (
            <Text size="xs" c="dimmed">
              {t('validation.tooManyEmails')}
            </Text>
          )}
        </Group>
      </Stack>
    </Fieldset>
  );
}

export function PhoneListInput({
  form,
  path,
  disabled,
}: {
  form: ContactForm;
  path: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const list = form.field<PhoneRow[]>(path);
  const typeOptions = [
    { value: '', label: t('contactFields.phoneTypePlaceholder') },
    ...phoneTypes.map((type) => ({ value: type, label: t(`contactFields.phoneTypes.${type}`) })),
  ];
  return (
    <Fieldset variant="unstyled" m={0} legend={<ListLegend>{t('contactFields.phones')}</ListLegend>}>
      <Stack gap={6}>
        {list.value.map((_, index) => (
          // A narrow card puts the type under the number rather than squeezing both.
          <Group key={index} gap="xs" wrap="wrap" align="flex-start">
            <TextInput
              style={{ flex: '1 1 170px', minWidth: 0 }}
              type="tel"
              autoComplete="off"
              aria-label={t('contactFields.phoneNumbered', { number: index + 1 })}
              placeholder={t('contactFields.phonePlaceholder')}
              disabled={disabled}
              {...form.text(`${path}.${index}.number`)}
            />
            <Group gap="xs" wrap="nowrap" align="flex-start" style={{ flex: '1 1 150px' }} maw={220}>
              <NativeSelect
                style={{ flex: 1, minWidth: 0 }}
                aria-label={t('contactFields.phoneTypeNumbered', { number: index + 1 })}
                data={typeOptions}
                disabled={disabled}
                {...form.text(`${path}.${index}.type`)}
              />
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={t('contactFields.removePhone', { number: index + 1 })}
                disabled={disabled}
                onClick={() => list.onChange(list.value.filter((__, i) => i !== index))}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          </Group>
        ))}
        {list.errorAt() && <Input.Error>{list.errorAt()}</Input.Error>}
        <Group gap="xs">
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={14} aria-hidden />}
            disabled={disabled || list.value.length >= maxPhones}
            onClick={() => list.onChange([...list.value, { number: '', type: '' }])}
          >
            {t('contactFields.addPhone')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}

export function AddressFields({
  form,
  path,
  disabled,
}: {
  form: ContactForm;
  path: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Fieldset variant="unstyled" m={0} legend={<ListLegend>{t('contactFields.address')}</ListLegend>}>
      <Stack gap="xs">
        <TextInput
          label={t('contactFields.street')}
          autoComplete="off"
          disabled={disabled}
          {...form.text(`${path}.street`)}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs">
          <TextInput
            label={t('contactFields.city')}
            autoComplete="off"
            disabled={disabled}
            {...form.text(`${path}.city`)}
          />
          <TextInput
            label={t('contactFields.state')}
            autoComplete="off"
            disabled={disabled}
            {...form.text(`${path}.state`)}
          />
          <TextInput
            label={t('contactFields.zip')}
            autoComplete="off"
            disabled={disabled}
            {...form.text(`${path}.zip`)}
          />
          <TextInput
            label={t('contactFields.country')}
            autoComplete="off"
            disabled={disabled}
            {...form.text(`${path}.country`)}
          />
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}

/** The address on up to three lines: street; city, province and postal code; country. */
export function addressLines(address: Address = {}): string[] {
  const cityLine = [address.city, [address.state, address.zip].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [address.street, cityLine, address.country].filter((line): line is string => Boolean(line));
}

export function AddressText({ address }: { address: Address }) {
  return addressLines(address).map((line) => (
    <Text key={line} size="sm" style={{ overflowWrap: 'anywhere' }}>
      {line}
    </Text>
  ));
}

export function EmailLinks({ emails }: { emails: readonly string[] }) {
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

export function PhoneLines({ phones }: { phones: readonly Phone[] }) {
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
