import { Grid, NativeSelect, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BankView } from '@copro/domain';
import type { DepositFilters } from './deposit-values';
import { periodProblem } from './deposit-values';

/** The period (from, to) of a history, and its bank when the list has one. */
export function PeriodFilters({
  filters,
  onChange,
  banks,
}: {
  filters: DepositFilters;
  onChange: (next: DepositFilters) => void;
  /** Given when the list can be narrowed to a bank. */
  banks?: readonly BankView[];
}) {
  const { t } = useTranslation();
  const problem = periodProblem(filters.from, filters.to);
  return (
    <Grid gutter="sm" align="flex-start">
      {banks && (
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <NativeSelect
            label={t('payments.fields.bank')}
            data={[
              { value: '', label: t('payments.filters.allBanks') },
              ...banks.map((bank) => ({ value: bank.uuid, label: bank.name })),
            ]}
            value={filters.bankUuid}
            onChange={(event) => onChange({ ...filters, bankUuid: event.currentTarget.value })}
          />
        </Grid.Col>
      )}
      <Grid.Col span={{ base: 6, sm: 4 }}>
        <TextInput
          type="date"
          label={t('payments.filters.from')}
          value={filters.from}
          onChange={(event) => onChange({ ...filters, from: event.currentTarget.value })}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 4 }}>
        <TextInput
          type="date"
          label={t('payments.filters.to')}
          value={filters.to}
          onChange={(event) => onChange({ ...filters, to: event.currentTarget.value })}
          error={problem ? t(problem) : undefined}
        />
      </Grid.Col>
    </Grid>
  );
}
