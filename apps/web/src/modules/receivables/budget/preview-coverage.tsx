import { Group, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../app/shell/use-is-mobile';
import type { BudgetPreview, Contribution } from '@copro/domain';
import { coverageOf } from './preview-rows';
import { useBudgetFormat } from './use-budget-format';

const numeric = { textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

function Check({ ok }: { ok: boolean }) {
  const { t } = useTranslation();
  return ok ? (
    <IconCircleCheck
      size={18}
      color="var(--mantine-color-green-filled)"
      aria-label={t('budget.preview.covered')}
    />
  ) : (
    <IconAlertTriangle
      size={18}
      color="var(--mantine-color-red-filled)"
      aria-label={t('budget.preview.notCovered')}
    />
  );
}

/**
 * DOMAIN 3: the members' parts add up to each contribution to the cent. Checked here against the
 * budget's own amounts, so a check mark means the fees really cover the budget.
 */
export function PreviewCoverage({
  preview,
  contributions,
}: {
  preview: BudgetPreview;
  contributions: readonly Contribution[];
}) {
  const { t } = useTranslation();
  const format = useBudgetFormat();
  const coverage = coverageOf(preview, contributions);
  // On a phone the budgeted amount goes under the name: three amounts across do not fit.
  const wide = !useIsMobile();
  const nameCell = (name: string, amount: number) => (
    <Table.Td>
      {name}
      {!wide && (
        <Text size="xs" c="dimmed">
          {t('budget.preview.budgetedAmount', { amount: format.money(amount) })}
        </Text>
      )}
    </Table.Td>
  );
  return (
    <div>
      <Table.ScrollContainer minWidth={wide ? 420 : 0} type="native">
        <Table verticalSpacing={6} horizontalSpacing={8} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('budget.preview.contribution')}</Table.Th>
              {wide && <Table.Th style={numeric}>{t('budget.preview.budgeted')}</Table.Th>}
              <Table.Th style={numeric}>{t('budget.preview.billed')}</Table.Th>
              <Table.Th w={34} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {coverage.checks.map((check) => (
              <Table.Tr key={check.index}>
                {nameCell(check.name, check.amount)}
                {wide && <Table.Td style={numeric}>{format.money(check.amount)}</Table.Td>}
                <Table.Td style={numeric} c={check.covered ? undefined : 'red'}>
                  {format.money(check.billed)}
                </Table.Td>
                <Table.Td>
                  <Check ok={check.covered} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr fw={700} style={{ borderTop: '2px solid var(--mantine-color-default-border)' }}>
              {nameCell(t('budget.preview.total'), coverage.total)}
              {wide && <Table.Td style={numeric}>{format.money(coverage.total)}</Table.Td>}
              <Table.Td style={numeric}>{format.money(coverage.billed)}</Table.Td>
              <Table.Td>
                <Check ok={coverage.covered} />
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      <Group gap={6} wrap="nowrap" align="flex-start" mt="xs" role="status">
        <Text span c={coverage.covered ? 'green' : 'red'} lh={0} mt={1}>
          {coverage.covered ? (
            <IconCircleCheck size={18} aria-hidden />
          ) : (
            <IconAlertTriangle size={18} aria-hidden />
          )}
        </Text>
        <Text size="sm" c={coverage.covered ? undefined : 'red'}>
          {t(coverage.covered ? 'budget.preview.coveredText' : 'budget.preview.notCoveredText')}
        </Text>
      </Group>
    </div>
  );
}
