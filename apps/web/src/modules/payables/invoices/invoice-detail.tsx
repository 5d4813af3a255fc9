import { useState, type ReactNode } from 'react';
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconCash, IconFileTypePdf, IconReceiptRefund, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SupplierInvoiceView, SupplierPaymentView } from '@copro/domain';
import { useBuildingShell } from '../../../app/shell/building-context';
import { amountStyle } from '../../../ui/amount-style';
import { PageLoader } from '../../../ui/page-loader';
import { QueryError } from '../../../ui/query-error';
import { DetailGrid, notesRow, RecordFormModal } from '../../../ui/record-panel';
import { AnchorLink } from '../../../ui/router-link';
import { ScrollTable } from '../../../ui/scroll-table';
import { useLedgerFormat } from '../../ledger';
import { PayInvoicesDialog } from '../payments/pay-invoices-dialog';
import { BillbackDialog } from './billback-dialog';
import { unbilledRest } from './billback-values';
import { CancelInvoiceDialog } from './cancel-invoice-dialog';
import { InvoiceStatusBadge } from './invoice-badges';
import { isPayable } from './invoice-list';
import { useBillbacks, useInvoice, useInvoiceFileUrl, useSupplierPayments } from './invoices-api';

/** An invoice or credit note opened from the list, in a dialog that fills a phone's screen. */
export function InvoiceDetailDialog({
  uuid,
  today,
  canWrite,
  onClose,
}: {
  uuid: string | null;
  today: string;
  canWrite: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const invoice = useInvoice(uuid);
  const title = invoice.data
    ? t(invoice.data.creditNote ? 'invoicePages.detail.creditNoteTitle' : 'invoicePages.detail.title', {
        number: invoice.data.number,
      })
    : t('invoicePages.detail.loading');
  return (
    <RecordFormModal opened={uuid !== null} onClose={onClose} title={title}>
      {invoice.error && !invoice.data ? (
        <QueryError error={invoice.error} onRetry={() => void invoice.refetch()} />
      ) : !invoice.data ? (
        <PageLoader />
      ) : (
        <InvoiceDetail invoice={invoice.data} today={today} canWrite={canWrite} />
      )}
    </RecordFormModal>
  );
}

type Dialog = 'billback' | 'cancel' | 'pay' | null;

function InvoiceDetail({
  invoice,
  today,
  canWrite,
}: {
  invoice: SupplierInvoiceView;
  today: string;
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const { money, day } = useLedgerFormat();
  const { href } = useBuildingShell();
  const fileUrl = useInvoiceFileUrl();
  const [dialog, setDialog] = useState<Dialog>(null);
  const cancelled = invoice.status === 'cancelled';
  const canBillBack = canWrite && !cancelled && !invoice.creditNote && unbilledRest(invoice) > 0;
  const credit = invoice.creditNote;

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs" align="flex-start">
        <InvoiceStatusBadge invoice={invoice} />
        {canWrite && !cancelled && (
          <Group gap="xs">
            {isPayable(invoice) && (
              <Button
                size="xs"
                leftSection={<IconCash size={14} aria-hidden />}
                onClick={() => setDialog('pay')}
              >
                {t('invoicePages.actions.pay')}
              </Button>
            )}
            {canBillBack && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconReceiptRefund size={14} aria-hidden />}
                onClick={() => setDialog('billback')}
              >
                {t('invoicePages.actions.billBack')}
              </Button>
            )}
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconX size={14} aria-hidden />}
              onClick={() => setDialog('cancel')}
            >
              {t(credit ? 'invoicePages.actions.cancelCreditNote' : 'invoicePages.actions.cancelInvoice')}
            </Button>
          </Group>
        )}
      </Group>
      <DetailGrid
        rows={[
          { label: t('invoicePages.fields.supplier'), value: invoice.supplierName },
          {
            label: t(credit ? 'invoicePages.fields.creditNoteNumber' : 'invoicePages.fields.number'),
            value: invoice.number,
          },
          { label: t('invoicePages.fields.date'), value: day(invoice.date) },
          { label: t('invoicePages.fields.dueDate'), value: invoice.dueDate && day(invoice.dueDate) },
          notesRow(t('invoicePages.fields.notes'), invoice.notes),
        ]}
      />

      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        <Figure label={t('invoicePages.fields.total')} value={money(invoice.total)} />
        <Figure
          label={t(credit ? 'invoicePages.totals.used' : 'invoicePages.totals.paid')}
          value={money(invoice.paid)}
        />
        <Figure
          label={t(credit ? 'invoicePages.totals.held' : 'invoicePages.totals.pending')}
          value={money(invoice.pending)}
        />
        <Figure
          label={t(credit ? 'invoicePages.totals.unused' : 'invoicePages.totals.unpaid')}
          value={money(invoice.unpaid)}
          strong
        />
      </SimpleGrid>

      <Section title={t('invoicePages.detail.lines')}>
        <ScrollTable minWidth={420}>
          <Table verticalSpacing={6} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('invoicePages.fields.category')}</Table.Th>
                <Table.Th>{t('invoicePages.fields.description')}</Table.Th>
                <Table.Th ta="right">{t('invoicePages.fields.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoice.lines.map((line, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{line.categoryName}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{line.description ?? ''}</Table.Td>
                  <Table.Td ta="right" style={amountStyle}>
                    {money(line.amount)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <TotalLine label={t('invoicePages.fields.subtotal')} value={money(invoice.subtotal)} />
              {invoice.taxes.map((tax) => (
                <TotalLine key={tax.code} label={t(`admin.taxCodes.${tax.code}`)} value={money(tax.amount)} />
              ))}
              <TotalLine label={t('invoicePages.fields.total')} value={money(invoice.total)} strong />
            </Table.Tfoot>
          </Table>
        </ScrollTable>
      </Section>

      <Section title={t('invoicePages.detail.attachments')}>
        {invoice.attachments.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('invoicePages.form.noAttachments')}
          </Text>
        ) : (
          <Stack gap={4}>
            {invoice.attachments.map((file) => (
              <Group key={file.fileId} gap="xs" wrap="nowrap">
                <IconFileTypePdf size={18} aria-hidden style={{ flexShrink: 0 }} />
                <Anchor
                  href={fileUrl(invoice.uuid, file.fileId)}
                  target="_blank"
                  rel="noopener"
                  size="sm"
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {file.fileName}
                </Anchor>
              </Group>
            ))}
          </Stack>
        )}
      </Section>

      <Section title={t(credit ? 'invoicePages.detail.creditUses' : 'invoicePages.detail.payments')}>
        <InvoicePayments invoice={invoice} />
      </Section>

      {!credit && (
        <Section
          title={t('invoicePages.detail.billbacks')}
          aside={
            invoice.billedBack > 0 && (
              <Text size="sm" c="dimmed">
                {t('invoicePages.detail.billedBack', { amount: money(invoice.billedBack) })}
              </Text>
            )
          }
        >
          <InvoiceBillbacks invoiceUuid={invoice.uuid} />
        </Section>
      )}

      <Group gap="md">
        <AnchorLink to={href(`suppliers/transactions/${invoice.transactionUuid}`)} size="sm" fw={600}>
          {t('accounting.seeTransaction')}
        </AnchorLink>
      </Group>

      {dialog === 'billback' && (
        <BillbackDialog invoice={invoice} date={today} opened onClose={() => setDialog(null)} />
      )}
      <CancelInvoiceDialog invoice={invoice} opened={dialog === 'cancel'} onClose={() => setDialog(null)} />
      {dialog === 'pay' && (
        <PayInvoicesDialog
          opened
          onClose={() => setDialog(null)}
          supplierUuid={invoice.supplierUuid}
          invoiceUuids={[invoice.uuid]}
        />
      )}
    </Stack>
  );
}

