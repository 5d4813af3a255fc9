import { useState } from 'react';
import { Button, Checkbox, Flex, Group, Pagination, Paper, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import type { PadOrderView } from '@copro/domain';
import { notifyError, notifySuccess } from '../../app/notify';
import { amountStyle } from '../../ui/amount-style';
import { FormSection } from '../../ui/form-section';
import { PageLoader } from '../../ui/page-loader';
import { QueryError } from '../../ui/query-error';
import { ScrollTable } from '../../ui/scroll-table';
import { useLedgerFormat } from '../ledger';
import { orderPageSize, type OrderFilters } from './order-filters';
import { OrderFiltersBar } from './order-filters-bar';
import { OrderDetailDialog } from './order-detail';
import { useApproveOrders, usePadOrders } from './otonom-api';
import { OrderStatusBadge, useReturnReason } from './status-badge';
import { statusChoices } from './status-change-values';
import { StatusDialog } from './status-dialog';
import { useSelection } from '../../ui/selection';

/** Who the order is with: the unit and its payer, or the supplier paid. */
function OrderParty({ order }: { order: PadOrderView }) {
  const { t } = useTranslation();
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500}>
        {order.direction === 'debit' && order.unitNumber
          ? t('units.unitTitle', { number: order.unitNumber })
          : order.name}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {order.direction === 'debit' ? order.name : t('otonom.directions.credit')}
      </Text>
    </Stack>
  );
}

/**
 * Every order, 50 a page, filtered; approvers tick the debits waiting for them and approve them
 * together; finance writers change a status by hand; anyone who reads opens an order's detail.
 */
