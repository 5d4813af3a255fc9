import { Alert, Button, Group, Loader, Modal, Progress, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodes, languageOf } from '@copro/domain';
import { notifyError } from '../../../app/notify';
import { formatMonth } from '../../../ui/format';
import { QueryError } from '../../../ui/query-error';
import { ScrollTable } from '../../../ui/scroll-table';
import { useLedgerFormat } from '../../ledger';
import {
  useJobStatus,
  usePenaltyCheckPreview,
  useRefreshReceivables,
  useStartPenaltyCheck,
} from './penalties-api';
import { checkResult, progressPercent, sortedCharges } from './penalty-check';

const numeric = { textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/**
 * "Run the check now" (DOMAIN 5): first what it will charge (units, kinds, months, amounts and
 * total), then, once confirmed, the check running on the server with its progress, then its result.
 */
export function PenaltyCheckDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} centered size="lg" title={t('penaltiesPage.rules.run')}>
      {/* Mounted per opening: each opening reads what is due afresh. */}
      {opened && <PenaltyCheck onClose={onClose} />}
    </Modal>
  );
}

function PenaltyCheck({ onClose }: { onClose: () => void }) {
  const [jobId, setJobId] = useState<number | null>(null);
  return jobId === null ? (
    <CheckPreview onStarted={setJobId} onClose={onClose} />
  ) : (
    <CheckProgress jobId={jobId} onClose={onClose} />
  );
}

function CloseButton({ onClose, label }: { onClose: () => void; label: string }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onClose}>
        {label}
      </Button>
    </Group>
  );
}

function CheckPreview({ onStarted, onClose }: { onStarted: (jobId: number) => void; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const format = useLedgerFormat();
  const preview = usePenaltyCheckPreview();
  const start = useStartPenaltyCheck();

  if (preview.isPending) {
    return (
      <Group gap="sm" py="md" justify="center">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          {t('penaltyCheck.loading')}
        </Text>
      </Group>
    );
  }
  if (preview.isError) return <QueryError error={preview.error} onRetry={() => void preview.refetch()} />;

  const { asOf, charges, total } = preview.data;
  const date = format.day(asOf);
  if (charges.length === 0) {
    return (
      <Stack gap="md">
        <Text size="sm">{t('penaltyCheck.nothingDue', { date })}</Text>
        <CloseButton onClose={onClose} label={t('penaltyCheck.close')} />
      </Stack>
    );
  }
  const confirm = () =>
    start.mutate(undefined, {
      onSuccess: ({ jobId }) => onStarted(jobId),
      onError: (error) => notifyError(error, t('penaltyCheck.startFailed')),
    });
  return (
    <Stack gap="md">
      <Text size="sm">
        {t('penaltyCheck.intro', { count: charges.length, date, total: format.money(total) })}
      </Text>
      <ScrollTable minWidth={480} maxHeight="min(50vh, 420px)">
        <Table striped stickyHeader fz="sm" verticalSpacing={4} aria-label={t('penaltyCheck.tableLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('penaltyCheck.columns.unit')}</Table.Th>
              <Table.Th>{t('penaltyCheck.columns.kind')}</Table.Th>
              <Table.Th>{t('penaltyCheck.columns.month')}</Table.Th>
              <Table.Th style={numeric}>{t('penaltyCheck.columns.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sortedCharges(charges).map((charge) => (
              <Table.Tr key={`${charge.unitUuid}:${charge.month}:${charge.kind}`}>
                <Table.Td>{charge.unitNumber}</Table.Td>
                <Table.Td>{t(`transactions.kinds.${charge.kind}`)}</Table.Td>
                <Table.Td>{formatMonth(charge.month, language)}</Table.Td>
                <Table.Td style={numeric}>{format.money(charge.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={3}>{t('penaltyCheck.total')}</Table.Th>
              <Table.Th style={numeric}>{format.money(total)}</Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </ScrollTable>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('penaltyCheck.cancel')}
        </Button>
        {/* A preview being read again may change: the check is confirmed on what is on screen. */}
        <Button loading={start.isPending} disabled={preview.isFetching} onClick={confirm}>
          {t('penaltyCheck.confirm', { total: format.money(total) })}
        </Button>
      </Group>
    </Stack>
  );
}

function CheckProgress({ jobId, onClose }: { jobId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useLedgerFormat();
  const job = useJobStatus(jobId);
  const refresh = useRefreshReceivables();
  const status = job.data?.status;
  useEffect(() => {
    // Balances, arrears and the dashboard's totals show the new charges.
    if (status === 'done') void refresh();
  }, [status, refresh]);

  if (!job.data) {
    return job.isError ? (
      <QueryError error={job.error} onRetry={() => void job.refetch()} />
    ) : (
      <Group py="md" justify="center">
        <Loader size="sm" />
      </Group>
    );
  }
  const data = job.data;
  if (data.status === 'done') {
    const result = checkResult(data);
    return (
      <Stack gap="md">
        <Alert color="green" role="status">
          {t('penaltyCheck.done', { count: result.charged, amount: format.money(result.amount) })}
        </Alert>
        <CloseButton onClose={onClose} label={t('penaltyCheck.close')} />
      </Stack>
    );
  }
  if (data.status === 'failed') {
    return (
      <Stack gap="md">
        <Alert color="red" title={t('errors.title')} role="alert">
          {t('penaltyCheck.failed', { reason: t(errorCodes[data.error ?? 'unknown'].key) })}
        </Alert>
        <CloseButton onClose={onClose} label={t('penaltyCheck.close')} />
      </Stack>
    );
  }
  const percent = progressPercent(data);
  return (
    <Stack gap="md">
      <Text size="sm" aria-live="polite">
        {data.status === 'running' && data.progress
          ? t('penaltyCheck.running', { done: data.progress.done, total: data.progress.total })
          : t('penaltyCheck.queued')}
      </Text>
      {/* Until the count of charges is known, the bar runs without a value. */}
      <Progress
        value={percent ?? 100}
        striped={percent === null}
        animated={percent === null}
        aria-label={t('penaltyCheck.progressLabel')}
      />
      {/* The check goes on on the server when the dialog closes. */}
      <CloseButton onClose={onClose} label={t('penaltyCheck.close')} />
    </Stack>
  );
}
