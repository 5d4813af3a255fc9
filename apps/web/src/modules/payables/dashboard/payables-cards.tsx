import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PayablesDashboard } from '@copro/domain';
import { useBuildingShell } from '../../../app/shell/building-context';
import { amountStyle } from '../../../ui/amount-style';
import { DashboardCard } from '../../../ui/dashboard-card';
import { PageLoader } from '../../../ui/page-loader';
import { QueryError } from '../../../ui/query-error';
import { AnchorLink } from '../../../ui/router-link';
import { useLedgerFormat } from '../../ledger';
import { usePayablesDashboard, useSupplierPayments } from '../payments/payments-api';
import { dashboardApprovalFilters, firstRows } from './dashboard-rows';

/** Rows a card names before "and N more". */
const rowsShown = 5;

/** How many invoices are due and their total, then the first of them with their due dates. */
function BillsDue({ dashboard }: { dashboard: PayablesDashboard }) {
  const { t } = useTranslation();
  const format = useLedgerFormat();
  const { shown } = firstRows(dashboard.dueThisWeek, rowsShown);
  const more = dashboard.dueThisWeekCount - shown.length;
  return (
    <>
      <Group justify="space-between" gap="xs" align="baseline">
        <Text size="sm">{t('paymentPages.dashboard.billsCount', { count: dashboard.dueThisWeekCount })}</Text>
        <Text size="xl" fw={700} style={amountStyle}>
          {format.money(dashboard.dueThisWeekTotal)}
        </Text>
      </Group>
      {shown.map((invoice) => (
        <Group key={invoice.uuid} justify="space-between" gap="xs" wrap="nowrap">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} truncate>
              {invoice.supplierName}
            </Text>
            <Text size="xs" c="dimmed">
              {invoice.dueDate
                ? t('paymentPages.dashboard.invoiceDue', {
                    number: invoice.number,
                    date: format.day(invoice.dueDate),
                  })
                : t('paymentPages.card.invoice', { number: invoice.number })}
            </Text>
          </Stack>
          <Text size="sm" style={amountStyle}>
            {format.money(invoice.unpaid)}
          </Text>
        </Group>
      ))}
      {more > 0 && (
        <Text size="xs" c="dimmed">
          {t('paymentPages.dashboard.more', { count: more })}
        </Text>
      )}
    </>
  );
}

/** Unpaid invoices due by the end of the week, for those who read the finances; nothing for others. */
export function BillsDueCard() {
  const { t } = useTranslation();
  const { can, href } = useBuildingShell();
  const allowed = can('finance.read');
  const dashboard = usePayablesDashboard(allowed);
  if (!allowed) return null;
  const data = dashboard.data;
  return (
    <DashboardCard
      title={t('paymentPages.dashboard.billsTitle')}
      aside={
        data && (
          <Badge color={data.dueThisWeekCount > 0 ? 'orange' : 'green'} variant="light">
            {data.dueThisWeekCount}
          </Badge>
        )
      }
    >
      {dashboard.isPending ? (
        <PageLoader />
      ) : dashboard.isError ? (
        <QueryError error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      ) : (
        <Stack gap={6}>
          {dashboard.data.dueThisWeek.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('paymentPages.dashboard.noBills')}
            </Text>
          ) : (
            <BillsDue dashboard={dashboard.data} />
          )}
          <AnchorLink to={href('suppliers/invoices')} search={{ status: 'unpaid' }} size="sm">
            {t('paymentPages.dashboard.seeUnpaid')}
          </AnchorLink>
        </Stack>
      )}
    </DashboardCard>
  );
}

/**
 * What waits for the reader's approval (an approver), or for anyone's (the other readers of
 * approvals), each payment with its supplier and amount.
 */
export function ApprovalsCard() {
  const { t } = useTranslation();
  const { can, href } = useBuildingShell();
  const format = useLedgerFormat();
  const allowed = can('approval.view');
  const canApprove = can('payments.approve');
  const payments = useSupplierPayments(dashboardApprovalFilters(canApprove, rowsShown), { enabled: allowed });
  if (!allowed) return null;
  return (
    <DashboardCard
      title={t(canApprove ? 'paymentPages.dashboard.mineTitle' : 'paymentPages.dashboard.waitingTitle')}
      aside={
        payments.data && (
          <Badge color={payments.data.total > 0 ? 'yellow' : 'green'} variant="light">
            {payments.data.total}
          </Badge>
        )
      }
    >
      {payments.isPending ? (
        <PageLoader />
      ) : payments.isError ? (
        <QueryError error={payments.error} onRetry={() => void payments.refetch()} />
      ) : (
        <Stack gap={6}>
          {payments.data.items.length === 0 && (
            <Text size="sm" c="dimmed">
              {t(canApprove ? 'paymentPages.dashboard.noneForMe' : 'paymentPages.dashboard.noneWaiting')}
            </Text>
          )}
          {payments.data.items.map((payment) => (
            <Group key={payment.uuid} justify="space-between" gap="xs" wrap="nowrap">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} truncate>
                  {payment.supplierName}
                </Text>
                <Text size="xs" c="dimmed">
                  {format.day(payment.date)}
                </Text>
              </Stack>
              <Text size="sm" style={amountStyle}>
                {format.money(payment.amount)}
              </Text>
            </Group>
          ))}
          {payments.data.total > payments.data.items.length && (
            <Text size="xs" c="dimmed">
              {t('paymentPages.dashboard.morePayments', {
                count: payments.data.total - payments.data.items.length,
              })}
            </Text>
          )}
          <AnchorLink to={href('payments/approval')} size="sm">
            {t('paymentPages.dashboard.openApprovals')}
          </AnchorLink>
        </Stack>
      )}
    </DashboardCard>
  );
}
