import type { ReactNode } from 'react';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UnitView } from '@copro/domain';

/** A unit picked by its number (typed to search); the value is its uuid. */
export function UnitSelect({
  units,
  value,
  onChange,
  label,
  error,
  disabled,
  required = true,
}: {
  units: readonly UnitView[];
  value: string;
  onChange: (uuid: string) => void;
  label?: string;
  error?: ReactNode;
  disabled?: boolean;
  required?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={label ?? t('payments.fields.unit')}
      placeholder={t('payments.fields.chooseUnit')}
      data={units.map((unit) => ({ value: unit.uuid, label: t('units.unitTitle', { number: unit.number }) }))}
      searchable
      nothingFoundMessage={t('payments.fields.noUnit')}
      maxDropdownHeight={280}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      error={error}
      disabled={disabled}
      required={required}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
