import { useState } from 'react';
import { Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BudgetPreviewView } from '@copro/domain';
import { pageOf } from './preview-rows';

const pageSize = 20;

/** The members who pay nothing, and why: the others share their part (DOMAIN 3). */
export function LeftOutList({ leftOut }: { leftOut: BudgetPreviewView['leftOut'] }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const shown = pageOf(leftOut, page, pageSize);
  return (
    <Stack gap="xs">
      <div>
        <Text size="sm" fw={600}>
          {t('budget.leftOut.title', { count: leftOut.length })}
        </Text>
        <Text size="xs" c="dimmed">
          {t('budget.leftOut.intro')}
        </Text>
      </div>
      <Table verticalSpacing={4} fz="sm">
        <Table.Tbody>
          {shown.items.map((member) => (
            <Table.Tr key={member.uuid}>
              <Table.Td>{t(`budget.appliesTo.one.${member.kind}`, { number: member.number })}</Table.Td>
              <Table.Td c="dimmed">{t(`budget.leftOut.reasons.${member.reason}`)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {shown.pages > 1 && (
        <Group justify="flex-end">
          <Pagination size="sm" total={shown.pages} value={page} onChange={setPage} />
        </Group>
      )}
    </Stack>
  );
}
