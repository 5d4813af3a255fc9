import { useState } from 'react';
import { Alert, Button, Grid, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconAlertTriangle,
  IconArrowBackUp,
  IconArrowLeft,
  IconCircleCheck,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { BankView, PeriodDetail, ReconciliationPeriod } from '@copro/domain';
import { notifyError, notifySuccess } from '../../app/notify';
import { useBuildingShell } from '../../app/shell/building-context';
import { amountStyle } from '../../ui/amount-style';
import { PageLoader } from '../../ui/page-loader';
import { QueryError } from '../../ui/query-error';
import { AnchorLink } from '../../ui/router-link';
import { useLedgerFormat } from '../ledger';
import { PeriodStatusBadge } from './period-badges';
import {
  changeMessage,
  differenceColor,
  periodActions,
  periodFigures,
  type FigureKey,
  type PeriodActions,
} from './period-figures';
import { EditPeriodDialog } from './period-form';
import {
  useBankReconciliation,
  useDeletePeriod,
  usePeriodAction,
  usePeriodDetail,
  type LinesQuery,
} from './reconciliation-api';
import { useReconciliationHref } from './reconciliation-href';
import { StatementFile } from './statement-file';
import { StatementImports } from './statement-imports';
import { TickList } from './tick-list';

/**
 * One period (DOMAIN 9): its figures (starting + credits − debits − closing = difference), what
 * changed since it was reconciled, its statement PDF, its imported statements and the tick list.
 */
export function PeriodView({ bank, periodUuid }: { bank: BankView; periodUuid: string }) {
  const { t } = useTranslation();
  const { can } = useBuildingShell();
  const hrefOf = useReconciliationHref();
  const [query, setQuery] = useState<LinesQuery>({ show: 'all', page: 1 });
  const reconciliation = useBankReconciliation(bank.uuid);
  const detail = usePeriodDetail(bank.uuid, periodUuid, query);

  const back = (
    <AnchorLink to={hrefOf(bank.uuid)} size="sm">
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden />
        {t('reconciliationPages.period.back')}
      </Group>
    </AnchorLink>
  );
  const error = detail.error ?? reconciliation.error;
  if (error && (!detail.data || !reconciliation.data))
    return (
      <Stack gap="sm">
        {back}
        <QueryError
          error={error}
          onRetry={() => {
            void detail.refetch();
            void reconciliation.refetch();
          }}
        />
      </Stack>
    );
  if (!detail.data || !reconciliation.data) return <PageLoader />;

  const { periods } = reconciliation.data;
  const period = detail.data.period;
  const index = periods.findIndex((candidate) => candidate.uuid === period.uuid);
  const previous = index >= 0 ? periods[index + 1] : undefined;
  const actions = periodActions(period, {
    canWrite: can('finance.write'),
    previousReconciled: !previous || previous.isReconciled,
  });

  return (
    <Stack gap="md">
      {back}
      <PeriodHeader bank={bank} period={period} actions={actions} first={index === periods.length - 1} />
      <Figures detail={detail.data} />
      {period.changes !== null && <Changes period={period} />}
      <StatementFile bankUuid={bank.uuid} period={period} canWrite={actions.statement} />
      <StatementImports bankUuid={bank.uuid} periodUuid={period.uuid} canWrite={actions.tick} />
      <TickList
        bankUuid={bank.uuid}
        detail={detail.data}
        query={query}
        onQueryChange={setQuery}
        tickable={actions.tick}
        dimmed={detail.isPlaceholderData}
      />
    </Stack>
  );
}

function PeriodHeader({
  bank,
  period,
  actions,
  first,
}: {
  bank: BankView;
  period: ReconciliationPeriod;
  actions: PeriodActions;
  first: boolean;
}) {
  const { t } = useTranslation();
  const { day, instant } = useLedgerFormat();
  const navigate = useNavigate();
  const hrefOf = useReconciliationHref();
  const [editing, setEditing] = useState(false);
  const reconcile = usePeriodAction(bank.uuid, period.uuid, 'reconcile');
  const reopen = usePeriodAction(bank.uuid, period.uuid, 'reopen');
  const remove = useDeletePeriod(bank.uuid, period.uuid);
  const { reconcile: reconcileState } = actions;

  const confirmReopen = () =>
    modals.openConfirmModal({
      title: t('reconciliationPages.reopen.title'),
      children: <Text size="sm">{t('reconciliationPages.reopen.text')}</Text>,
      labels: {
        confirm: t('reconciliationPages.reopen.confirm'),
        cancel: t('reconciliationPages.actions.cancel'),
      },
      onConfirm: () =>
        reopen.mutate(undefined, {
          onSuccess: () => notifySuccess(t('reconciliationPages.reopen.done')),
          onError: (error) =>
            notifyError(error, t('reconciliationPages.reopen.failed'), { withoutForm: true }),
        }),
    });
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('reconciliationPages.delete.title'),
      children: <Text size="sm">{t('reconciliationPages.delete.text')}</Text>,
      labels: {
        confirm: t('reconciliationPages.delete.confirm'),
        cancel: t('reconciliationPages.actions.cancel'),
      },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () => {
            notifySuccess(t('reconciliationPages.delete.done'));
            void navigate({ href: hrefOf(bank.uuid) });
          },
          onError: (error) =>
            notifyError(error, t('reconciliationPages.delete.failed'), { withoutForm: true }),
        }),
    });

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap="xs" wrap="wrap">
              <Title order={2} size="h4">
                {t('reconciliationPages.periods.range', {
                  start: day(period.periodStart),
                  end: day(period.periodEnd),
                })}
              </Title>
              <PeriodStatusBadge period={period} />
            </Group>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {bank.name}
              {period.reconciledAt &&
                ` · ${t('reconciliationPages.period.reconciledOn', {
                  date: instant(period.reconciledAt),
                  by: period.reconciledBy ?? '',
                })}`}
            </Text>
            <Text size="xs" c="dimmed">
              {t('reconciliationPages.period.endHint')}
            </Text>
          </Stack>
          <Group gap="xs" wrap="wrap">
            {actions.edit && (
              <Button
                variant="default"
                leftSection={<IconPencil size={16} aria-hidden />}
                onClick={() => setEditing(true)}
              >
                {t('reconciliationPages.actions.edit')}
              </Button>
            )}
            {actions.reopen && (
              <Button
                variant="default"
                leftSection={<IconArrowBackUp size={16} aria-hidden />}
                loading={reopen.isPending}
                onClick={confirmReopen}
              >
                {t('reconciliationPages.reopen.button')}
              </Button>
            )}
            {actions.delete && (
              <Button
                variant="default"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                loading={remove.isPending}
                onClick={confirmDelete}
              >
                {t('reconciliationPages.delete.button')}
              </Button>
            )}
            {reconcileState.shown && (
              <Button
                color="green"
                leftSection={<IconCircleCheck size={16} aria-hidden />}
                disabled={!reconcileState.enabled}
                loading={reconcile.isPending}
                onClick={() =>
                  reconcile.mutate(undefined, {
                    onSuccess: () => notifySuccess(t('reconciliationPages.period.reconciled')),
                    onError: (error) =>
                      notifyError(error, t('reconciliationPages.period.reconcileFailed'), {
                        withoutForm: true,
                      }),
                  })
                }
              >
                {t('reconciliationPages.actions.reconcile')}
              </Button>
            )}
          </Group>
        </Group>
        {reconcileState.shown && reconcileState.reasonKey && (
          <Text size="sm" c="dimmed">
            {t(reconcileState.reasonKey)}
          </Text>
        )}
      </Stack>
      {actions.edit && (
        <EditPeriodDialog
          bankUuid={bank.uuid}
          period={period}
          first={first}
          opened={editing}
          onClose={() => setEditing(false)}
        />
      )}
    </Paper>
  );
}

