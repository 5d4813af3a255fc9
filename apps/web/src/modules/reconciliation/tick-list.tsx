import {
  Badge,
  Button,
  Checkbox,
  Group,
  Pagination,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PeriodDetail, ReconciliationLine } from '@copro/domain';
import { notifyError } from '../../app/notify';
import { useIsMobile } from '../../app/shell/use-is-mobile';
import { amountStyle } from '../../ui/amount-style';
import { ScrollTable } from '../../ui/scroll-table';
import { useLedgerFormat } from '../ledger';
import { clearingOf, tickAllShown } from './line-actions';
import { periodPageSize, useClearing, type LinesQuery, type LinesShown } from './reconciliation-api';

const shows: readonly LinesShown[] = ['all', 'cleared', 'uncleared'];

/**
 * The period's tick list (DOMAIN 9): every transaction touching the bank in the period, and the
 * older ones still outstanding (carried forward). A writer ticks what the statement shows; the
 * figures above come back from the server with each tick. The server pages the list.
 */
export function TickList({
  bankUuid,
  detail,
  query,
  onQueryChange,
  tickable,
  dimmed,
}: {
  bankUuid: string;
  detail: PeriodDetail;
  query: LinesQuery;
  onQueryChange: (query: LinesQuery) => void;
  tickable: boolean;
  /** Another page or filter is on its way: the rows shown are the previous ones. */
  dimmed: boolean;
}) {
  const { t } = useTranslation();
  const isPhone = useIsMobile();
  const clearing = useClearing(bankUuid, detail.period.uuid);
  const pages = Math.max(1, Math.ceil(detail.total / periodPageSize));
  const page = Math.min(query.page, pages);
  const all = tickable ? tickAllShown(detail.lines) : null;
  const send = (body: Parameters<typeof clearing.mutate>[0]) =>
    clearing.mutate(body, {
      onError: (error) =>
        notifyError(error, t('reconciliationPages.lines.tickFailed'), { withoutForm: true }),
    });

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-label={t('reconciliationPages.lines.title')}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text fw={600}>{t('reconciliationPages.lines.title')}</Text>
          <SegmentedControl
            size="xs"
            aria-label={t('reconciliationPages.lines.filter')}
            value={query.show}
            onChange={(show) => onQueryChange({ show: shows.find((s) => s === show) ?? 'all', page: 1 })}
            data={shows.map((show) => ({ value: show, label: t(`reconciliationPages.lines.show.${show}`) }))}
          />
        </Group>
        {detail.lines.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="md">
            {t('reconciliationPages.lines.empty')}
          </Text>
        ) : (
          <>
            {all && (
              <Group>
                <Button size="compact-xs" variant="subtle" onClick={() => send(all.body)} disabled={dimmed}>
                  {t(`reconciliationPages.lines.${all.action}AllShown`, {
                    count: all.body.clear.length || all.body.unclear.length,
                  })}
                </Button>
              </Group>
            )}
            <LinesTable
              lines={detail.lines}
              tickable={tickable}
              dimmed={dimmed}
              onTick={(line, cleared) => send(clearingOf(line.transactionUuid, cleared))}
            />
          </>
        )}
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" c="dimmed" aria-live="polite">
            {detail.total === 0
              ? ''
              : t('reconciliationPages.lines.range', {
                  first: (page - 1) * periodPageSize + 1,
                  last: (page - 1) * periodPageSize + detail.lines.length,
                  total: detail.total,
                })}
          </Text>
          {pages > 1 && (
            <Pagination
              size="sm"
              total={pages}
              value={page}
              onChange={(next) => onQueryChange({ ...query, page: next })}
              siblings={isPhone ? 0 : 1}
              getControlProps={(control) => ({ 'aria-label': t(`invoicePages.list.paging.${control}`) })}
              getItemProps={(item) => ({ 'aria-label': t('invoicePages.list.paging.page', { page: item }) })}
            />
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

function LinesTable({
  lines,
  tickable,
  dimmed,
  onTick,
}: {
  lines: readonly ReconciliationLine[];
  tickable: boolean;
  dimmed: boolean;
  onTick: (line: ReconciliationLine, cleared: boolean) => void;
}) {
  const { t } = useTranslation();
  const { money, day } = useLedgerFormat();
  return (
    <ScrollTable minWidth={720} maxHeight="min(70vh, 720px)">
      <Table
        verticalSpacing={6}
        fz="sm"
        highlightOnHover
        stickyHeader
        style={{ opacity: dimmed ? 0.6 : 1 }}
        aria-label={t('reconciliationPages.lines.title')}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <VisuallyHidden>{t('reconciliationPages.lines.ticked')}</VisuallyHidden>
            </Table.Th>
            <Table.Th>{t('reconciliationPages.lines.date')}</Table.Th>
            <Table.Th>{t('reconciliationPages.lines.description')}</Table.Th>
            <Table.Th>{t('reconciliationPages.lines.checkNumber')}</Table.Th>
            <Table.Th ta="right">{t('reconciliationPages.lines.moneyIn')}</Table.Th>
            <Table.Th ta="right">{t('reconciliationPages.lines.moneyOut')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr
              key={line.transactionUuid}
              bg={line.cleared ? 'var(--mantine-color-green-light)' : undefined}
            >
              <Table.Td>
                <Checkbox
                  aria-label={t('reconciliationPages.lines.tick', {
                    description: line.description,
                    date: day(line.date),
                  })}
                  checked={line.cleared}
                  disabled={!tickable || dimmed}
                  onChange={(event) => onTick(line, event.currentTarget.checked)}
                />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{day(line.date)}</Table.Td>
              <Table.Td>
                <Group gap={6} wrap="wrap">
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {line.description}
                  </Text>
                  {line.carriedForward && (
                    <Badge size="xs" variant="outline" color="orange">
                      {t('reconciliationPages.lines.carriedForward')}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{line.checkNumber ?? ''}</Table.Td>
              <Table.Td ta="right" style={amountStyle}>
                {line.amount > 0 ? money(line.amount) : ''}
              </Table.Td>
              <Table.Td ta="right" style={amountStyle}>
                {line.amount < 0 ? money(-line.amount) : ''}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
