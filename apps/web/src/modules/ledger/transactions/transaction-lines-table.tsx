import { Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TransactionView } from '@copro/domain';
import { useBuildingShell } from '../../../app/shell/building-context';
import { useIsMobile } from '../../../app/shell/use-is-mobile';
import { AnchorLink } from '../../../ui/router-link';
import { useRecords } from '../../registry';
import { AmountCell } from './amount-cell';
import { accountTypeTabs, transactionsPath } from './account-types';
import { lineTotals, transactionLineRows, type LineAccount } from './transaction-lines';
import { useLedgerAccounts } from './transactions-api';

/** The transaction's lines: each account with its debit or credit, and the equal totals. */
export function TransactionLinesTable({ lines }: { lines: TransactionView['subtransactions'] }) {
  const { t } = useTranslation();
  const { can } = useBuildingShell();
  const isPhone = useIsMobile();
  const readsEveryAccount = can('transactions.read');
  const accounts = useLedgerAccounts();
  // Without the ledger accounts (owners with `self` access), the owner's own units still have names.
  const units = useRecords('units', { enabled: !readsEveryAccount });
  const rows = transactionLineRows(lines, accounts.data, readsEveryAccount ? undefined : units.data);
  const totals = lineTotals(rows);

  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {t('transactions.view.lines')}
      </Title>
      {/* Three narrow columns fit a phone once the cells' side padding shrinks. */}
      <Table
        verticalSpacing="xs"
        horizontalSpacing={isPhone ? 4 : 'sm'}
        fz={isPhone ? 'xs' : 'sm'}
        aria-label={t('transactions.view.lines')}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('transactions.columns.account')}</Table.Th>
            <Table.Th ta="right">{t('transactions.columns.debit')}</Table.Th>
            <Table.Th ta="right">{t('transactions.columns.credit')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Td>
                <AccountName account={row.account} />
                {row.check && (
                  <Text size="xs" c="dimmed">
                    {t('transactions.view.lineCheck', { check: row.check })}
                  </Text>
                )}
              </Table.Td>
              <AmountCell cents={row.debit} />
              <AmountCell cents={row.credit} />
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th>{t('transactions.view.total')}</Table.Th>
            <AmountCell cents={totals.debits} strong />
            <AmountCell cents={totals.credits} strong />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Stack>
  );
}

/** The account's name, linked to its transactions when the user may read that kind of account. */
function AccountName({ account }: { account: LineAccount }) {
  const { t } = useTranslation();
  const { can, href } = useBuildingShell();
  if (account.kind !== 'record')
    return (
      <Text inherit>
        {account.kind === 'other' && account.name
          ? account.name
          : t('transactions.accountNumber', { aid: account.aid })}
      </Text>
    );
  const name = account.type === 'units' ? t('units.unitTitle', { number: account.name }) : account.name;
  if (!can(accountTypeTabs[account.type].permission)) return <Text inherit>{name}</Text>;
  return (
    <AnchorLink to={href(transactionsPath(account.type, account.recordUuid))} inherit>
      {name}
    </AnchorLink>
  );
}
