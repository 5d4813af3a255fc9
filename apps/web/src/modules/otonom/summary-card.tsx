import { useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Divider,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconBuildingBank,
  IconCalendarDollar,
  IconCloudUpload,
  IconPlugConnectedX,
  IconRefresh,
  IconTestPipe,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { padFileKinds, type PadFileKind, type PadOverview, type PadSettingsView } from '@copro/domain';
import { notifyError, notifySuccess } from '../../app/notify';
import { useBuildingToday } from '../../app/shell/use-building-today';
import { amountStyle } from '../../ui/amount-style';
import { issuesToErrors } from '../../ui/form-validation';
import { useLedgerFormat } from '../ledger';
import { prepareDebitRun } from './debit-run-values';
import { useDebitRun, useRefreshStatuses, useSendFile } from './otonom-api';
import { LeftOutNotice, type LeftOut } from './left-out-notice';
import { nextFileOf, partnerLine, refreshBlocker, sendBlocker, type PartnerLine } from './partner-line';

/** Where the files go, said once at the top of the summary. */
function PartnerNotice({ line }: { line: PartnerLine }) {
  const { t } = useTranslation();
  switch (line.kind) {
    case 'partner':
      return (
        <Alert variant="light" color="blue" icon={<IconCloudUpload size={18} aria-hidden />}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('otonomPages.partner.sent', { url: line.url })}
          </Text>
        </Alert>
      );
    case 'fake':
      return (
        <Alert variant="light" color="yellow" icon={<IconTestPipe size={18} aria-hidden />}>
          <Text size="sm">{t('otonomPages.partner.fake')}</Text>
        </Alert>
      );
    case 'noPartner':
      return (
        <Alert variant="light" color="red" icon={<IconPlugConnectedX size={18} aria-hidden />}>
          <Text size="sm">{t('otonomPages.partner.none')}</Text>
        </Alert>
      );
    case 'bankFile':
      return (
        <Alert variant="light" color="blue" icon={<IconBuildingBank size={18} aria-hidden />}>
          <Text size="sm">{t('otonomPages.partner.bankFile')}</Text>
        </Alert>
      );
    case 'notSetUp':
      return (
        <Alert variant="light" color="yellow">
          <Text size="sm">{t('otonomPages.partner.notSetUp')}</Text>
        </Alert>
      );
  }
}

