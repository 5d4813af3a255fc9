import { Button, Center, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { insuranceWarningDays, languageOf, type RegistryReport } from '@copro/domain';
import { useBuildingShell } from '../../app/shell/building-context';
import { QueryError } from '../../ui/query-error';
import { reportFormats, reportQuery, reportUrl, type ReportRows } from './reports-api';

/** Rows drawn in the preview; the downloads hold them all. */
const previewRows = 50;

/** One report: what it lists, its downloads, and a preview of its rows. */
export function ReportCard({ report }: { report: RegistryReport }) {
  const { t, i18n } = useTranslation();
  const { building, fiscalYear } = useBuildingShell();
  const titleId = useId();
  const ref = building.buildingRef;
  const rows = useQuery(reportQuery(ref, fiscalYear.startDate, report, languageOf(i18n.language)));
  const title = t(`reports.${report}.title`);
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {t(`reports.${report}.description`, { days: insuranceWarningDays })}
        </Text>
        <Group gap="xs" role="group" aria-label={t('reports.downloads')}>
          {reportFormats.map((format) => (
            <Button
              key={format}
              component="a"
              href={reportUrl(ref, fiscalYear.startDate, report, format)}
              download
              size="xs"
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
              aria-label={t('reports.downloadAs', { report: title, format: t(`reports.formats.${format}`) })}
            >
              {t(`reports.formats.${format}`)}
            </Button>
          ))}
        </Group>
        {rows.isPending ? (
          <Center mih={80}>
            <Loader size="sm" aria-label={t('common.loading')} />
          </Center>
        ) : rows.isError ? (
          <QueryError error={rows.error} onRetry={() => void rows.refetch()} />
        ) : (
          <ReportPreview table={rows.data} caption={title} />
        )}
      </Stack>
    </Paper>
  );
}

function ReportPreview({ table, caption }: { table: ReportRows; caption: string }) {
  const { t } = useTranslation();
  if (table.rows.length === 0) return <Text size="sm">{t('reports.empty')}</Text>;
  const shown = table.rows.slice(0, previewRows);
  return (
    <Stack gap={4}>
      {/* Wider than a phone: the table scrolls sideways inside its box. */}
      <Table.ScrollContainer minWidth={table.columns.length * 130} maxHeight="min(60vh, 480px)" type="native">
        <Table striped stickyHeader withTableBorder fz="sm" verticalSpacing={4} aria-label={caption}>
          <Table.Thead>
            <Table.Tr>
              {table.columns.map((column) => (
                <Table.Th key={column}>{column}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row, r) => (
              // Rows have no identity of their own and never move: their place is their key.
              <Table.Tr key={r}>
                {row.map((cell, c) => (
                  <Table.Td key={c} style={{ overflowWrap: 'break-word', verticalAlign: 'top' }}>
                    {cell}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed">
        {table.rows.length > shown.length
          ? t('reports.previewLimited', { shown: shown.length, total: table.rows.length })
          : t('reports.rowCount', { count: table.rows.length })}
      </Text>
    </Stack>
  );
}