const signs: Record<FigureKey, string> = {
  starting: '',
  credits: '+',
  debits: '−',
  closing: '−',
  difference: '=',
};

/** Starting + credits − debits − closing = difference; then the ticked count and what is outstanding. */
function Figures({ detail }: { detail: PeriodDetail }) {
  const { t } = useTranslation();
  const { money } = useLedgerFormat();
  const { period } = detail;
  const color = differenceColor(period.difference);
  return (
    <Stack gap="xs">
      {/* Two by two on a phone, the difference on a row of its own; one row of five on a wider screen. */}
      <Grid gutter="xs" columns={10} role="group" aria-label={t('reconciliationPages.figures.label')}>
        {periodFigures(period).map((figure) => {
          const isDifference = figure.key === 'difference';
          return (
            <Grid.Col key={figure.key} span={{ base: isDifference ? 10 : 5, sm: 2 }}>
              <Paper
                withBorder
                radius="md"
                p="xs"
                h="100%"
                style={
                  isDifference
                    ? { borderColor: `var(--mantine-color-${color}-6)`, borderWidth: 2 }
                    : undefined
                }
                data-testid={`figure-${figure.key}`}
              >
                <Text size="xs" c="dimmed">
                  {signs[figure.key] && `${signs[figure.key]} `}
                  {t(`reconciliationPages.figures.${figure.key}`)}
                </Text>
                <Text
                  fw={isDifference ? 700 : 500}
                  c={isDifference ? `${color}.8` : undefined}
                  style={amountStyle}
                >
                  {figure.amount === null ? t('reconciliationPages.figures.notTyped') : money(figure.amount)}
                </Text>
              </Paper>
            </Grid.Col>
          );
        })}
      </Grid>
      <Text size="sm" c="dimmed">
        {t('reconciliationPages.figures.ticked', { count: period.clearedCount })}
        {' · '}
        {t('reconciliationPages.figures.outstanding', {
          count: detail.outstandingCount,
          credits: money(detail.outstandingCredits),
          debits: money(detail.outstandingDebits),
        })}
      </Text>
    </Stack>
  );
}

/** A reopened period: what changed since it was reconciled, in words, or that nothing it holds did. */
function Changes({ period }: { period: ReconciliationPeriod }) {
  const { t } = useTranslation();
  const { money, day } = useLedgerFormat();
  const changes = period.changes ?? [];
  return (
    <Alert
      color={changes.length > 0 ? 'orange' : 'blue'}
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={t('reconciliationPages.changes.title')}
    >
      {changes.length === 0 ? (
        <Text size="sm">{t('reconciliationPages.changes.none')}</Text>
      ) : (
        <List size="sm" spacing={4}>
          {changes.map((change, i) => {
            const message = changeMessage(change, { money, day });
            // Changes have no identity of their own and never move: their place is their key.
            return <List.Item key={i}>{t(message.key, message.params)}</List.Item>;
          })}
        </List>
      )}
    </Alert>
  );
}
