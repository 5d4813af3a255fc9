import { useRef, useState } from 'react';
import { Alert, Button, FileButton, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconFileImport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { StatementImport } from '@copro/domain';
import { errorKeyOf } from '../../app/api';
import { QueryError } from '../../ui/query-error';
import { useLedgerFormat } from '../ledger';
import { usePeriodImports, useImportWrites } from './import-api';
import { MappingForm } from './mapping-form';
import { StatementLines } from './statement-lines';

/** The files a statement import reads (DOMAIN 9): a bank's CSV, or OFX/QFX. */
const statementFiles = '.csv,.ofx,.qfx,text/csv,application/x-ofx';

/**
 * The bank's statement imported into the period: a writer uploads its CSV or OFX/QFX file, maps a
 * CSV's columns the first time (remembered for the bank), then confirms the matches, turns the
 * unmatched lines into bank entries or sets them aside. Everyone who reads the period sees its imports.
 */
export function StatementImports({
  bankUuid,
  periodUuid,
  canWrite,
}: {
  bankUuid: string;
  periodUuid: string;
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const { instant } = useLedgerFormat();
  const imports = usePeriodImports(bankUuid, periodUuid);
  const writes = useImportWrites(bankUuid, periodUuid);
  const [chosen, setChosen] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const resetRef = useRef<() => void>(null);
  const list = imports.data ?? [];
  const shown: StatementImport | undefined = list.find((one) => one.uuid === chosen) ?? list[0];
  if (!canWrite && list.length === 0) return null;

  const upload = (file: File | null) => {
    resetRef.current?.();
    setRefusal(null);
    if (!file) return;
    writes.start.mutate(file, {
      onSuccess: (answer) => setChosen(answer.uuid),
      // A file already imported, or one that is no statement, is said in the panel, where the user looks.
      onError: (error) => setRefusal(errorKeyOf(error)),
    });
  };

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-label={t('reconciliationPages.import.title')}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Stack gap={2}>
            <Text fw={600}>{t('reconciliationPages.import.title')}</Text>
            {canWrite && (
              <Text size="xs" c="dimmed">
                {t('reconciliationPages.import.hint')}
              </Text>
            )}
          </Stack>
          {canWrite && (
            <FileButton resetRef={resetRef} accept={statementFiles} onChange={upload}>
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  leftSection={<IconFileImport size={16} aria-hidden />}
                  loading={writes.start.isPending}
                >
                  {t('reconciliationPages.import.upload')}
                </Button>
              )}
            </FileButton>
          )}
        </Group>
        {refusal && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            role="alert"
            withCloseButton
            onClose={() => setRefusal(null)}
          >
            <Text size="sm">{t(refusal)}</Text>
          </Alert>
        )}
        {imports.error && !imports.data && (
          <QueryError error={imports.error} onRetry={() => void imports.refetch()} />
        )}
        {list.length > 1 && shown && (
          <Select
            size="xs"
            label={t('reconciliationPages.import.chosen')}
            data={list.map((one) => ({
              value: one.uuid,
              label: t('reconciliationPages.import.option', {
                name: one.fileName,
                date: instant(one.createdAt),
              }),
            }))}
            value={shown.uuid}
            onChange={(uuid) => uuid && setChosen(uuid)}
            allowDeselect={false}
            maw={420}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {shown && (
          <Stack gap="sm">
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('reconciliationPages.import.file', {
                name: shown.fileName,
                format: t(`reconciliationPages.import.formats.${shown.format}`),
                date: instant(shown.createdAt),
              })}
            </Text>
            {shown.needsMapping ? (
              canWrite ? (
                <MappingForm
                  key={shown.uuid}
                  statementImport={shown}
                  needsMapping={shown.needsMapping}
                  pending={writes.mapping.isPending}
                  onSubmit={(body, onError) =>
                    writes.mapping.mutate({ importUuid: shown.uuid, body }, { onError })
                  }
                />
              ) : (
                <Text size="sm">{t('reconciliationPages.import.waitingMapping')}</Text>
              )
            ) : (
              <StatementLines key={shown.uuid} statementImport={shown} writes={writes} canWrite={canWrite} />
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
