import { ActionIcon, Anchor, Button, FileButton, Group, Paper, Stack, Text } from '@mantine/core';
import { IconFileTypePdf, IconPaperclip, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { languageOf, type ReconciliationPeriod } from '@copro/domain';
import { notifyError, notifySuccess } from '../../app/notify';
import { usePdfChoice } from '../../ui/pdf-choice';
import { formatFileSize } from '../registry';
import { useLedgerFormat } from '../ledger';
import { useStatementFile } from './reconciliation-api';

/** SPEC 5: the period's one statement PDF: downloaded by its readers, attached or removed by writers. */
export function StatementFile({
  bankUuid,
  period,
  canWrite,
}: {
  bankUuid: string;
  period: ReconciliationPeriod;
  canWrite: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { instant } = useLedgerFormat();
  const { url, upload, remove } = useStatementFile(bankUuid, period.uuid);
  const {
    problem,
    choose: attach,
    resetRef,
  } = usePdfChoice(
    (chosen) =>
      upload.mutate(chosen, {
        onSuccess: () => notifySuccess(t('reconciliationPages.statement.attachedDone')),
        onError: (error) =>
          notifyError(error, t('reconciliationPages.statement.attachFailed'), { withoutForm: true }),
      }),
    'reconciliationPages.statement.tooLarge',
  );
  const file = period.statement;
  if (!file && !canWrite) return null;

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {t('reconciliationPages.statement.title')}
        </Text>
        {file ? (
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconFileTypePdf size={20} aria-hidden style={{ flexShrink: 0 }} />
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Anchor href={url} download={file.fileName} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {file.fileName}
              </Anchor>
              <Text size="xs" c="dimmed">
                {formatFileSize(file.size, languageOf(i18n.language))} · {instant(file.uploadedAt)}
              </Text>
            </Stack>
            {canWrite && (
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('reconciliationPages.statement.remove', { name: file.fileName })}
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(undefined, {
                    onError: (error) =>
                      notifyError(error, t('reconciliationPages.statement.removeFailed'), {
                        withoutForm: true,
                      }),
                  })
                }
              >
                <IconX size={16} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('reconciliationPages.statement.none')}
          </Text>
        )}
        {/* SPEC 5: one PDF per period; a wrong one is removed before another is attached. */}
        {canWrite && !file && (
          <Group gap="xs">
            <FileButton resetRef={resetRef} accept="application/pdf,.pdf" onChange={attach}>
              {(props) => (
                <Button
                  {...props}
                  size="xs"
                  variant="light"
                  leftSection={<IconPaperclip size={14} aria-hidden />}
                  loading={upload.isPending}
                >
                  {t('reconciliationPages.statement.attach')}
                </Button>
              )}
            </FileButton>
          </Group>
        )}
        {problem && (
          <Text size="xs" c="red" role="alert">
            {problem}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
