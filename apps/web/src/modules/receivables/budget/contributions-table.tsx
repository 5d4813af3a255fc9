import { Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { billableMonths, type Contribution } from '@copro/domain';
import { useBuildingShell } from '../../../app/shell/building-context';
import { useIsMobile } from '../../../app/shell/use-is-mobile';
import { describeAppliesTo } from './applies-to';
import { monthlyEquivalent } from './budget-totals';
import type { BudgetLookups } from './use-budget-lookups';
import { useBudgetFormat } from './use-budget-format';

const numeric = { textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/**
 * The contributions of a budget that is read only: who pays what, a year and a month at a time.
 * A phone gets one line per contribution with its amounts at the end, rather than a wide table.
 */
export function ContributionsTable({
  contributions,
  lookups,
}: {
  contributions: readonly Contribution[];
  lookups: BudgetLookups;
}) {
  const { t } = useTranslation();
  const format = useBudgetFormat();
  const isPhone = useIsMobile();
  const { fiscalYear } = useBuildingShell();
  if (contributions.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('budget.contributions.none')}
      </Text>
    );
  const rows = contributions.map((contribution, index) => {
    const target = describeAppliesTo(contribution.appliesTo, lookups.numberOf);
    const monthly = monthlyEquivalent(
      contribution.amount,
      billableMonths(fiscalYear.startDate, contribution.endDate),
    );
    return {
      index,
      name: contribution.name,
      category: lookups.categories?.byUuid.get(contribution.category)?.name,
      appliesTo: t(`budget.appliesTo.${target.key}`, { number: target.number }),
      ends: contribution.endDate ? format.day(contribution.endDate) : null,
      annual: format.money(contribution.amount),
      monthly: `${monthly.exact ? '' : '≈ '}${format.money(monthly.cents)}`,
    };
  });

  if (isPhone)
    return (
      <Stack gap={0}>
        {rows.map((row) => (
          <Group
            key={row.index}
            justify="space-between"
            align="flex-start"
            wrap="nowrap"
            py="xs"
            style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
          >
            <div>
              <Text size="sm" fw={500}>
                {row.name}
              </Text>
              <Text size="xs" c="dimmed">
                {[
                  row.appliesTo,
                  row.category,
                  row.ends && t('budget.contributions.endsOn', { date: row.ends }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </div>
            <div style={{ textAlign: 'right' }}>
              <Text size="sm" fw={500} style={numeric}>
                {row.annual}
              </Text>
              <Text size="xs" c="dimmed" style={numeric}>
                {t('budget.perMonthShort', { amount: row.monthly })}
              </Text>
            </div>
          </Group>
        ))}
      </Stack>
    );

  return (
    <Table verticalSpacing="xs" fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('budget.contributions.name')}</Table.Th>
          <Table.Th>{t('budget.appliesTo.label')}</Table.Th>
          <Table.Th>{t('budget.contributions.ends')}</Table.Th>
          <Table.Th style={numeric}>{t('budget.contributions.annual')}</Table.Th>
          <Table.Th style={numeric}>{t('budget.contributions.monthly')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.index}>
            <Table.Td>
              <Text size="sm" fw={500}>
                {row.name}
              </Text>
              {row.category && (
                <Text size="xs" c="dimmed">
                  {row.category}
                </Text>
              )}
            </Table.Td>
            <Table.Td>{row.appliesTo}</Table.Td>
            <Table.Td>{row.ends ?? '—'}</Table.Td>
            <Table.Td style={numeric}>{row.annual}</Table.Td>
            <Table.Td style={numeric}>{row.monthly}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
