import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { compareText } from '../../ui/compare';
import type { BoundField } from '../../ui/use-record-form';

interface NamedRecord {
  uuid: string;
  name: string;
  archived: boolean;
}

/** The active records by name; an archived one the field holds stays, so it shows by name, not as an id. */
function recordOptions(records: readonly NamedRecord[], current: string, archivedLabel: string) {
  return records
    .filter((record) => !record.archived || record.uuid === current)
    .sort((a, b) => compareText(a.name, b.name))
    .map((record) => ({
      value: record.uuid,
      label: record.archived ? `${record.name} (${archivedLabel})` : record.name,
    }));
}

/** A searchable pick of another record of the registry (a supplier's category, a bank's supplier). */
export function RecordSelect({
  field,
  records,
  label,
  description,
  placeholder,
  nothingFoundMessage,
}: {
  field: BoundField<string>;
  records: readonly NamedRecord[];
  label: string;
  description?: string;
  placeholder: string;
  nothingFoundMessage: string;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={label}
      description={description}
      placeholder={placeholder}
      data={recordOptions(records, field.value, t('recordBrowser.archived').toLowerCase())}
      searchable
      clearable
      nothingFoundMessage={nothingFoundMessage}
      value={field.value || null}
      onChange={(value) => field.onChange(value ?? '')}
      error={field.errorAt()}
    />
  );
}
