import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBuildingShell } from '../../../app/shell/building-context';
import { AnchorLink } from '../../../ui/router-link';
import { amountStyle } from '../../../ui/amount-style';
import { transactionsPath, type AccountType } from './account-types';
import type { LedgerRow } from './ledger-rows';
import type { LedgerTotals } from './ledger-table';
import { StatusBadge } from './status-badge';
import { useLedgerFormat } from './use-ledger-format';

const struck = { textDecoration: 'line-through' } as const;

/** On a phone each line is a compact card that opens its transaction; the totals close the list. */
export function LedgerCards({
  type,
  rows,
  totals,
}: {
  type: AccountType;
  rows: readonly LedgerRow[];
  totals: LedgerTotals;
}) {
  const { t } = useTranslation();
  const { href } = useBuildingShell();
  const { day, money } = useLedgerFormat();
  return (
    <Stack gap="xs">
      {rows.map((row) => {
        const column = row.debit !== null ? 'debit' : row.credit !== null ? 'credit' : null;
        return (
          <Paper key={row.uuid} withBorder radius="md" p="xs">
            <AnchorLink
              to={href(transactionsPath(type, row.uuid))}
              underline="never"
              c="inherit"
              display="block"
            >
              <Stack gap={2} c={row.cancelled ? 'dimmed' : undefined}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="xs" c="dimmed" truncate>
                    {day(row.date)} · {t(`transactions.kinds.${row.kind}`)}
                  </Text>
                  <StatusBadge status={row.status} />
                </Group>
                <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                  <Text
                    size="sm"
                    fw={500}
                    c="var(--mantine-primary-color-filled)"
                    style={{ minWidth: 0, overflowWrap: 'anywhere', ...(row.cancelled ? struck : {}) }}
                  >
                    {row.description}
                  </Text>
                  {column && (
                    <Stack gap={0} align="flex-end">
                      <Text size="sm" fw={600} style={{ ...amountStyle, ...(row.cancelled ? struck : {}) }}>
                        {money(row[column] ?? 0)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t(`transactions.columns.${column}`)}
                      </Text>
                    </Stack>
                  )}
                </Group>
                <Text size="xs" c="dimmed" style={amountStyle}>
                  {t('transactions.balanceAfter', { amount: money(row.balance) })}
                </Text>
              </Stack>
            </AnchorLink>
          </Paper>
        );
      })}
      <Paper withBorder radius="md" p="xs" bg="var(--mantine-color-default-hover)">
        <SimpleGrid cols={3} spacing="xs">
          <Total label={t('transactions.totalDebits')} value={money(totals.debits)} />
          <Total label={t('transactions.totalCredits')} value={money(totals.credits)} />
          <Total label={t('transactions.yearEndBalanceShort')} value={money(totals.balance)} />
        </SimpleGrid>
      </Paper>
    </Stack>
  );
}

function Total({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} style={amountStyle}>
        {value}
      </Text>
    </div>
  );
}
