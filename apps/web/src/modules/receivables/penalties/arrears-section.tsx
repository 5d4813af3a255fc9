import { Badge, Button, Checkbox, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconMailForward, IconSearch } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArrearsRow } from '@copro/domain';
import { notifyError, notifySuccess } from '../../../app/notify';
import { useBuildingShell } from '../../../app/shell/building-context';
import { useIsMobile } from '../../../app/shell/use-is-mobile';
import { PageLoader } from '../../../ui/page-loader';
import { QueryError } from '../../../ui/query-error';
import { AnchorLink } from '../../../ui/router-link';
import {
  arrearsTotals,
  keepSelected,
  matchingArrears,
  reminderBody,
  sortArrears,
  toggleAll,
} from './arrears-rows';
import { useArrears, useSendReminders } from './penalties-api';
import { useLedgerFormat } from '../../ledger';

const numeric = { textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/** DOMAIN 5: the units that owe since a month or more, the flagged ones first, and their reminders. */
export function ArrearsSection({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const { building } = useBuildingShell();
  const titleId = useId();
  const arrears = useArrears();
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id={titleId}>
            {t('arrearsPage.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('arrearsPage.description', { months: building.numberOfMonthsUnitHasUnpaidBalanceBeforeAlert })}
          </Text>
        </div>
        {arrears.isPending ? (
          <PageLoader />
        ) : arrears.isError ? (
          <QueryError error={arrears.error} onRetry={() => void arrears.refetch()} />
        ) : (
          <ArrearsList rows={arrears.data} canWrite={canWrite} />
        )}
      </Stack>
    </Paper>
  );
}

function ArrearsList({ rows, canWrite }: { rows: readonly ArrearsRow[]; canWrite: boolean }) {
  const { t } = useTranslation();
  const { readOnly } = useBuildingShell();
  const format = useLedgerFormat();
  const wide = !useIsMobile();
  const sorted = useMemo(() => sortArrears(rows), [rows]);
  const [query, setQuery] = useState('');
  const shown = matchingArrears(sorted, useDeferredValue(query));
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  // Units that left the list (paid up) are no longer selected.
  const selected = keepSelected(sorted, picked);
  const send = useSendReminders();
  const totals = arrearsTotals(sorted);
  const selectable = canWrite && !readOnly;

  const confirmSend = () => {
    const body = reminderBody(sorted, selected);
    const count = body.unitUuids?.length ?? 0;
    modals.openConfirmModal({
      title: t('arrearsPage.confirmTitle'),
      children: (
        <Text size="sm">
          {count > 0 ? t('arrearsPage.confirmSelected', { count }) : t('arrearsPage.confirmAll')}
        </Text>
      ),
      labels: { confirm: t('arrearsPage.send'), cancel: t('penaltiesPage.cancel') },
      onConfirm: () =>
        send.mutate(body, {
          onSuccess: ({ sent }) => {
            notifySuccess(t('arrearsPage.sent', { count: sent }));
            setPicked(new Set());
          },
          onError: (error) => notifyError(error, t('arrearsPage.sendFailed')),
        }),
    });
  };

  if (sorted.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('arrearsPage.empty')}
      </Text>
    );

  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {t('arrearsPage.summary', { count: totals.units, total: format.money(totals.balance) })}
        </Text>
        {totals.flagged > 0 && (
          <Badge color="red" variant="light">
            {t('arrearsPage.flaggedCount', { count: totals.flagged })}
          </Badge>
        )}
      </Group>
      <Group justify="space-between" align="flex-end" gap="sm">
        <TextInput
          aria-label={t('arrearsPage.search')}
          placeholder={t('arrearsPage.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          w={{ base: '100%', xs: 240 }}
        />
        {selectable && (
          <Button
            leftSection={<IconMailForward size={16} aria-hidden />}
            loading={send.isPending}
            onClick={confirmSend}
            w={{ base: '100%', xs: 'auto' }}
          >
            {selected.size > 0
              ? t('arrearsPage.sendSelected', { count: selected.size })
              : t('arrearsPage.sendAll')}
          </Button>
        )}
      </Group>
      <ArrearsTable
        rows={shown}
        wide={wide}
        selectable={selectable}
        selected={selected}
        onToggle={(uuid) =>
          setPicked(() => {
            const next = new Set(selected);
            if (next.has(uuid)) next.delete(uuid);
            else next.add(uuid);
            return next;
          })
        }
        onToggleAll={() => setPicked(toggleAll(shown, selected))}
      />
      {shown.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('arrearsPage.noMatch')}
        </Text>
      )}
    </Stack>
  );
}

/** Only the rows on screen are drawn, so hundreds of units scroll as fast as ten. */
function ArrearsTable({
  rows,
  wide,
  selectable,
  selected,
  onToggle,
  onToggleAll,
}: {
  rows: readonly ArrearsRow[];
  wide: boolean;
  selectable: boolean;
  selected: ReadonlySet<string>;
  onToggle: (uuid: string) => void;
  onToggleAll: () => void;
}) {
  const { t } = useTranslation();
  const { href } = useBuildingShell();
  const format = useLedgerFormat();
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => (wide ? 45 : 64),
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const columns = (wide ? 5 : 2) + (selectable ? 1 : 0);
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.unitUuid));
  const someSelected = rows.some((row) => selected.has(row.unitUuid));
  if (rows.length === 0) return null;

  const months = (row: ArrearsRow) => t('arrearsPage.months', { count: row.months });
  const flag = (row: ArrearsRow) =>
    row.flagged && (
      <Badge color="red" variant="light" size="sm">
        {t('arrearsPage.flagged')}
      </Badge>
    );
  const reminder = (row: ArrearsRow) =>
    row.lastReminder
      ? t('arrearsPage.reminder', {
          date: format.day(row.lastReminder.sentAt.slice(0, 10)),
          level: row.lastReminder.level,
        })
      : t('arrearsPage.noReminder');

  return (
    <Paper withBorder radius="md">
      <div
        ref={scroller}
        style={{ maxHeight: 'min(560px, 70dvh)', overflow: 'auto' }}
        role="region"
        aria-label={t('arrearsPage.table')}
        tabIndex={0}
      >
        <Table
          stickyHeader
          verticalSpacing={6}
          horizontalSpacing={wide ? 'md' : 6}
          fz="sm"
          aria-label={t('arrearsPage.table')}
          aria-rowcount={rows.length + 1}
        >
          <Table.Thead>
            <Table.Tr>
              {selectable && (
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={t('arrearsPage.selectAll')}
                    checked={allSelected}
                    indeterminate={someSelected && !allSelected}
                    onChange={onToggleAll}
                  />
                </Table.Th>
              )}
              <Table.Th>{t('arrearsPage.columns.unit')}</Table.Th>
              <Table.Th style={numeric}>{t('arrearsPage.columns.balance')}</Table.Th>
              {wide && (
                <>
                  <Table.Th style={numeric}>{t('arrearsPage.columns.months')}</Table.Th>
                  <Table.Th>{t('arrearsPage.columns.since')}</Table.Th>
                  <Table.Th>{t('arrearsPage.columns.lastReminder')}</Table.Th>
                </>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Spacer height={items[0]?.start ?? 0} columns={columns} />
            {items.map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              return (
                <Table.Tr
                  key={row.unitUuid}
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  aria-rowindex={item.index + 2}
                  bg={selected.has(row.unitUuid) ? 'var(--mantine-primary-color-light)' : undefined}
                >
                  {selectable && (
                    <Table.Td>
                      <Checkbox
                        aria-label={t('arrearsPage.selectUnit', { number: row.unitNumber })}
                        checked={selected.has(row.unitUuid)}
                        onChange={() => onToggle(row.unitUuid)}
                      />
                    </Table.Td>
                  )}
                  <Table.Td>
                    <Group gap={6} wrap="wrap">
                      <AnchorLink to={href(`units/transactions/${row.unitUuid}`)} size="sm" fw={600}>
                        {row.unitNumber}
                      </AnchorLink>
                      {flag(row)}
                    </Group>
                    {!wide && row.since && (
                      <Text size="xs" c="dimmed">
                        {t('arrearsPage.sinceLine', { date: format.day(row.since) })}
                      </Text>
                    )}
                    {!wide && row.lastReminder && (
                      <Text size="xs" c="dimmed">
                        {t('arrearsPage.lastReminderLine', { reminder: reminder(row) })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={numeric}>
                    <Text size="sm" fw={600} inherit>
                      {format.money(row.balance)}
                    </Text>
                    {!wide && (
                      <Text size="xs" c={row.flagged ? 'red' : 'dimmed'}>
                        {months(row)}
                      </Text>
                    )}
                  </Table.Td>
                  {wide && (
                    <>
                      <Table.Td style={numeric} c={row.flagged ? 'red' : undefined}>
                        {months(row)}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {row.since ? format.day(row.since) : '—'}
                      </Table.Td>
                      <Table.Td c={row.lastReminder ? undefined : 'dimmed'}>{reminder(row)}</Table.Td>
                    </>
                  )}
                </Table.Tr>
              );
            })}
            <Spacer height={virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0)} columns={columns} />
          </Table.Tbody>
        </Table>
      </div>
    </Paper>
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
