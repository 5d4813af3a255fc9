import { useMemo, useState } from 'react';
import {
  ActionIcon,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  type ComboboxItem,
  type OptionsFilter,
} from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { maxPeoplePerRole, type PersonEntry } from '@copro/domain';
import { searchable } from '../../../ui/format';
import type { RecordForm } from '../../../ui/use-record-form';
import type { PersonRole, UnitFormValues } from './unit-form-values';
import { personName, type PeopleIndex } from './unit-list';

/** Accent- and case-insensitive search over the options' labels (names and emails), up to `limit`. */
export const searchFilter: OptionsFilter = ({ options, search, limit }) => {
  const needle = searchable(search.trim());
  const found: ComboboxItem[] = [];
  for (const option of options) {
    if (found.length >= limit) break;
    if ('value' in option && (!needle || searchable(option.label).includes(needle))) found.push(option);
  }
  return found;
};

/** "Marie Tremblay · marie@example.net": what the pickers show and search. */
export const personOption = (person: PersonEntry): ComboboxItem => ({
  value: person.uuid,
  label: [personName(person), ...(person.emails ?? [])].join(' · '),
});

/**
 * The owners, residents or proxies of the unit being edited: each link with its optional dates,
 * and a search box to add someone from the people of the year.
 */
export function PersonLinks({
  role,
  form,
  options,
  people,
  disabled,
}: {
  role: PersonRole;
  form: RecordForm<UnitFormValues>;
  options: readonly ComboboxItem[];
  people: PeopleIndex;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const links = form.values[role];
  const linked = useMemo(() => new Set(links.map((link) => link.personUuid)), [links]);
  const available = useMemo(() => options.filter((option) => !linked.has(option.value)), [options, linked]);
  const listError = form.errors[role];
  const [search, setSearch] = useState('');

  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        {t(`units.roles.${role}`)}
      </Text>
      {links.length === 0 && (
        <Text size="sm" c="dimmed">
          {t(`units.roles.none.${role}`)}
        </Text>
      )}
      {links.map((link, i) => {
        const person = people.get(link.personUuid);
        const name = person ? personName(person) : t('units.people.unknown');
        const path = `${role}.${i}`;
        return (
          <Paper key={link.personUuid} withBorder radius="sm" p="xs">
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500} truncate>
                    {name}
                  </Text>
                  {person?.emails?.[0] && (
                    <Text size="xs" c="dimmed" truncate>
                      {person.emails[0]}
                    </Text>
                  )}
                </div>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  disabled={disabled}
                  aria-label={t('units.people.remove', { name })}
                  onClick={() =>
                    form.setValue(
                      role,
                      links.filter((_, k) => k !== i),
                    )
                  }
                >
                  <IconX size={16} aria-hidden />
                </ActionIcon>
              </Group>
              {form.errors[`${path}.personUuid`] && (
                <Text size="xs" c="red">
                  {form.errors[`${path}.personUuid`]}
                </Text>
              )}
              <SimpleGrid cols={2} spacing="xs">
                <TextInput
                  type="date"
                  size="xs"
                  label={t('units.people.from')}
                  disabled={disabled}
                  {...form.text(`${path}.from`)}
                />
                <TextInput
                  type="date"
                  size="xs"
                  label={t('units.people.to')}
                  disabled={disabled}
                  {...form.text(`${path}.to`)}
                />
              </SimpleGrid>
            </Stack>
          </Paper>
        );
      })}
      {!disabled && links.length < maxPeoplePerRole && (
        <Select
          aria-label={t(`units.people.add.${role}`)}
          placeholder={t(`units.people.add.${role}`)}
          leftSection={<IconSearch size={14} aria-hidden />}
          data={available}
          value={null}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={searchFilter}
          limit={30}
          nothingFoundMessage={t('units.people.nothingFound')}
          onChange={(uuid) => {
            if (uuid) form.setValue(role, [...links, { personUuid: uuid, from: '', to: '' }]);
            setSearch('');
          }}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {listError && (
        <Text size="xs" c="red">
          {listError}
        </Text>
      )}
    </Stack>
  );
}