/** One kind of the next files: what it holds, and (for writers) its Send button or why not. */
function NextFile({
  kind,
  overview,
  view,
  canWrite,
  onLeftOut,
}: {
  kind: PadFileKind;
  overview: PadOverview;
  view: PadSettingsView;
  canWrite: boolean;
  onLeftOut: (leftOut: LeftOut | null) => void;
}) {
  const { t } = useTranslation();
  const { money } = useLedgerFormat();
  const send = useSendFile();
  const next = nextFileOf(overview, kind);
  const blocker = sendBlocker(kind, overview, view);
  const line = partnerLine(view);
  const bankFile = line.kind === 'bankFile';
  const action = t(`otonomPages.send.${bankFile ? 'create' : 'send'}.${kind}`);
  const summary = t('otonomPages.summary.countTotal', { count: next.count, total: money(next.total) });

  const confirm = () =>
    modals.openConfirmModal({
      title: action,
      children: (
        <Stack gap="xs">
          <Text size="sm">
            {t(`otonomPages.send.confirm.${kind}`, { count: next.count, total: money(next.total) })}
          </Text>
          <Text size="sm" c="dimmed">
            {t(
              bankFile
                ? 'otonomPages.send.confirm.bankFile'
                : line.kind === 'fake'
                  ? 'otonomPages.send.confirm.fake'
                  : 'otonomPages.send.confirm.partner',
              line.kind === 'partner' ? { url: line.url } : {},
            )}
          </Text>
        </Stack>
      ),
      labels: { confirm: action, cancel: t('otonomPages.actions.back') },
      onConfirm: () =>
        send.mutate(kind, {
          onSuccess: ({ file, skipped }) => {
            if (file)
              notifySuccess(
                t(file.delivery === 'created' ? 'otonomPages.send.created' : 'otonomPages.send.sent', {
                  name: file.fileName,
                  count: file.count,
                  total: money(file.total),
                }),
              );
            onLeftOut(
              skipped.length === 0
                ? null
                : {
                    title: t(file ? 'otonomPages.send.skipped' : 'otonomPages.send.allSkipped', {
                      count: skipped.length,
                    }),
                    lines: skipped,
                  },
            );
          },
          onError: (error) => notifyError(error, t('otonomPages.send.failed'), { withoutForm: true }),
        }),
    });

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={t(`otonom.kinds.${kind}`)}>
      <Stack gap={6}>
        <Text fw={600} size="sm">
          {t(`otonom.kinds.${kind}`)}
        </Text>
        <Text size="sm" style={amountStyle}>
          {summary}
        </Text>
        {canWrite && (
          <Group gap="xs" align="center" wrap="wrap">
            <Button size="xs" disabled={blocker !== null} loading={send.isPending} onClick={confirm}>
              {action}
            </Button>
            {blocker && (
              <Text size="xs" c="dimmed" style={{ flex: '1 1 200px' }}>
                {t(blocker)}
              </Text>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** What waits for approval; an approver goes to the table to choose which to approve. */
function WaitingApproval({
  overview,
  canApprove,
  onReview,
}: {
  overview: PadOverview;
  canApprove: boolean;
  onReview: () => void;
}) {
  const { t } = useTranslation();
  const { money } = useLedgerFormat();
  const waiting = overview.waitingApproval;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="section"
      aria-label={t('otonomPages.summary.waitingTitle')}
    >
      <Stack gap={6}>
        <Text fw={600} size="sm">
          {t('otonomPages.summary.waitingTitle')}
        </Text>
        <Text size="sm" style={amountStyle}>
          {t('otonomPages.summary.countTotal', { count: waiting.count, total: money(waiting.total) })}
        </Text>
        {canApprove && waiting.count > 0 && (
          <Group>
            <Button size="xs" color="green" onClick={onReview}>
              {t('otonomPages.summary.approve')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** Asking the partner for news, and the monthly run as of a day: finance writers only. */
function WriterActions({
  view,
  onLeftOut,
}: {
  view: PadSettingsView;
  onLeftOut: (leftOut: LeftOut | null) => void;
}) {
  const { t } = useTranslation();
  const { money, day } = useLedgerFormat();
  const today = useBuildingToday();
  const [asOf, setAsOf] = useState(today);
  const [asOfError, setAsOfError] = useState<ReactNode>(null);
  const refresh = useRefreshStatuses();
  const run = useDebitRun();
  const refreshReason = refreshBlocker(view);

  const doRefresh = () =>
    refresh.mutate(undefined, {
      onSuccess: ({ updated, unchanged, refused }) => {
        notifySuccess(t('otonomPages.summary.refreshed', { count: updated, unchanged }));
        onLeftOut(
          refused.length === 0
            ? null
            : { title: t('otonomPages.summary.refreshRefused', { count: refused.length }), lines: refused },
        );
      },
      onError: (error) => notifyError(error, t('otonomPages.summary.refreshFailed'), { withoutForm: true }),
    });

  const doRun = (event: FormEvent) => {
    event.preventDefault();
    const { input, issues } = prepareDebitRun(asOf);
    setAsOfError(issuesToErrors(issues).asOf ?? null);
    if (!input) return;
    run.mutate(input, {
      onSuccess: ({ created, total }) =>
        notifySuccess(
          created === 0
            ? t('otonomPages.debitRun.none', { date: day(asOf) })
            : t('otonomPages.debitRun.done', { count: created, total: money(total), date: day(asOf) }),
        ),
      onError: (error) => notifyError(error, t('otonomPages.debitRun.failed'), { withoutForm: true }),
    });
  };

  return (
    <SimpleGrid cols={2} spacing="md">
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {t('otonomPages.summary.refreshTitle')}
        </Text>
        <Text size="xs" c="dimmed">
          {t(refreshReason ?? 'otonomPages.summary.refreshHint')}
        </Text>
        <Group>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            disabled={refreshReason !== null}
            loading={refresh.isPending}
            onClick={doRefresh}
          >
            {t('otonomPages.summary.refresh')}
          </Button>
        </Group>
      </Stack>
      <form onSubmit={doRun} noValidate>
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            {t('otonomPages.debitRun.title')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('otonomPages.debitRun.hint')}
          </Text>
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              type="date"
              size="xs"
              aria-label={t('otonomPages.debitRun.asOf')}
              value={asOf}
              onChange={(event) => {
                setAsOf(event.currentTarget.value);
                setAsOfError(null);
              }}
              error={asOfError}
              disabled={run.isPending}
            />
            <Button
              type="submit"
              size="xs"
              variant="default"
              leftSection={<IconCalendarDollar size={16} aria-hidden />}
              loading={run.isPending}
            >
              {t('otonomPages.debitRun.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SimpleGrid>
  );
}

/**
 * The top of payments/otonom: where the files go, what the next files hold (with their Send
 * buttons), what waits for approval, and the writers' other actions.
 */
export function SummaryCard({
  overview,
  view,
  canWrite,
  canApprove,
  onReviewWaiting,
}: {
  overview: PadOverview;
  view: PadSettingsView;
  canWrite: boolean;
  canApprove: boolean;
  onReviewWaiting: () => void;
}) {
  const { t } = useTranslation();
  const [leftOut, setLeftOut] = useState<LeftOut | null>(null);
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-label={t('otonomPages.summary.title')}
    >
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('otonomPages.summary.title')}
        </Title>
        <PartnerNotice line={partnerLine(view)} />
        <SimpleGrid cols={3} spacing="sm">
          {padFileKinds.map((kind) => (
            <NextFile
              key={kind}
              kind={kind}
              overview={overview}
              view={view}
              canWrite={canWrite}
              onLeftOut={setLeftOut}
            />
          ))}
          <WaitingApproval overview={overview} canApprove={canApprove} onReview={onReviewWaiting} />
        </SimpleGrid>
        {leftOut && <LeftOutNotice leftOut={leftOut} onClose={() => setLeftOut(null)} />}
        {canWrite && (
          <>
            <Divider />
            <WriterActions view={view} onLeftOut={setLeftOut} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
