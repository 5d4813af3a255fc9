import { Alert, Button, Center, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  insuranceWarningDays,
  languageOf,
  type BuildingReport,
  type ReportJson,
  type ReportTableJson,
} from '@copro/domain';
import { useBuildingShell } from '../../app/shell/building-context';
import { QueryError } from '../../ui/query-error';
import { ScrollTable } from '../../ui/scroll-table';
import {
  reportFormats,
  reportQuery,
  reportUrl,
  type AnyReport,
  type ReportFormat,
  type ReportParams,
} from './reports-api';

/** Rows drawn in the preview; the downloads hold them all. */
const previewRows = 50;
/** Tables drawn in the preview, for reports made of one table per unit. */
const previewTables = 10;

/**
 * One registry, budget or receivables report: what it lists, its downloads, and a preview of its
 * rows. A report asked for a date or a period gets its `params`, the boxes that set them
 * (`controls`), and its own texts; while the boxes hold something wrong (`invalid`), nothing is
 * asked for.
 */
export function ReportCard(props: { report: BuildingReport }): ReactNode;
export function ReportCard(props: {
  report: AnyReport;
  title: string;
  description: string;
  params: ReportParams;
  controls: ReactNode;
  invalid?: boolean;
}): ReactNode;
export function ReportCard({
  report,
  title: ownTitle,
  description,
  params = {},
  controls,
  invalid = false,
}: {
  report: AnyReport;
  title?: string;
  description?: string;
  params?: ReportParams;
  controls?: ReactNode;
  invalid?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { building, fiscalYear } = useBuildingShell();
  const ref = building.buildingRef;
  const rows = useQuery({
    ...reportQuery(ref, fiscalYear.startDate, report, languageOf(i18n.language), params),
    enabled: !invalid,
  });
  const title = ownTitle ?? t(`reports.${report}.title`);
  return (
    <ReportFrame
      title={title}
      description={description ?? t(`reports.${report}.description`, { days: insuranceWarningDays })}
      controls={controls}
      invalid={invalid}
      fileUrl={(format) => reportUrl(ref, fiscalYear.startDate, report, format, params)}
      preview={rows}
    >
      {(data) => <ReportPreviews report={data} caption={title} />}
    </ReportFrame>
  );
}

/**
 * A report's card, whatever area makes the report: its title and what it shows, the boxes that
 * choose what it covers, a download per format, and the preview `children` draw from what
 * `preview` loaded. While the boxes hold something wrong (`invalid`), there is nothing to download
 * or to show.
 */
export function ReportFrame<T>({
  title,
  description,
  controls,
  invalid = false,
  fileUrl,
  preview,
  children,
}: {
  title: string;
  description: string;
  controls?: ReactNode;
  invalid?: boolean;
  fileUrl: (format: ReportFormat) => string;
  preview: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        {controls}
        <Group gap="xs" role="group" aria-label={t('reports.downloads')}>
          {reportFormats.map((format) => (
            <Button
              key={format}
              component="a"
              href={invalid ? undefined : fileUrl(format)}
              disabled={invalid}
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
        {invalid ? null : preview.isPending ? (
          <Center mih={80}>
            <Loader size="sm" aria-label={t('common.loading')} />
          </Center>
        ) : preview.isError ? (
          <QueryError error={preview.error} onRetry={() => void preview.refetch()} />
        ) : (
          children(preview.data)
        )}
      </Stack>
    </Paper>
  );
}

/** The report's notice, then each of its tables under its heading. */
function ReportPreviews({ report, caption }: { report: ReportJson; caption: string }) {
  const { t } = useTranslation();
  const all = [report, ...(report.sections ?? [])];
  // Statements of every unit are one table per unit: hundreds of them stay for the downloads.
  const tables = all.slice(0, previewTables);
  return (
    <Stack gap="md">
      {report.notice && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {report.notice}
        </Alert>
      )}
      {tables.map((table, i) =>
        table.heading ? (
          // Tables have no identity of their own and never move: their place is their key.
          <Stack key={i} gap={4}>
            <Title order={3} size="h5">
              {table.heading}
            </Title>
            <ReportTablePreview table={table} caption={table.heading} emptyText={report.emptyText} />
          </Stack>
        ) : (
          <ReportTablePreview key={i} table={table} caption={caption} emptyText={report.emptyText} />
        ),
      )}
      {all.length > tables.length && (
        <Text size="xs" c="dimmed">
          {t('receivablesReportsPage.tablesLimited', { shown: tables.length, total: all.length })}
        </Text>
      )}
    </Stack>
  );
}

/** A statement read on the page, not previewed: its rows in full, up to this many. */
const fullRows = 2000;

/**
 * One table of a report, amounts on the right: its first rows in a box of its own (a preview of
 * the file), or, `full`, every row in the page's flow (a financial statement is read on the page:
 * its totals must not hide under an inner scroll).
 */
export function ReportTablePreview({
  table,
  caption,
  emptyText,
  full = false,
}: {
  table: ReportTableJson;
  caption: string;
  emptyText: string;
  full?: boolean;
}) {
  const { t } = useTranslation();
  if (table.rows.length === 0) return <Text size="sm">{emptyText}</Text>;
  const shown = table.rows.slice(0, full ? fullRows : previewRows);
  // Amounts line up on the right, as in the PDF.
  const align = (c: number) => (table.kinds[c] === 'money' ? 'right' : undefined);
  return (
    <Stack gap={4}>
      {/* Wider than a phone: the table scrolls sideways inside its box, and says so. */}
      <ScrollTable minWidth={table.columns.length * 130} {...(full ? {} : { maxHeight: 'min(60vh, 480px)' })}>
        <Table striped stickyHeader withTableBorder fz="sm" verticalSpacing={4} aria-label={caption}>
          <Table.Thead>
            <Table.Tr>
              {table.columns.map((column, c) => (
                // Columns never move, and two may share a header: their place is their key.
                <Table.Th key={c} ta={align(c)}>
                  {column}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row, r) => (
              // Rows have no identity of their own and never move: their place is their key.
              <Table.Tr key={r} fw={table.totalRows.includes(r) ? 600 : undefined}>
                {row.map((cell, c) => (
                  <Table.Td
                    key={c}
                    ta={align(c)}
                    style={{
                      overflowWrap: 'break-word',
                      verticalAlign: 'top',
                      // An amount stays on one line.
                      whiteSpace: align(c) ? 'nowrap' : undefined,
                    }}
                  >
                    {cell}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      <Text size="xs" c="dimmed">
        {table.rows.length > shown.length
          ? t('reports.previewLimited', { shown: shown.length, total: table.rows.length })
          : t('reports.rowCount', { count: table.rows.length })}
      </Text>
    </Stack>
  );
}
