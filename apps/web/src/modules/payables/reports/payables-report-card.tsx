import {
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cellText, languageOf, type PayablesReport, type PayablesReportTable } from '@copro/domain';
import { useBuildingShell } from '../../../app/shell/building-context';
import { useBuildingToday } from '../../../app/shell/use-building-today';
import { QueryError } from '../../../ui/query-error';
import { ScrollTable } from '../../../ui/scroll-table';
import { Translated } from '../../../ui/translated';
import { useRecords } from '../../registry';
import { initialChoice, reportParams, type PayablesReportChoice } from './report-params';
import { payablesReportFiles, payablesReportUrl } from './report-url';
import { payablesReportKinds, payablesReportQuery } from './reports-api';

/** Rows drawn in the preview; the downloads hold them all. */
const previewRows = 50;

/**
 * One payables report: what it shows, the boxes that choose its date, period or bank, its
 * downloads, and a preview of the table the downloads hold. While the boxes hold something wrong,
 * nothing is asked for.
 */
export function PayablesReportCard({ report }: { report: PayablesReport }) {
  const { t } = useTranslation();
  const { building, fiscalYear } = useBuildingShell();
  const today = useBuildingToday();
  const titleId = useId();
  const [choice, setChoice] = useState(() => initialChoice(fiscalYear, today));
  const { params, problem } = reportParams(report, choice);
  const set = (change: Partial<PayablesReportChoice>) => setChoice((current) => ({ ...current, ...change }));
  const ref = building.buildingRef;
  const title = t(`payablesReports.${report}.title`);
  const error = problem ? <Translated k={problem.key} params={problem.params} /> : undefined;

  const date = (name: 'from' | 'to' | 'asOf', label: string, shownError?: ReactNode) => (
    <TextInput
      type="date"
      size="xs"
      label={t(label)}
      min={fiscalYear.startDate}
      max={fiscalYear.endDate}
      value={choice[name]}
      onChange={(event) => set({ [name]: event.currentTarget.value })}
      error={shownError}
      style={{ flex: '1 1 140px', maxWidth: 200 }}
    />
  );
  const controls =
    report === 'supplier-totals' ? null : (
      <Group gap="sm" align="flex-start" wrap="wrap">
        {report === 'aging' ? (
          date('asOf', 'payablesReports.page.asOf', error)
        ) : (
          <>
            {date('from', 'payablesReports.page.from')}
            {date('to', 'payablesReports.page.to', error)}
            {report === 'check-register' && (
              <BankSelect value={choice.bankUuid} onChange={(bankUuid) => set({ bankUuid })} />
            )}
          </>
        )}
      </Group>
    );

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {t(`payablesReports.${report}.description`)}
        </Text>
        {controls}
        <Group gap="xs" role="group" aria-label={t('payablesReports.page.downloads')}>
          {payablesReportFiles.map((format) => (
            <Button
              key={format}
              component="a"
              href={
                problem ? undefined : payablesReportUrl(ref, fiscalYear.startDate, report, format, params)
              }
              disabled={problem !== null}
              download
              size="xs"
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
              aria-label={t('payablesReports.page.downloadAs', {
                report: title,
                format: t(`payablesReports.page.formats.${format}`),
              })}
            >
              {t(`payablesReports.page.formats.${format}`)}
            </Button>
          ))}
        </Group>
        {problem ? null : <ReportPreview report={report} params={params} caption={title} />}
      </Stack>
    </Paper>
  );
}

/** The report's figures as the table its downloads hold, in the reader's language. */
function ReportPreview<R extends PayablesReport>({
  report,
  params,
  caption,
}: {
  report: R;
  params: ReturnType<typeof reportParams>['params'];
  caption: string;
}) {
  const { t, i18n } = useTranslation();
  const { building, fiscalYear } = useBuildingShell();
  const figures = useQuery(payablesReportQuery(building.buildingRef, fiscalYear.startDate, report, params));
  const language = languageOf(i18n.language);
  const table = useMemo(
    () =>
      figures.data === undefined
        ? null
        : payablesReportKinds[report].table(figures.data, { language, currency: building.currency }),
    [figures.data, report, language, building.currency],
  );
  if (figures.isError) return <QueryError error={figures.error} onRetry={() => void figures.refetch()} />;
  if (!table)
    return (
      <Center mih={80}>
        <Loader size="sm" aria-label={t('payablesReports.page.loading')} />
      </Center>
    );
  return <PreviewTable table={table} caption={caption} />;
}

function PreviewTable({ table, caption }: { table: PayablesReportTable; caption: string }) {
  const { t } = useTranslation();
  if (table.rows.length === 0) return <Text size="sm">{t('payablesReports.page.empty')}</Text>;
  const shown = table.rows.slice(0, previewRows);
  // Amounts line up on the right, as in the PDF.
  const align = (c: number) => (table.columns[c]?.kind === 'money' ? 'right' : undefined);
  return (
    <Stack gap={4}>
      {/* Wider than a phone: the table scrolls sideways inside its box, and says so. */}
      <ScrollTable minWidth={table.columns.length * 120} maxHeight="min(60vh, 480px)">
        <Table striped stickyHeader withTableBorder fz="sm" verticalSpacing={4} aria-label={caption}>
          <Table.Thead>
            <Table.Tr>
              {table.columns.map((column, c) => (
                // Columns never move: their place is their key.
                <Table.Th key={c} ta={align(c)}>
                  {column.label}
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
                      whiteSpace: align(c) ? 'nowrap' : undefined,
                    }}
                  >
                    {cellText(cell)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      <Text size="xs" c="dimmed">
        {table.rows.length > shown.length
          ? t('payablesReports.page.previewLimited', { shown: shown.length, total: table.rows.length })
          : t('payablesReports.page.rowCount', { count: table.rows.length })}
      </Text>
    </Stack>
  );
}

/** The option for every bank: a select option needs a value, and '' means none. */
const allBanks = 'all';

function BankSelect({ value, onChange }: { value: string; onChange: (uuid: string) => void }) {
  const { t } = useTranslation();
  const banks = useRecords('banks');
  const data = useMemo(
    () => [
      { value: allBanks, label: t('payablesReports.page.allBanks') },
      ...(banks.data ?? []).map((bank) => ({ value: bank.uuid, label: bank.name })),
    ],
    [banks.data, t],
  );
  return (
    <Select
      size="xs"
      label={t('payablesReports.page.bank')}
      data={data}
      value={value || allBanks}
      onChange={(next) => onChange(next === null || next === allBanks ? '' : next)}
      allowDeselect={false}
      disabled={banks.isPending}
      style={{ flex: '1 1 160px', maxWidth: 240 }}
    />
  );
}
