import { Group, Table, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { languageOf } from '@copro/domain';
import { useBuildingShell } from '../../../app/shell/building-context';
import { formatMoney } from '../../../ui/format';
import { ScrollTable } from '../../../ui/scroll-table';
import { groupOf } from './ledger-accounts';
import type { Totals, TrialBalanceSection } from './trial-balance-rows';
import { useAccountNames } from './use-account-names';

const numeric = { textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/**
 * The trial balance: one row per account, under its type's heading (with the type's totals) or
 * in one run by number (with the type in a column); the grand totals close it.
 */
export function TrialBalanceTable({ sections, totals }: { sections: TrialBalanceSection[]; totals: Totals }) {
  const { t, i18n } = useTranslation();
  const { building } = useBuildingShell();
  const names = useAccountNames();
  const money = (cents: number) => formatMoney(cents, building.currency, languageOf(i18n.language));
  const byNumber = sections.length === 1 && sections[0]?.group === null;
  const columns = byNumber ? 6 : 5;
  const amounts = (row: Totals) => (
    <>
      <Table.Td style={numeric}>{row.debits === 0 ? '' : money(row.debits)}</Table.Td>
      <Table.Td style={numeric}>{row.credits === 0 ? '' : money(row.credits)}</Table.Td>
      <Table.Td style={numeric}>{money(row.balance)}</Table.Td>
    </>
  );
  const balanced = totals.debits === totals.credits;

  return (
    <ScrollTable minWidth={byNumber ? 720 : 600}>
      <Table striped={byNumber} highlightOnHover verticalSpacing="xs" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={72}>{t('accounting.trialBalance.number')}</Table.Th>
            <Table.Th>{t('accounting.trialBalance.account')}</Table.Th>
            {byNumber && <Table.Th>{t('accounting.trialBalance.type')}</Table.Th>}
            <Table.Th style={numeric}>{t('accounting.writing.debit')}</Table.Th>
            <Table.Th style={numeric}>{t('accounting.writing.credit')}</Table.Th>
            <Table.Th style={numeric}>{t('accounting.trialBalance.balance')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sections.map((section) => (
            <Fragment key={section.group ?? 'all'}>
              {section.group && (
                <Table.Tr bg="var(--mantine-color-gray-light)" fw={600}>
                  <Table.Td colSpan={2}>{names.group(section.group)}</Table.Td>
                  {amounts(section.totals)}
                </Table.Tr>
              )}
              {section.lines.map((line) => (
                <Table.Tr key={line.aid}>
                  <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{line.aid}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {names.account(line.account, line.aid)}
                  </Table.Td>
                  {byNumber && <Table.Td c="dimmed">{names.group(groupOf(line.account))}</Table.Td>}
                  {amounts(line)}
                </Table.Tr>
              ))}
            </Fragment>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700} style={{ borderTop: '2px solid var(--mantine-color-default-border)' }}>
            <Table.Td colSpan={columns - 3}>{t('accounting.trialBalance.total')}</Table.Td>
            <Table.Td style={numeric}>{money(totals.debits)}</Table.Td>
            <Table.Td style={numeric}>{money(totals.credits)}</Table.Td>
            <Table.Td style={numeric}>
              {balanced ? (
                <Group gap={4} justify="flex-end" wrap="nowrap" c="green">
                  <IconCircleCheck size={18} aria-hidden />
                  <Text span size="sm" fw={700} inherit>
                    {t('accounting.trialBalance.balanced')}
                  </Text>
                </Group>
              ) : (
                <Text span c="red" size="sm" fw={700}>
                  {money(totals.debits - totals.credits)}
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </ScrollTable>
  );
}
