import { useMemo, useState } from 'react';
import { Button, Flex, Grid, NativeSelect, Pagination, Paper, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SupplierPaymentView } from '@copro/domain';
import { ApiError } from '../../../app/api';
import { notifyError, notifySuccess } from '../../../app/notify';
import { useBuildingShell } from '../../../app/shell/building-context';
import { useBuildingToday } from '../../../app/shell/use-building-today';
import { compareText } from '../../../ui/compare';
import { Page } from '../../../ui/page';
import { PageLoader } from '../../../ui/page-loader';
import { QueryError } from '../../../ui/query-error';
import { useRecords } from '../../registry';
import { CheckNumberingDialog } from '../checks/check-numbering-dialog';
import { batchProblem, deniedKey } from '../checks/check-print';
import { usePrintChecks } from '../checks/checks-api';
import { filtersFor, newPaymentFilters, type PaymentFilters } from './approval-filters';
import { ApprovalSettingsDialog } from './approval-settings';
import type { Decision } from './decision-values';
import { PaymentCard, type PaymentCardActions } from './payment-card';
import { DecisionDialog, ReasonDialog } from './payment-dialogs';
import { useSupplierPayments } from './payments-api';
import { useSelection } from '../../../ui/selection';

/** The filters: what to list, and one supplier's payments. */
function Filters({
  filters,
  onChange,
  canApprove,
}: {
  filters: PaymentFilters;
  onChange: (next: PaymentFilters) => void;
  canApprove: boolean;
}) {
  const { t } = useTranslation();
  const suppliers = useRecords('suppliers');
  const supplierOptions = useMemo(
    () =>
      (suppliers.data ?? [])
        .filter((s) => !s.archived || s.uuid === filters.supplierUuid)
        .sort((a, b) => compareText(a.name, b.name))
        .map((s) => ({ value: s.uuid, label: s.name })),
    [suppliers.data, filters.supplierUuid],
  );
  return (
    <Grid gutter="sm">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <NativeSelect
          label={t('paymentPages.filters.label')}
          data={filtersFor(canApprove).map((filter) => ({
            value: filter,
            label: t(`paymentPages.filters.${filter}`),
          }))}
          value={filters.filter}
          onChange={(event) =>
            onChange({ ...filters, filter: event.currentTarget.value as PaymentFilters['filter'], page: 1 })
          }
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Select
          label={t('paymentPages.fields.supplier')}
          placeholder={t('paymentPages.filters.allSuppliers')}
          data={supplierOptions}
          searchable
          clearable
          nothingFoundMessage={t('paymentPages.rules.noSupplierFound')}
          value={filters.supplierUuid || null}
          onChange={(value) => onChange({ ...filters, supplierUuid: value ?? '', page: 1 })}
        />
      </Grid.Col>
    </Grid>
  );
}

/** A batch's denial, said as the server would (SPEC 8), in the red notice. */
const denial = (reason: Parameters<typeof deniedKey>[0]) =>
  new ApiError('checkPrintDenied', 409, [{ path: [], key: deniedKey(reason) }]);

/**
 * payments/approval (SPEC 2, DOMAIN 7): the supplier payments and their approvals. Approvers
 * decide and leave notes from any screen, a phone included; finance writers cancel what waits,
 * print, reprint and void checks, and number them; the building's rules are a dialog away.
 */
