import { useEffect, useState } from 'react';
import {
  Button,
  Chip,
  Grid,
  Group,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCash, IconSearch } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { invoiceListFilters, type InvoiceList } from '@copro/domain';
import { useBuildingShell } from '../../../app/shell/building-context';
import { useIsMobile } from '../../../app/shell/use-is-mobile';
import { amountStyle } from '../../../ui/amount-style';
import { PageLoader } from '../../../ui/page-loader';
import { QueryError } from '../../../ui/query-error';
import { useLedgerFormat } from '../../ledger';
import { PayInvoicesDialog } from '../payments/pay-invoices-dialog';
import { InvoiceDetailDialog } from './invoice-detail';
import { InvoiceEntry } from './invoice-entry';
import {
  invoicePageSize,
  noInvoiceFilters,
  pageCount,
  periodProblem,
  selectAllPayable,
  toggleInvoice,
  type InvoiceFilters,
  type PaySelection,
} from './invoice-list';
import { InvoiceTable } from './invoice-table';
import { useInvoiceList } from './invoices-api';
import { SupplierStanding } from './supplier-standing';
import { useCanWritePayables, type InvoiceLookups } from './use-invoice-lookups';

/**
 * The year's supplier invoices and credit notes (SPEC 2 suppliers/invoices): filtered by status,
 * supplier, period and a search, a page at a time with the totals of everything the filters
 * match; with a supplier chosen, its standing. Finance writers enter invoices (by hand or from a
 * PDF), and pay the unpaid invoices of one supplier they tick.
 */