function Section({ title, aside, children }: { title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <Stack gap={6} component="section" aria-label={title}>
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h5">
          {title}
        </Title>
        {aside}
      </Group>
      {children}
    </Stack>
  );
}

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Paper withBorder radius="sm" p="xs">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} style={amountStyle}>
        {value}
      </Text>
    </Paper>
  );
}

function TotalLine({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={2} ta="right" fw={strong ? 700 : undefined}>
        {label}
      </Table.Td>
      <Table.Td ta="right" fw={strong ? 700 : undefined} style={amountStyle}>
        {value}
      </Table.Td>
    </Table.Tr>
  );
}

/** The payments that paid the invoice (or used the credit note), pending ones too. */
function InvoicePayments({ invoice }: { invoice: SupplierInvoiceView }) {
  const { t } = useTranslation();
  const { money, day } = useLedgerFormat();
  const payments = useSupplierPayments(invoice.supplierUuid);
  if (payments.error && !payments.data)
    return <QueryError error={payments.error} onRetry={() => void payments.refetch()} />;
  if (!payments.data) return <PageLoader />;
  const rows = payments.data.items.flatMap((payment) => {
    const line = [...payment.invoices, ...payment.creditNotes].find((l) => l.invoiceUuid === invoice.uuid);
    return line ? [{ payment, amount: line.amount }] : [];
  });
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t(invoice.creditNote ? 'invoicePages.detail.noCreditUses' : 'invoicePages.detail.noPayments')}
      </Text>
    );
  return (
    <Stack gap={0}>
      {rows.map(({ payment, amount }) => (
        <Group
          key={payment.uuid}
          justify="space-between"
          gap="xs"
          wrap="nowrap"
          py={6}
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          <div style={{ minWidth: 0 }}>
            <Group gap={6} wrap="wrap">
              <Text size="sm">{day(payment.date)}</Text>
              <Text size="sm" c="dimmed">
                {t(`admin.paymentMethods.${payment.paymentMethod}`)}
                {payment.checkNumber
                  ? ` · ${t('invoicePages.detail.checkNumber', { number: payment.checkNumber })}`
                  : ''}
              </Text>
              <PaymentStateBadge payment={payment} />
            </Group>
          </div>
          <Text
            size="sm"
            style={amountStyle}
            td={payment.status === 'cancelled' ? 'line-through' : undefined}
            c={payment.status === 'cancelled' ? 'dimmed' : undefined}
          >
            {money(amount)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** Where a payment stands: posted, waiting for approval (or rejected), or cancelled. */
function PaymentStateBadge({ payment }: { payment: SupplierPaymentView }) {
  const { t } = useTranslation();
  const state =
    payment.status === 'cancelled'
      ? 'cancelled'
      : payment.approvalStatus === 'rejected'
        ? 'rejected'
        : payment.status === 'pending'
          ? 'pendingApproval'
          : 'posted';
  const color = { cancelled: 'gray', rejected: 'red', pendingApproval: 'yellow', posted: 'teal' }[state];
  return (
    <Badge size="xs" variant="light" color={color}>
      {t(`invoicePages.detail.paymentStates.${state}`)}
    </Badge>
  );
}

/** Each unit's part of the invoice billed back, with its date. */
function InvoiceBillbacks({ invoiceUuid }: { invoiceUuid: string }) {
  const { t } = useTranslation();
  const { money, day } = useLedgerFormat();
  const billbacks = useBillbacks(invoiceUuid);
  if (billbacks.error && !billbacks.data)
    return <QueryError error={billbacks.error} onRetry={() => void billbacks.refetch()} />;
  if (!billbacks.data) return <PageLoader />;
  const rows = billbacks.data.billbacks;
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('invoicePages.detail.noBillbacks')}
      </Text>
    );
  return (
    <ScrollTable minWidth={360} maxHeight="40dvh">
      <Table verticalSpacing={4} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('invoicePages.fields.unit')}</Table.Th>
            <Table.Th>{t('invoicePages.fields.date')}</Table.Th>
            <Table.Th ta="right">{t('invoicePages.fields.amount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.transactionUuid} c={row.cancelled ? 'dimmed' : undefined}>
              <Table.Td>
                {t('units.unitTitle', { number: row.unitNumber })}
                {row.cancelled && (
                  <Badge ml={6} size="xs" color="gray" variant="light">
                    {t('invoicePages.status.cancelled')}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{day(row.date)}</Table.Td>
              <Table.Td ta="right" style={amountStyle} td={row.cancelled ? 'line-through' : undefined}>
                {money(row.amount)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
