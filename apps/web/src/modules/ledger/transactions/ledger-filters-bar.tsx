import { Button, Group, NativeSelect, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { transactionKinds, type TransactionKind } from '@copro/domain';
import { useBuildingShell } from '../../../app/shell/building-context';
import { compareText } from '../../../ui/compare';
import { defaultFilters, isFiltered, type LedgerFilters } from './ledger-filters';

const isKind = (value: string): value is TransactionKind =>
  (transactionKinds as readonly string[]).includes(value);

/** From and to dates (within the fiscal year), a kind, and whether cancelled lines are hidden. */
export function LedgerFiltersBar({
  filters,
  onChange,
}: {
  filters: LedgerFilters;
  onChange: (filters: LedgerFilters) => void;
}) {
  const { t } = useTranslation();
  const { fiscalYear } = useBuildingShell();
  const kinds = transactionKinds
    .map((kind) => ({ value: kind, label: t(`transactions.kinds.${kind}`) }))
    .sort((a, b) => compareText(a.label, b.label));
  const set = (change: Partial<LedgerFilters>) => onChange({ ...filters, ...change });

  return (
    <Group role="group" aria-label={t('transactions.filters.label')} gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        type="date"
        size="xs"
        label={t('transactions.filters.from')}
        min={fiscalYear.startDate}
        max={filters.to || fiscalYear.endDate}
        value={filters.from}
        onChange={(event) => set({ from: event.currentTarget.value })}
        style={{ flex: '1 1 130px' }}
      />
      <TextInput
        type="date"
        size="xs"
        label={t('transactions.filters.to')}
        min={filters.from || fiscalYear.startDate}
        max={fiscalYear.endDate}
        value={filters.to}
        onChange={(event) => set({ to: event.currentTarget.value })}
        style={{ flex: '1 1 130px' }}
      />
      <NativeSelect
        size="xs"
        label={t('transactions.filters.kind')}
        value={filters.kind}
        onChange={(event) => {
          const value = event.currentTarget.value;
          set({ kind: isKind(value) ? value : '' });
        }}
        data={[{ value: '', label: t('transactions.filters.allKinds') }, ...kinds]}
        style={{ flex: '2 1 180px' }}
      />
      <Switch
        size="sm"
        label={t('transactions.filters.hideCancelled')}
        checked={filters.hideCancelled}
        onChange={(event) => set({ hideCancelled: event.currentTarget.checked })}
        mb={4}
      />
      {isFiltered(filters) && (
        <Button
          size="xs"
          variant="subtle"
          onClick={() => onChange({ ...defaultFilters, hideCancelled: filters.hideCancelled })}
        >
          {t('transactions.filters.clear')}
        </Button>
      )}
    </Group>
  );
}
