import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { notifyError, notifySuccess } from '../../../app/notify';
import {
  ActionIcon,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPencil, IconSearch, IconTrash } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { checkStatuses, languageOf, type CheckView, type UnitView } from '@copro/domain';
import { PageLoader } from '../../../ui/page-loader';
import { QueryError } from '../../../ui/query-error';
import { RecordFormModal } from '../../../ui/record-panel';
import { amountStyle } from '../../../ui/amount-style';
import { useLedgerFormat } from '../../ledger';
import { CheckForm } from './check-form';
import { CheckStatusBadge } from './check-status-badge';
import { checkValuesOf, filterChecks, isEditable, totalOf, type CheckStatusFilter } from './check-values';
import { useChecks, usePaymentWrite } from './payments-api';

const statusFilters: readonly CheckStatusFilter[] = [...checkStatuses, 'all'];
const isStatusFilter = (value: string): value is CheckStatusFilter =>
  (statusFilters as readonly string[]).includes(value);

/**
 * The year's checks, waiting for their deposit first: found by unit or number, filtered by status.
 * Only the rows in view are drawn, so hundreds of post-dated checks scroll as fast as ten.
 */
export function ChecksList({ units, canWrite }: { units: readonly UnitView[]; canWrite: boolean }) {
  const { t } = useTranslation();
  const { money } = useLedgerFormat();
  const checks = useChecks();
  const [status, setStatus] = useState<CheckStatusFilter>('recorded');
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [editing, setEditing] = useState<CheckView | null>(null);
  const visible = useMemo(
    () => filterChecks(checks.data ?? [], status, deferredQuery),
    [checks.data, status, deferredQuery],
  );

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="sm">
        <SegmentedControl
          aria-label={t('payments.checks.statusFilter')}
          value={status}
          onChange={(value) => isStatusFilter(value) && setStatus(value)}
          data={statusFilters.map((value) => ({
            value,
            label: t(value === 'all' ? 'payments.checks.allStatuses' : `payments.checkStatus.${value}`),
          }))}
        />
        <TextInput
          aria-label={t('payments.checks.search')}
          placeholder={t('payments.checks.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          w={{ base: '100%', xs: 260 }}
        />
      </Group>
      {checks.error && !checks.data ? (
        <QueryError error={checks.error} onRetry={() => void checks.refetch()} />
      ) : !checks.data ? (
        <PageLoader />
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('payments.checks.shown', { count: visible.length, total: money(totalOf(visible)) })}
          </Text>
          <ChecksTable rows={visible} canWrite={canWrite} onEdit={setEditing} />
        </>
      )}
      <RecordFormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t('payments.checks.editTitle', { number: editing?.number ?? '' })}
      >
        {editing && <EditCheck check={editing} units={units} onDone={() => setEditing(null)} />}
      </RecordFormModal>
    </Stack>
  );
}

function EditCheck({
  check,
  units,
  onDone,
}: {
  check: CheckView;
  units: readonly UnitView[];
  onDone: () => void;
}) {
  const { i18n } = useTranslation();
  const start = useMemo(() => checkValuesOf(check, languageOf(i18n.language)), [check, i18n.language]);
  return <CheckForm units={units} start={start} editing={check} onSaved={onDone} onCancel={onDone} />;
}

const columns = 8;

function ChecksTable({
  rows,
  canWrite,
  onEdit,
}: {
  rows: readonly CheckView[];
  canWrite: boolean;
  onEdit: (check: CheckView) => void;
}) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 45,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  if (rows.length === 0)
    return (
      <Paper withBorder radius="md" p="md">
        <Text size="sm" c="dimmed">
          {t('payments.checks.none')}
        </Text>
      </Paper>
    );
  return (
    <Paper withBorder radius="md">
      <div
        ref={scroller}
        style={{ maxHeight: 'min(600px, 70dvh)', overflow: 'auto' }}
        role="region"
        aria-label={t('payments.checks.listTitle')}
        tabIndex={0}
      >
        <Table stickyHeader verticalSpacing={6} fz="sm" style={{ minWidth: 760 }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('payments.fields.checkDate')}</Table.Th>
              <Table.Th>{t('payments.fields.unit')}</Table.Th>
              <Table.Th>{t('payments.fields.checkNumber')}</Table.Th>
              <Table.Th ta="right">{t('payments.fields.amount')}</Table.Th>
              <Table.Th>{t('payments.fields.status')}</Table.Th>
              <Table.Th>{t('payments.fields.deposit')}</Table.Th>
              <Table.Th>{t('payments.fields.notes')}</Table.Th>
              <Table.Th w={84}>
                <VisuallyHidden>{t('payments.fields.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Spacer height={items[0]?.start ?? 0} />
            {items.map((item) => {
              const check = rows[item.index];
              return check ? (
                <CheckRow
                  key={check.uuid}
                  check={check}
                  index={item.index}
                  measure={virtualizer.measureElement}
                  canWrite={canWrite}
                  onEdit={onEdit}
                />
              ) : null;
            })}
            <Spacer height={virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0)} />
          </Table.Tbody>
        </Table>
      </div>
    </Paper>
  );
}

function CheckRow({
  check,
  index,
  measure,
  canWrite,
  onEdit,
}: {
  check: CheckView;
  index: number;
  measure: (element: Element | null) => void;
  canWrite: boolean;
  onEdit: (check: CheckView) => void;
}) {
  const { t } = useTranslation();
  const { money, day } = useLedgerFormat();
  const remove = usePaymentWrite('deleteCheck');
  const askDelete = () =>
    modals.openConfirmModal({
      title: t('payments.checks.deleteTitle', { number: check.number }),
      children: (
        <Text size="sm">
          {t('payments.checks.deleteBody', { unit: check.unitNumber, amount: money(check.amount) })}
        </Text>
      ),
      labels: { confirm: t('payments.checks.delete'), cancel: t('payments.actions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(
          { uuid: check.uuid },
          {
            onSuccess: () => notifySuccess(t('payments.checks.deleted', { number: check.number })),
            onError: (error) => notifyError(error, t('payments.checks.deleteFailed')),
          },
        ),
    });
  const editable = canWrite && isEditable(check);
  return (
    <Table.Tr data-index={index} ref={measure}>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{day(check.date)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {t('units.unitTitle', { number: check.unitNumber })}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{check.number}</Table.Td>
      <Table.Td ta="right" style={amountStyle}>
        {money(check.amount)}
      </Table.Td>
      <Table.Td>
        <CheckStatusBadge status={check.status} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{check.depositNumber ?? ''}</Table.Td>
      <Table.Td maw={220}>
        <Text size="sm" truncate title={check.notes}>
          {check.notes}
        </Text>
      </Table.Td>
      <Table.Td>
        {editable && (
          <Group gap={4} wrap="nowrap">
            <Tooltip label={t('payments.checks.edit')}>
              <ActionIcon
                variant="subtle"
                size="sm"
                aria-label={t('payments.checks.editLabel', { number: check.number })}
                onClick={() => onEdit(check)}
              >
                <IconPencil size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('payments.checks.delete')}>
              <ActionIcon
                variant="subtle"
                size="sm"
                color="red"
                loading={remove.isPending}
                aria-label={t('payments.checks.deleteLabel', { number: check.number })}
                onClick={askDelete}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** Keeps the scroll height of the rows not drawn. */
function Spacer({ height }: { height: number }) {
  if (height <= 0) return null;
  return (
    <tr aria-hidden>
      <td colSpan={columns} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}
