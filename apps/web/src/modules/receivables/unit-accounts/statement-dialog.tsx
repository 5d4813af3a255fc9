import { useMemo, useState, type MouseEvent } from 'react';
import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload, IconEye, IconFileText, IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { statementPeriodSchema, type StatementPeriod } from '@copro/domain';
import { notifyError } from '../../../app/notify';
import { useBuildingShell } from '../../../app/shell/building-context';
import { issuesToErrors } from '../../../ui/form-validation';
import { PageLoader } from '../../../ui/page-loader';
import { QueryError } from '../../../ui/query-error';
import { RecordFormModal } from '../../../ui/record-panel';
import { useRecordForm } from '../../../ui/use-record-form';
import { useBuildingToday } from '../../../app/shell/use-building-today';
import { DayInput } from './form-parts';
import { prepareWith } from '../../../ui/prepare';
import { defaultStatementPeriod } from './statement-period';
import { StatementTable } from './statement-table';
import {
  useEmailStatement,
  useStatement,
  useStatementPdfUrl,
  type StatementRequest,
} from './unit-accounts-api';

const preparePeriod = (values: StatementPeriod) => prepareWith(statementPeriodSchema, values);

/** The "Statement of account" button of a unit's ledger and its dialog. */
export function StatementButton({
  unitUuid,
  unitTitle,
  aid,
}: {
  unitUuid: string;
  unitTitle: string;
  /** A former owner's account; the current one when undefined. */
  aid: number | undefined;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconFileText size={14} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        {t('unitStatement.action')}
      </Button>
      <RecordFormModal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('unitStatement.title', { unit: unitTitle })}
      >
        <StatementDialogBody unitUuid={unitUuid} aid={aid} onClose={() => setOpened(false)} />
      </RecordFormModal>
    </>
  );
}

function StatementDialogBody({
  unitUuid,
  aid,
  onClose,
}: {
  unitUuid: string;
  aid: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { fiscalYear } = useBuildingShell();
  const today = useBuildingToday();
  const start = useMemo(() => defaultStatementPeriod(today, fiscalYear), [today, fiscalYear]);
  const form = useRecordForm<StatementPeriod>(start, {
    validate: (values) => issuesToErrors(preparePeriod(values).issues),
  });
  const [viewed, setViewed] = useState<StatementRequest | null>(null);
  const [sentTo, setSentTo] = useState<string[] | null>(null);
  const statement = useStatement(unitUuid, viewed);
  const email = useEmailStatement(unitUuid);
  const period = preparePeriod(form.values).input;
  const pdfUrl = useStatementPdfUrl(unitUuid, {
    ...(period ?? start),
    ...(aid !== undefined ? { aid } : {}),
  });

  const view = form.onSubmit((ready) => {
    setViewed({ ...ready, ...(aid !== undefined ? { aid } : {}) });
  });

  const send = () => {
    const { input, issues } = preparePeriod(form.values);
    if (!input) {
      form.showErrors(issuesToErrors(issues));
      return;
    }
    setSentTo(null);
    email.mutate(input, {
      onSuccess: ({ sentTo: to }) => {
        setSentTo(to);
      },
      onError: (error) => notifyError(error, t('unitStatement.emailFailed')),
    });
  };

  return (
    <Stack gap="md">
      <form onSubmit={view} noValidate>
        <Stack gap="sm">
          <SimpleGrid type="container" cols={{ base: 1, '480px': 2 }} spacing="sm" verticalSpacing="sm">
            <DayInput label={t('unitStatement.from')} {...form.text('from')} />
            <DayInput label={t('unitStatement.to')} {...form.text('to')} />
          </SimpleGrid>
          {aid !== undefined && (
            <Text size="xs" c="dimmed">
              {t('unitStatement.formerAccount')}
            </Text>
          )}
          <Group gap="xs">
            <Button type="submit" size="sm" leftSection={<IconEye size={16} aria-hidden />}>
              {t('unitStatement.view')}
            </Button>
            <Button
              component="a"
              href={pdfUrl}
              download
              size="sm"
              variant="light"
              // A period left wrong says what is wrong rather than downloading nothing.
              onClick={(event: MouseEvent) => {
                if (period) return;
                event.preventDefault();
                form.showErrors(issuesToErrors(preparePeriod(form.values).issues));
              }}
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              {t('unitStatement.pdf')}
            </Button>
            {aid === undefined && (
              <Button
                size="sm"
                variant="light"
                onClick={send}
                loading={email.isPending}
                leftSection={<IconMail size={16} aria-hidden />}
              >
                {t('unitStatement.email')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
      {sentTo && (
        <Alert color={sentTo.length > 0 ? 'green' : 'yellow'} variant="light" role="status">
          {sentTo.length > 0
            ? t('unitStatement.sentTo', { emails: sentTo.join(', ') })
            : t('unitStatement.noRecipient')}
        </Alert>
      )}
      {viewed &&
        (statement.data ? (
          <StatementTable statement={statement.data} />
        ) : statement.error ? (
          <QueryError error={statement.error} onRetry={() => void statement.refetch()} />
        ) : (
          <PageLoader />
        ))}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('unitActions.close')}
        </Button>
      </Group>
    </Stack>
  );
}
