import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BudgetView } from '@copro/domain';
import { useIsMobile } from '../../../app/shell/use-is-mobile';
import { compareText } from '../../../ui/compare';
import type { BudgetCategories } from './budget-categories';
import { useBudgetFormat } from './use-budget-format';

const numeric = { textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/** The budgeted expenses of a budget that is read only: the categories it gives an amount or a comment. */
export function ExpensesTable({ budget, categories }: { budget: BudgetView; categories: BudgetCategories }) {
  const { t } = useTranslation();
  const format = useBudgetFormat();
  // On a phone the comment goes under the category: three columns do not fit.
  const wide = !useIsMobile();
  const uuids = [
    ...new Set([...Object.keys(budget.budgetedAmounts), ...Object.keys(budget.budgetedComments)]),
  ];
  const nameOf = (uuid: string) => categories.byUuid.get(uuid)?.name ?? t('budget.expenses.unknown');
  const rows = uuids
    .map((uuid) => ({
      uuid,
      name: nameOf(uuid),
      amount: budget.budgetedAmounts[uuid],
      comment: budget.budgetedComments[uuid],
    }))
    .sort((a, b) => compareText(a.name, b.name));
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('budget.expenses.noneBudgeted')}
      </Text>
    );
  return (
    <Table verticalSpacing="xs" fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('budget.expenses.category')}</Table.Th>
          <Table.Th style={numeric}>{t('budget.expenses.amount')}</Table.Th>
          {wide && <Table.Th>{t('budget.expenses.comment')}</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.uuid}>
            <Table.Td>
              {row.name}
              {!wide && row.comment && (
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {row.comment}
                </Text>
              )}
            </Table.Td>
            <Table.Td style={numeric}>{row.amount === undefined ? '—' : format.money(row.amount)}</Table.Td>
            {wide && (
              <Table.Td c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {row.comment ?? ''}
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