export function InvoicesView({
  supplierUuid,
  initialStatus,
  lookups,
}: {
  supplierUuid: string | undefined;
  /** The filter the address asks for (?status=unpaid), else all. */
  initialStatus?: InvoiceFilters['status'];
  lookups: InvoiceLookups;
}) {
  const { t } = useTranslation();
  const { href } = useBuildingShell();
  const navigate = useNavigate();
  const canWrite = useCanWritePayables();
  const isPhone = useIsMobile();
  const [filters, setFilters] = useState<InvoiceFilters>(() => ({
    ...noInvoiceFilters,
    status: initialStatus ?? noInvoiceFilters.status,
  }));
  const [search] = useDebouncedValue(filters.q, 250);
  // A period that ends before it starts is not asked for: the list stays as it was.
  const [period, setPeriod] = useState({ from: '', to: '' });
  const applied: InvoiceFilters = { ...filters, q: search, ...period };
  const [page, setPage] = useState(1);
  const list = useInvoiceList(applied, supplierUuid, page);
  const [selection, setSelection] = useState<PaySelection | null>(null);
  const [opened, setOpened] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const supplier = lookups.suppliers.find((s) => s.uuid === supplierUuid);
  const data = list.data;
  const pages = data ? pageCount(data.total) : 1;

  // A new filter or supplier starts from the first page.
  const filterKey = JSON.stringify([applied, supplierUuid]);
  const [shownKey, setShownKey] = useState(filterKey);
  if (shownKey !== filterKey) {
    setShownKey(filterKey);
    setPage(1);
  }
  // A page past the end (invoices cancelled meanwhile) falls back to the last one.
  useEffect(() => {
    if (data && page > pages) setPage(pages);
  }, [data, page, pages]);

  const change = (next: InvoiceFilters) => {
    setFilters(next);
    if (!periodProblem(next.from, next.to)) setPeriod({ from: next.from, to: next.to });
  };
  const chooseSupplier = (uuid: string | null) => {
    setSelection(null);
    void navigate({ href: href(uuid ? `suppliers/invoices/${uuid}` : 'suppliers/invoices') });
  };
  const selectionSupplier = lookups.suppliers.find((s) => s.uuid === selection?.supplierUuid);

  return (
    <Stack gap="md">
      {canWrite && (
        <InvoiceEntry lookups={lookups} supplier={supplier} onSaved={(saved) => setOpened(saved.uuid)} />
      )}
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="sm">
          <Chip.Group
            multiple={false}
            value={filters.status}
            onChange={(status) => change({ ...filters, status: status as InvoiceFilters['status'] })}
          >
            <Group gap={6} role="radiogroup" aria-label={t('invoicePages.filters.status')}>
              {invoiceListFilters.map((status) => (
                <Chip key={status} value={status} size="xs">
                  {t(`invoicePages.filters.${status}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <Grid gutter="sm" align="flex-start">
            <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
              <Select
                label={t('invoicePages.fields.supplier')}
                placeholder={t('invoicePages.filters.allSuppliers')}
                searchable
                clearable
                nothingFoundMessage={t('invoicePages.form.noSupplier')}
                data={lookups.suppliers.map((s) => ({ value: s.uuid, label: s.name }))}
                value={supplierUuid ?? null}
                onChange={chooseSupplier}
                comboboxProps={{ withinPortal: true }}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3, md: 2 }}>
              <TextInput
                type="date"
                label={t('invoicePages.filters.from')}
                value={filters.from}
                onChange={(event) => change({ ...filters, from: event.currentTarget.value })}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3, md: 2 }}>
              <TextInput
                type="date"
                label={t('invoicePages.filters.to')}
                value={filters.to}
                onChange={(event) => change({ ...filters, to: event.currentTarget.value })}
                error={periodProblem(filters.from, filters.to) ? t('validation.dateTooEarly') : undefined}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <TextInput
                label={t('invoicePages.filters.search')}
                placeholder={t('invoicePages.filters.searchHint')}
                leftSection={<IconSearch size={16} aria-hidden />}
                value={filters.q}
                onChange={(event) => change({ ...filters, q: event.currentTarget.value })}
              />
            </Grid.Col>
          </Grid>
        </Stack>
      </Paper>

      {supplierUuid && (
        <SupplierStanding
          supplierUuid={supplierUuid}
          supplierName={supplier?.name ?? ''}
          onOpen={setOpened}
        />
      )}

      {data && <ListTotals totals={data.totals} count={data.total} />}

      {canWrite && selection && (
        <Paper withBorder radius="md" p="sm" bg="var(--mantine-primary-color-light)">
          <Group justify="space-between" gap="xs">
            <Text size="sm">
              {t('invoicePages.list.selected', {
                count: selection.invoiceUuids.length,
                supplier: selectionSupplier?.name ?? '',
              })}
            </Text>
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => setSelection(null)}>
                {t('invoicePages.list.clearSelection')}
              </Button>
              <Button
                size="xs"
                leftSection={<IconCash size={14} aria-hidden />}
                onClick={() => setPaying(true)}
              >
                {t('invoicePages.list.paySelected', { count: selection.invoiceUuids.length })}
              </Button>
            </Group>
          </Group>
        </Paper>
      )}

      {list.error && !data ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : !data ? (
        <PageLoader />
      ) : data.total === 0 ? (
        <Paper withBorder radius="md" p="lg">
          <Text size="sm" c="dimmed" ta="center">
            {t('invoicePages.list.empty')}
          </Text>
        </Paper>
      ) : (
        <Stack gap="xs">
          {canWrite && data.items.some((invoice) => invoice.unpaid > 0 && !invoice.creditNote) && (
            <Group>
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() => setSelection((current) => selectAllPayable(current, data.items))}
              >
                {t('invoicePages.list.selectPage')}
              </Button>
            </Group>
          )}
          <InvoiceTable
            items={data.items}
            selection={selection}
            selectable={canWrite}
            onToggle={(invoice) => setSelection((current) => toggleInvoice(current, invoice))}
            onOpen={setOpened}
            dimmed={list.isPlaceholderData}
          />
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('invoicePages.list.range', {
                first: (Math.min(page, pages) - 1) * invoicePageSize + 1,
                last: (Math.min(page, pages) - 1) * invoicePageSize + data.items.length,
                total: data.total,
              })}
            </Text>
            {pages > 1 && (
              <Pagination
                size="sm"
                total={pages}
                value={Math.min(page, pages)}
                onChange={setPage}
                siblings={isPhone ? 0 : 1}
                getControlProps={(control) => ({ 'aria-label': t(`invoicePages.list.paging.${control}`) })}
                getItemProps={(item) => ({
                  'aria-label': t('invoicePages.list.paging.page', { page: item }),
                })}
              />
            )}
          </Group>
        </Stack>
      )}

      <InvoiceDetailDialog
        uuid={opened}
        today={lookups.today}
        canWrite={canWrite}
        onClose={() => setOpened(null)}
      />
      {paying && selection && (
        <PayInvoicesDialog
          opened
          onClose={() => {
            setPaying(false);
            setSelection(null);
          }}
          supplierUuid={selection.supplierUuid}
          invoiceUuids={selection.invoiceUuids}
        />
      )}
    </Stack>
  );
}

/** The sums of every invoice the filters match (credit notes count against them). */
function ListTotals({ totals, count }: { totals: InvoiceList['totals']; count: number }) {
  const { t } = useTranslation();
  const { money } = useLedgerFormat();
  const figures = [
    { key: 'total', label: t('invoicePages.totals.total', { count }), value: totals.total },
    { key: 'paid', label: t('invoicePages.totals.paid'), value: totals.paid },
    { key: 'pending', label: t('invoicePages.totals.pending'), value: totals.pending },
    { key: 'unpaid', label: t('invoicePages.totals.unpaid'), value: totals.unpaid },
  ];
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 4 }}
      spacing="xs"
      aria-label={t('invoicePages.totals.label')}
      role="group"
    >
      {figures.map((figure) => (
        <Paper key={figure.key} withBorder radius="md" p="xs">
          <Text size="xs" c="dimmed">
            {figure.label}
          </Text>
          <Text fw={figure.key === 'unpaid' ? 700 : 500} style={amountStyle}>
            {money(figure.value)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
