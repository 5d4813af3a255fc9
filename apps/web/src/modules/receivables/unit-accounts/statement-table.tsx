import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useIsMobile } from '../../../app/shell/use-is-mobile';
import { useTranslation } from 'react-i18next';
import type { StatementView } from '@copro/domain';
import { useLedgerFormat } from '../../ledger';
import { statementRows } from './statement-rows';

/** A statement of account: opening balance, the period's lines, totals and closing balance. */
export function StatementTable({ statement }: { statement: StatementView }) {
  const { t } = useTranslation();
  const { money, day } = useLedgerFormat();
  const isPhone = useIsMobile();
  const rows = statementRows(statement, (kind) => t(`transactions.kinds.${kind}`, { defaultValue: kind }));
  const amount = (cents: number | null) => (cents === null ? '' : money(cents));
  const caption = t('unitStatement.caption', {
    unit: statement.unitNumber,
    owners: statement.ownerNames.join(', ') || t('unitStatement.noOwner'),
  });
  if (isPhone) return <StatementCards statement={statement} caption={caption} />;
  return (
    <Table.ScrollContainer minWidth={560} type="native">
      <Table striped withTableBorder fz="sm" verticalSpacing={6} captionSide="top">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('unitStatement.columns.date')}</Table.Th>
            <Table.Th scope="col">{t('unitStatement.columns.description')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('unitStatement.columns.invoiced')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('unitStatement.columns.paid')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('unitStatement.columns.balance')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const summary = row.kind !== 'line';
            return (
              <Table.Tr key={row.key} fw={summary ? 600 : undefined}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{day(row.date)}</Table.Td>
                <Table.Td>{row.description ?? t(`unitStatement.${row.kind}`)}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {amount(row.invoiced)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {amount(row.paid)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {money(row.balance)}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {statement.lines.length === 0 && (
        <Text size="sm" c="dimmed" mt="xs">
          {t('unitStatement.noLines')}
        </Text>
      )}
    </Table.ScrollContainer>
  );
}

/** On a phone, one card per row: five columns do not fit. */
function StatementCards({ statement, caption }: { statement: StatementView; caption: string }) {
  const { t } = useTranslation();
  const { money, day } = useLedgerFormat();
  const rows = statementRows(statement, (kind) => t(`transactions.kinds.${kind}`, { defaultValue: kind }));
  const line = (column: 'invoiced' | 'paid' | 'balance', cents: number | null) =>
    cents === null ? null : (
      <Text size="sm" ta="right" c={column === 'balance' ? 'dimmed' : undefined}>
        {t('unitStatement.amountLine', { label: t(`unitStatement.columns.${column}`), amount: money(cents) })}
      </Text>
    );
  return (
    <Stack gap={6} role="list" aria-label={caption}>
      <Text size="sm" c="dimmed" ta="center">
        {caption}
      </Text>
      {rows.map((row) => (
        <Paper key={row.key} withBorder radius="sm" p="xs" role="listitem">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="xs" c="dimmed">
                {day(row.date)}
              </Text>
              <Text size="sm" fw={row.kind === 'line' ? undefined : 600} style={{ overflowWrap: 'anywhere' }}>
                {row.description ?? t(`unitStatement.${row.kind}`)}
              </Text>
            </Stack>
            <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
              {line('invoiced', row.invoiced)}
              {line('paid', row.paid)}
              {line('balance', row.balance)}
            </Stack>
          </Group>
        </Paper>
      ))}
      {statement.lines.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('unitStatement.noLines')}
        </Text>
      )}
    </Stack>
  );
}
