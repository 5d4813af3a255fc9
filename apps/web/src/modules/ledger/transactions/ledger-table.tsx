import { Group, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBuildingShell } from '../../../app/shell/building-context';
import { AnchorLink } from '../../../ui/router-link';
import { AmountCell } from './amount-cell';
import { transactionsPath, type AccountType } from './account-types';
import type { LedgerRow } from './ledger-rows';
import { StatusBadge } from './status-badge';
import { useLedgerFormat } from './use-ledger-format';

export interface LedgerTotals {
  debits: number;
  credits: number;
  /** At the end of the year. */
  balance: number;
}

// A cancelled line stays readable, struck through, and no longer counts (DOMAIN 1). Set on each
// text rather than on the row, so the "Cancelled" badge itself is not struck.
const struck = { textDecoration: 'line-through', color: 'var(--mantine-color-dimmed)' } as const;

/** A page of an account's lines on a computer, with the filtered totals and the year-end balance. */
export function LedgerTable({
  type,
  rows,
  totals,
  caption,
}: {
  type: AccountType;
  rows: readonly LedgerRow[];
  totals: LedgerTotals;
  caption: string;
}) {
  const { t } = useTranslation();
  const { href } = useBuildingShell();
  const { day } = useLedgerFormat();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs" highlightOnHover aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('transactions.columns.date')}</Table.Th>
            <Table.Th>{t('transactions.columns.description')}</Table.Th>
            <Table.Th>{t('transactions.columns.kind')}</Table.Th>
            <Table.Th ta="right">{t('transactions.columns.debit')}</Table.Th>
            <Table.Th ta="right">{t('transactions.columns.credit')}</Table.Th>
            <Table.Th ta="right">{t('transactions.columns.balance')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.uuid}>
              <Table.Td style={{ whiteSpace: 'nowrap', ...(row.cancelled ? struck : {}) }}>
                {day(row.date)}
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="wrap">
                  <AnchorLink
                    to={href(transactionsPath(type, row.uuid))}
                    size="sm"
                    style={row.cancelled ? struck : undefined}
                  >
                    {row.description}
                  </AnchorLink>
                  <StatusBadge status={row.status} />
                </Group>
              </Table.Td>
              {/* Kinds are short labels: kept on one line, the description takes what is left. */}
              <Table.Td style={{ whiteSpace: 'nowrap', ...(row.cancelled ? struck : {}) }}>
                {t(`transactions.kinds.${row.kind}`)}
              </Table.Td>
              <AmountCell cents={row.debit} struck={row.cancelled} />
              <AmountCell cents={row.credit} struck={row.cancelled} />
              <AmountCell cents={row.balance} struck={row.cancelled} />
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={3}>{t('transactions.totals')}</Table.Th>
            <AmountCell cents={totals.debits} strong />
            <AmountCell cents={totals.credits} strong />
            <Table.Td />
          </Table.Tr>
          <Table.Tr>
            <Table.Th colSpan={5}>{t('transactions.yearEndBalance')}</Table.Th>
            <AmountCell cents={totals.balance} strong />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
