import { useDeferredValue, useRef, useState } from 'react';
import { Group, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../app/shell/use-is-mobile';
import type { Contribution } from '@copro/domain';
import { matchingRows, type PreviewPart, type PreviewRow } from './preview-rows';
import { useBudgetFormat } from './use-budget-format';

const numeric = { textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
const memberWidth = 170;
const amountWidth = 140;

/**
 * Every member's fees, per contribution and in total, a month and a year at a time. Only the rows
 * on screen are drawn, so a building of 2,000 members scrolls as fast as one of 20.
 */
export function PreviewTable({
  rows,
  contributions,
}: {
  rows: readonly PreviewRow[];
  contributions: readonly Contribution[];
}) {
  const { t } = useTranslation();
  // A phone has room for the totals only; each contribution's part is for a wider screen.
  const wide = !useIsMobile();
  const [query, setQuery] = useState('');
  const visible = matchingRows(rows, useDeferredValue(query));
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: visible.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 53,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const columns = wide ? contributions.length + 3 : 3;

  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Text size="sm" fw={600}>
            {t('budget.preview.members', { total: rows.length })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('budget.preview.usualMonth')}
          </Text>
        </div>
        <TextInput
          aria-label={t('budget.preview.search')}
          placeholder={t('budget.preview.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          w={{ base: '100%', xs: 240 }}
        />
      </Group>
      <Paper withBorder radius="md">
        <div
          ref={scroller}
          style={{ maxHeight: 'min(560px, 70dvh)', overflow: 'auto' }}
          aria-label={t('budget.preview.table')}
          role="region"
          tabIndex={0}
        >
          {visible.length === 0 ? (
            <Text size="sm" c="dimmed" p="md">
              {t(rows.length === 0 ? 'budget.preview.noMember' : 'budget.preview.noMatch')}
            </Text>
          ) : (
            <Table
              stickyHeader
              verticalSpacing={6}
              horizontalSpacing={wide ? 'md' : 6}
              fz="sm"
              layout={wide ? 'fixed' : 'auto'}
              style={{ minWidth: wide ? memberWidth + amountWidth * (contributions.length + 2) : undefined }}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={wide ? memberWidth : undefined}>{t('budget.preview.member')}</Table.Th>
                  {wide &&
                    contributions.map((contribution, index) => (
                      <Table.Th key={index} w={amountWidth} style={numeric}>
                        <Text size="sm" fw={600} truncate title={contribution.name}>
                          {contribution.name}
                        </Text>
                      </Table.Th>
                    ))}
                  <Table.Th w={wide ? amountWidth : undefined} ta="right">
                    {t('budget.preview.totalPerMonth')}
                  </Table.Th>
                  <Table.Th w={wide ? amountWidth : undefined} ta="right">
                    {t('budget.preview.totalPerYear')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                <Spacer height={items[0]?.start ?? 0} columns={columns} />
                {items.map((item) => {
                  const row = visible[item.index];
                  return row ? (
                    <MemberRow
                      key={row.uuid}
                      row={row}
                      withParts={wide}
                      index={item.index}
                      measure={virtualizer.measureElement}
                    />
                  ) : null;
                })}
                <Spacer height={virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0)} columns={columns} />
              </Table.Tbody>
            </Table>
          )}
        </div>
      </Paper>
    </Stack>
  );
}

function MemberRow({
  row,
  withParts,
  index,
  measure,
}: {
  row: PreviewRow;
  withParts: boolean;
  index: number;
  measure: (element: Element | null) => void;
}) {
  const { t } = useTranslation();
  const format = useBudgetFormat();
  const part = (value: PreviewPart | null) =>
    value ? (
      <>
        <Text size="sm">{format.money(value.monthly)}</Text>
        <Text size="xs" c="dimmed">
          {t('budget.preview.perYear', { amount: format.money(value.annual) })}
        </Text>
      </>
    ) : (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Table.Tr data-index={index} ref={measure}>
      <Table.Td>
        <Text size="sm" fw={500} truncate>
          {t(`budget.appliesTo.one.${row.kind}`, { number: row.number })}
        </Text>
        {row.billedTo !== null && (
          <Text size="xs" c="dimmed" truncate>
            {t('budget.preview.billedTo', { number: row.billedTo })}
          </Text>
        )}
      </Table.Td>
      {withParts &&
        row.parts.map((value, i) => (
          <Table.Td key={i} style={numeric}>
            {part(value)}
          </Table.Td>
        ))}
      <Table.Td style={numeric} fw={600}>
        {format.money(row.monthly)}
      </Table.Td>
      <Table.Td style={numeric} fw={600}>
        {format.money(row.annual)}
      </Table.Td>
    </Table.Tr>
  );
}

/** Keeps the scroll height of the rows not drawn. */
function Spacer({ height, columns }: { height: number; columns: number }) {
  if (height <= 0) return null;
  return (
    <tr aria-hidden>
      <td colSpan={columns} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}
