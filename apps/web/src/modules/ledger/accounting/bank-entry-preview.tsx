import { Paper, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { languageOf } from '@copro/domain';
import { useBuildingShell } from '../../../app/shell/building-context';
import { formatMoney } from '../../../ui/format';
import { bankEntryRules } from './bank-entry-rules';
import type { BankEntryValues } from './bank-entry-values';
import type { LedgerAccount } from './ledger-accounts';
import { centsOf } from '../../../ui/typed-amount';
import { useAccountNames } from './use-account-names';

/** The two lines the entry will post, so the direction can be checked before recording it. */
export function BankEntryPreview({
  values,
  accounts,
}: {
  values: BankEntryValues;
  accounts: readonly LedgerAccount[];
}) {
  const { t, i18n } = useTranslation();
  const { building } = useBuildingShell();
  const names = useAccountNames();
  if (values.bank === '' || values.counterpart === '') return null;
  const nameOf = (aid: string) =>
    names.account(accounts.find((a) => String(a.aid) === aid) ?? null, Number(aid));
  const bankDebited = bankEntryRules[values.type].bankSide === 'debit';
  const cents = centsOf(values.amount);
  const amount = cents > 0 ? formatMoney(cents, building.currency, languageOf(i18n.language)) : '—';
  const rows = [
    { side: t('accounting.writing.debit'), account: nameOf(bankDebited ? values.bank : values.counterpart) },
    { side: t('accounting.writing.credit'), account: nameOf(bankDebited ? values.counterpart : values.bank) },
  ];
  return (
    <Paper bg="var(--mantine-color-gray-light)" radius="md" p="xs">
      <Text size="xs" c="dimmed" fw={500} mb={4}>
        {t('accounting.bankEntries.preview')}
      </Text>
      <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing="xs" fz="sm">
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.side}>
              <Table.Td w={64} c="dimmed">
                {row.side}
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.account}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {amount}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