export function ApprovalPage() {
  const { t } = useTranslation();
  const { can, readOnly } = useBuildingShell();
  const today = useBuildingToday();
  const canApprove = can('payments.approve');
  const canWrite = can('finance.write') && !readOnly;
  const [filters, setFilters] = useState(() => newPaymentFilters(canApprove));
  const payments = useSupplierPayments(filters);
  const selection = useSelection<SupplierPaymentView>();
  const print = usePrintChecks();
  const [decision, setDecision] = useState<{ payment: SupplierPaymentView; decision: Decision } | null>(null);
  const [cancelling, setCancelling] = useState<SupplierPaymentView | null>(null);
  const [voiding, setVoiding] = useState<SupplierPaymentView | null>(null);
  const [rulesOpened, setRulesOpened] = useState(false);
  const [numberingOpened, setNumberingOpened] = useState(false);

  const printChecks = (batch: SupplierPaymentView[], reprint: boolean) => {
    const problem = batchProblem(batch);
    if (problem) {
      notifyError(denial(problem), t('paymentPages.checks.printFailed'), { withoutForm: true });
      return;
    }
    print.mutate(
      { paymentUuids: batch.map((payment) => payment.uuid), reprint, today },
      {
        onSuccess: () => {
          notifySuccess(t('paymentPages.checks.printed', { count: batch.length }));
          if (!reprint) selection.clear();
        },
        onError: (error) => notifyError(error, t('paymentPages.checks.printFailed'), { withoutForm: true }),
      },
    );
  };

  const actions: PaymentCardActions = {
    canApprove: canApprove && !readOnly,
    canWrite,
    canNote: can('approval.note') && !readOnly,
    onDecide: (payment, kind) => setDecision({ payment, decision: kind }),
    onCancel: setCancelling,
    onVoid: setVoiding,
    onPrint: (payment, reprint) => printChecks([payment], reprint),
    selected: selection.has,
    onSelect: selection.set,
    printing: print.isPending,
  };

  const pages = payments.data ? Math.max(1, Math.ceil(payments.data.total / filters.pageSize)) : 1;

  return (
    <Page
      title={t('paymentPages.title')}
      actions={
        <Flex direction={{ base: 'column', xs: 'row' }} gap="xs" w={{ base: '100%', xs: 'auto' }}>
          <Button variant="default" onClick={() => setRulesOpened(true)}>
            {t('paymentPages.rules.open')}
          </Button>
          {canWrite && (
            <Button variant="default" onClick={() => setNumberingOpened(true)}>
              {t('paymentPages.checks.numberingOpen')}
            </Button>
          )}
        </Flex>
      }
    >
      <Text c="dimmed" maw={720} mt={-8}>
        {t(canApprove ? 'paymentPages.introApprover' : 'paymentPages.intro')}
      </Text>
      <Filters filters={filters} onChange={setFilters} canApprove={canApprove} />
      {payments.isError && !payments.data ? (
        <QueryError error={payments.error} onRetry={() => void payments.refetch()} />
      ) : !payments.data ? (
        <PageLoader />
      ) : payments.data.items.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Text size="sm" c="dimmed" ta="center">
            {t(filters.filter === 'waitingForMe' ? 'paymentPages.emptyForMe' : 'paymentPages.empty')}
          </Text>
        </Paper>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('paymentPages.count', { count: payments.data.total })}
          </Text>
          {payments.data.items.map((payment) => (
            <PaymentCard key={payment.uuid} payment={payment} actions={actions} />
          ))}
          {pages > 1 && (
            <Pagination
              total={pages}
              value={filters.page}
              onChange={(page) => setFilters({ ...filters, page })}
              size="sm"
              style={{ alignSelf: 'center' }}
            />
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
          aria-label={t('paymentPages.checks.batch')}
        >
          <Flex direction={{ base: 'column', xs: 'row' }} gap="sm" align={{ base: 'stretch', xs: 'center' }}>
            <Text size="sm" style={{ flex: 1 }}>
              {t('paymentPages.checks.selected', { count: selection.items.length })}
            </Text>
            <Button variant="default" onClick={selection.clear} disabled={print.isPending}>
              {t('paymentPages.checks.clearSelection')}
            </Button>
            <Button onClick={() => printChecks(selection.items, false)} loading={print.isPending}>
              {t('paymentPages.checks.printSelected', { count: selection.items.length })}
            </Button>
          </Flex>
        </Paper>
      )}
      <DecisionDialog target={decision} onClose={() => setDecision(null)} />
      <ReasonDialog kind="cancel" payment={cancelling} onClose={() => setCancelling(null)} />
      <ReasonDialog kind="void-check" payment={voiding} onClose={() => setVoiding(null)} />
      <ApprovalSettingsDialog opened={rulesOpened} onClose={() => setRulesOpened(false)} />
      <CheckNumberingDialog opened={numberingOpened} onClose={() => setNumberingOpened(false)} />
    </Page>
  );
}
