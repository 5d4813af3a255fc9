import { useState } from 'react';
import { Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BudgetPreviewView } from '@copro/domain';
import { pageOf } from './preview-rows';
import { useBudgetFormat } from './use-budget-format';

const pageSize = 20;
const numeric = { textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/**
 * DOMAIN 3 retroactive application: for the 1sts already billed since a past application date,
 * the difference with the fees billed then, billed on the next 1st as one correction per member.
 */
export function CorrectionsList({
  preview,
  applicationDate,
}: {
  preview: BudgetPreviewView;
  applicationDate: string;
}) {
  const { t } = useTranslation();
  const format = useBudgetFormat();
  const [page, setPage] = useState(1);
  const { corrections } = preview;
  // A correction names its member only; the preview says whether it is a unit, a parking or a locker.
  const kinds = new Map([...preview.members, ...preview.leftOut].map((member) => [member.uuid, member.kind]));
  const memberName = (uuid: string, number: string) =>
    t(`budget.appliesTo.one.${kinds.get(uuid) ?? 'units'}`, { number });
  if (corrections.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('budget.corrections.none', { date: format.day(applicationDate) })}
      </Text>
    );
  const shown = pageOf(corrections, page, pageSize);
  const total = corrections.reduce((sum, correction) => sum + correction.amount, 0);
  return (
    <Stack gap="xs">
      <div>
        <Text size="sm" fw={600}>
          {t('budget.corrections.title', { count: corrections.length })}
        </Text>
        <Text size="xs" c="dimmed">
          {t('budget.corrections.intro', { date: format.day(applicationDate) })}
        </Text>
      </div>
      <Table.ScrollContainer minWidth={420} type="native">
        <Table verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('budget.corrections.member')}</Table.Th>
              <Table.Th>{t('budget.corrections.months')}</Table.Th>
              <Table.Th style={numeric}>{t('budget.corrections.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.items.map((correction) => (
              <Table.Tr key={correction.uuid}>
                <Table.Td>{memberName(correction.uuid, correction.number)}</Table.Td>
                <Table.Td c="dimmed">{correction.months.map(format.month).join(', ')}</Table.Td>
                <Table.Td style={numeric}>{format.money(correction.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr fw={700}>
              <Table.Td colSpan={2}>{t('budget.corrections.total')}</Table.Td>
              <Table.Td style={numeric}>{format.money(total)}</Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      {shown.pages > 1 && (
        <Group justify="flex-end">
          <Pagination size="sm" total={shown.pages} value={page} onChange={setPage} />
        </Group>
      )}
    </Stack>
  );
}
