import { useMemo } from 'react';
import { Grid, NativeSelect, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { orderDirections, otonomStatuses } from '@copro/domain';
import { compareNumbers } from '../../ui/compare';
import { useRecords } from '../registry';
import { periodProblem, withFilter, type OrderFilters } from './order-filters';

/** The table's filters: status (the 17), direction, unit, and the due dates' period. */
export function OrderFiltersBar({
  filters,
  onChange,
}: {
  filters: OrderFilters;
  onChange: (next: OrderFilters) => void;
}) {
  const { t } = useTranslation();
  const units = useRecords('units');
  const unitOptions = useMemo(
    () =>
      (units.data ?? [])
        .filter((unit) => !unit.archived || unit.uuid === filters.unitUuid)
        .sort((a, b) => compareNumbers(a.number, b.number))
        .map((unit) => ({ value: unit.uuid, label: t('units.unitTitle', { number: unit.number }) })),
    [units.data, filters.unitUuid, t],
  );
  const problem = periodProblem(filters.from, filters.to);
  return (
    <Grid gutter="sm" align="flex-start">
      <Grid.Col span={3}>
        <Select
          label={t('otonomPages.orders.filters.status')}
          placeholder={t('otonomPages.orders.filters.allStatuses')}
          data={otonomStatuses.map((status) => ({ value: status, label: t(`otonom.statuses.${status}`) }))}
          clearable
          searchable
          value={filters.status || null}
          onChange={(value) =>
            onChange(withFilter(filters, { status: otonomStatuses.find((status) => status === value) ?? '' }))
          }
          comboboxProps={{ withinPortal: true }}
        />
      </Grid.Col>
      <Grid.Col span={2}>
        <NativeSelect
          label={t('otonomPages.orders.filters.direction')}
          data={[
            { value: '', label: t('otonomPages.orders.filters.allDirections') },
            ...orderDirections.map((direction) => ({
              value: direction,
              label: t(`otonom.directions.${direction}`),
            })),
          ]}
          value={filters.direction}
          onChange={(event) => {
            const value = event.currentTarget.value;
            onChange(withFilter(filters, { direction: orderDirections.find((d) => d === value) ?? '' }));
          }}
        />
      </Grid.Col>
      <Grid.Col span={3}>
        <Select
          label={t('otonomPages.orders.filters.unit')}
          placeholder={t('otonomPages.orders.filters.allUnits')}
          data={unitOptions}
          clearable
          searchable
          nothingFoundMessage={t('otonomPages.orders.filters.noUnit')}
          value={filters.unitUuid || null}
          onChange={(value) => onChange(withFilter(filters, { unitUuid: value ?? '' }))}
          comboboxProps={{ withinPortal: true }}
        />
      </Grid.Col>
      <Grid.Col span={2}>
        <TextInput
          type="date"
          label={t('otonomPages.orders.filters.from')}
          value={filters.from}
          onChange={(event) => onChange(withFilter(filters, { from: event.currentTarget.value }))}
        />
      </Grid.Col>
      <Grid.Col span={2}>
        <TextInput
          type="date"
          label={t('otonomPages.orders.filters.to')}
          value={filters.to}
          onChange={(event) => onChange(withFilter(filters, { to: event.currentTarget.value }))}
          error={problem ? t(problem) : undefined}
        />
      </Grid.Col>
    </Grid>
  );
}
