import { Checkbox, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SupplierInvoiceView } from '@copro/domain';
import { amountStyle } from '../../../ui/amount-style';
import { ScrollTable } from '../../../ui/scroll-table';
import { useLedgerFormat } from '../../ledger';
import { InvoiceStatusBadge } from './invoice-badges';
import { isPayable, type PaySelection } from './invoice-list';

/**
 * A page of invoices: number (opens it), supplier, dates, status and amounts; finance writers
 * tick the unpaid invoices of one supplier to pay them together.
 */
export function InvoiceTable({
  items,
  selection,
  selectable,
  onToggle,
  onOpen,
  dimmed,
}: {
  items: readonly SupplierInvoiceView[];
  selection: PaySelection | null;
  selectable: boolean;
  onToggle: (invoice: SupplierInvoiceView) => void;
  onOpen: (uuid: string) => void;
  /** A new page is on its way: the rows shown are the previous ones. */
  dimmed: boolean;
}) {
  const { t } = useTranslation();
  const { money, day } = useLedgerFormat();
  const picked = new Set(selection?.invoiceUuids ?? []);
  return (
    <ScrollTable minWidth={selectable ? 900 : 860}>
      <Table
        verticalSpacing={6}
        fz="sm"
        highlightOnHover
        style={{ opacity: dimmed ? 0.6 : 1 }}
        aria-label={t('invoicePages.list.label')}
      >
        <Table.Thead>
          <Table.Tr>
            {selectable && (
              <Table.Th w={36}>
                <VisuallyHidden>{t('invoicePages.list.select')}</VisuallyHidden>
              </Table.Th>
            )}
            <Table.Th>{t('invoicePages.fields.number')}</Table.Th>
            <Table.Th>{t('invoicePages.fields.supplier')}</Table.Th>
            <Table.Th>{t('invoicePages.fields.date')}</Table.Th>
            <Table.Th>{t('invoicePages.fields.dueDate')}</Table.Th>
            <Table.Th>{t('invoicePages.fields.status')}</Table.Th>
            <Table.Th ta="right">{t('invoicePages.fields.total')}</Table.Th>
            <Table.Th ta="right">{t('invoicePages.totals.paid')}</Table.Th>
            <Table.Th ta="right">{t('invoicePages.totals.pending')}</Table.Th>
            <Table.Th ta="right">{t('invoicePages.totals.unpaid')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((invoice) => {
            const sign = invoice.creditNote ? -1 : 1;
            const cancelled = invoice.status === 'cancelled';
            return (
              <Table.Tr key={invoice.uuid} c={cancelled ? 'dimmed' : undefined}>
                {selectable && (
                  <Table.Td>
                    {isPayable(invoice) && (
                      <Checkbox
                        aria-label={t('invoicePages.list.selectInvoice', { number: invoice.number })}
                        checked={picked.has(invoice.uuid)}
                        onChange={() => onToggle(invoice)}
                      />
                    )}
                  </Table.Td>
                )}
                <Table.Td>
                  <UnstyledButton
                    onClick={() => onOpen(invoice.uuid)}
                    aria-label={t('invoicePages.list.open', { number: invoice.number })}
                  >
                    <Text size="sm" fw={600} c="blue" td="underline" style={{ overflowWrap: 'anywhere' }}>
                      {invoice.number}
                    </Text>
                  </UnstyledButton>
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{invoice.supplierName}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{day(invoice.date)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {invoice.dueDate ? day(invoice.dueDate) : ''}
                </Table.Td>
                <Table.Td>
                  <InvoiceStatusBadge invoice={invoice} />
                </Table.Td>
                <Table.Td ta="right" style={amountStyle} td={cancelled ? 'line-through' : undefined}>
                  {money(sign * invoice.total)}
                </Table.Td>
                <Table.Td ta="right" style={amountStyle}>
                  {money(sign * invoice.paid)}
                </Table.Td>
                <Table.Td ta="right" style={amountStyle}>
                  {money(sign * invoice.pending)}
                </Table.Td>
                <Table.Td ta="right" style={amountStyle} fw={invoice.unpaid > 0 ? 600 : undefined}>
                  {money(sign * invoice.unpaid)}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