export function OrdersCard({
  filters,
  onFiltersChange,
  canWrite,
  canApprove,
}: {
  filters: OrderFilters;
  onFiltersChange: (next: OrderFilters) => void;
  canWrite: boolean;
  canApprove: boolean;
}) {
  const { t } = useTranslation();
  const { money, day } = useLedgerFormat();
  const reason = useReturnReason();
  const orders = usePadOrders(filters);
  const selection = useSelection<PadOrderView>();
  const approve = useApproveOrders();
  const [detail, setDetail] = useState<PadOrderView | null>(null);
  const [changing, setChanging] = useState<PadOrderView | null>(null);
  const page = orders.data;
  const pages = page ? Math.max(1, Math.ceil(page.total / orderPageSize)) : 1;
  const selectable = (order: PadOrderView) => canApprove && order.status === 'waitingApproval';
  const anySelectable = canApprove && (page?.orders.some(selectable) ?? false);
  const selectedTotal = selection.items.reduce((sum, order) => sum + order.amount, 0);

  const confirmApproval = () => {
    const chosen = selection.items;
    modals.openConfirmModal({
      title: t('otonomPages.approve.title'),
      children: (
        <Text size="sm">
          {t('otonomPages.approve.confirm', { count: chosen.length, total: money(selectedTotal) })}
        </Text>
      ),
      labels: {
        confirm: t('otonomPages.approve.submit', { count: chosen.length }),
        cancel: t('otonomPages.actions.back'),
      },
      confirmProps: { color: 'green' },
      onConfirm: () =>
        approve.mutate(
          chosen.map((order) => order.uuid),
          {
            onSuccess: ({ approved }) => {
              notifySuccess(t('otonomPages.approve.done', { count: approved }));
              selection.clear();
            },
            onError: (error) => notifyError(error, t('otonomPages.approve.failed'), { withoutForm: true }),
          },
        ),
    });
  };

  return (
    <>
      <FormSection title={t('otonomPages.orders.title')} description={t('otonomPages.orders.hint')}>
        <OrderFiltersBar filters={filters} onChange={onFiltersChange} />
        {orders.error && !page ? (
          <QueryError error={orders.error} onRetry={() => void orders.refetch()} />
        ) : !page ? (
          <PageLoader />
        ) : page.orders.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('otonomPages.orders.none')}
          </Text>
        ) : (
          <Stack gap="xs">
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('otonomPages.orders.count', { count: page.total })}
            </Text>
            <ScrollTable minWidth={880}>
              <Table verticalSpacing={6} fz="sm" highlightOnHover aria-label={t('otonomPages.orders.title')}>
                <Table.Thead>
                  <Table.Tr>
                    {anySelectable && <Table.Th w={36} aria-label={t('otonomPages.approve.select')} />}
                    <Table.Th>{t('otonomPages.orders.dueDate')}</Table.Th>
                    <Table.Th>{t('otonomPages.orders.party')}</Table.Th>
                    <Table.Th ta="right">{t('otonomPages.orders.amount')}</Table.Th>
                    <Table.Th>{t('otonomPages.orders.status')}</Table.Th>
                    <Table.Th>{t('otonomPages.orders.reference')}</Table.Th>
                    <Table.Th>{t('otonomPages.orders.returnReason')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {page.orders.map((order) => (
                    <Table.Tr key={order.uuid}>
                      {anySelectable && (
                        <Table.Td>
                          {selectable(order) && (
                            <Checkbox
                              aria-label={t('otonomPages.approve.selectOne', { reference: order.reference })}
                              checked={selection.has(order)}
                              onChange={(event) => selection.set(order, event.currentTarget.checked)}
                            />
                          )}
                        </Table.Td>
                      )}
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{day(order.dueDate)}</Table.Td>
                      <Table.Td>
                        <OrderParty order={order} />
                      </Table.Td>
                      <Table.Td ta="right" style={amountStyle}>
                        {money(order.amount)}
                      </Table.Td>
                      <Table.Td>
                        <OrderStatusBadge status={order.status} />
                      </Table.Td>
                      <Table.Td
                        style={{ whiteSpace: 'nowrap', fontFamily: 'var(--mantine-font-family-monospace)' }}
                      >
                        {order.reference}
                      </Table.Td>
                      <Table.Td>{order.returnCode ? reason(order.returnCode) : ''}</Table.Td>
                      <Table.Td>
                        {/* Stacked, so both actions fit beside the French labels at 1280 px. */}
                        <Stack gap={2} align="flex-end">
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            onClick={() => setDetail(order)}
                            aria-label={t('otonomPages.orders.detailsOf', { reference: order.reference })}
                          >
                            {t('otonomPages.orders.details')}
                          </Button>
                          {canWrite && statusChoices(order).length > 0 && (
                            <Button
                              size="compact-xs"
                              variant="subtle"
                              onClick={() => setChanging(order)}
                              aria-label={t('otonomPages.orders.changeStatusOf', {
                                reference: order.reference,
                              })}
                            >
                              {t('otonomPages.orders.changeStatus')}
                            </Button>
                          )}
                        </Stack>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
            {pages > 1 && (
              <Group justify="center">
                <Pagination
                  total={pages}
                  value={Math.min(filters.page, pages)}
                  onChange={(next) => onFiltersChange({ ...filters, page: next })}
                  size="sm"
                />
              </Group>
            )}
          </Stack>
        )}
        {selection.items.length > 0 && (
          <Paper
            withBorder
            shadow="md"
            radius="md"
            p="sm"
            style={{ position: 'sticky', bottom: 'var(--mantine-spacing-sm)', zIndex: 2 }}
            role="region"
            aria-label={t('otonomPages.approve.batch')}
          >
            <Flex gap="sm" align="center">
              <Text size="sm" style={{ flex: 1 }}>
                {t('otonomPages.approve.selected', {
                  count: selection.items.length,
                  total: money(selectedTotal),
                })}
              </Text>
              <Button variant="default" onClick={selection.clear} disabled={approve.isPending}>
                {t('otonomPages.approve.clear')}
              </Button>
              <Button color="green" onClick={confirmApproval} loading={approve.isPending}>
                {t('otonomPages.approve.submit', { count: selection.items.length })}
              </Button>
            </Flex>
          </Paper>
        )}
      </FormSection>
      <OrderDetailDialog
        order={detail}
        canWrite={canWrite}
        onClose={() => setDetail(null)}
        onChangeStatus={(order) => {
          setDetail(null);
          setChanging(order);
        }}
      />
      <StatusDialog order={changing} onClose={() => setChanging(null)} />
    </>
  );
}
