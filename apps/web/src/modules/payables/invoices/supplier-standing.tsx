import { Group, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { amountStyle } from '../../../ui/amount-style';
import { QueryError } from '../../../ui/query-error';
import { useLedgerFormat } from '../../ledger';
import { useSupplierPayables } from './invoices-api';

/**
 * The chosen supplier's standing: what the building owes it by the ledger, its unpaid invoices,
 * and its credit notes not used yet (each opens), from this year and the earlier ones.
 */
export function SupplierStanding({
  supplierUuid,
  supplierName,
  onOpen,
}: {
  supplierUuid: string;
  supplierName: string;
  onOpen: (uuid: string) => void;
}) {
  const { t } = useTranslation();
  const { money, day } = useLedgerFormat();
  const payables = useSupplierPayables(supplierUuid);
  const data = payables.data;
  const title = t('invoicePages.supplier.title', { name: supplierName });
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h5">
          {title}
        </Title>
        {payables.error && !data ? (
          <QueryError error={payables.error} onRetry={() => void payables.refetch()} />
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
              <div>
                <Text size="xs" c="dimmed">
                  {t('invoicePages.supplier.balanceOwed')}
                </Text>
                <Text fw={700} style={amountStyle}>
                  {data ? money(data.balanceOwed) : '…'}
                </Text>
              </div>
              <div>
                <Text size="xs" c="dimmed">
                  {t('invoicePages.supplier.unpaidInvoices', { count: data?.unpaidInvoices.length ?? 0 })}
                </Text>
                <Text fw={500} style={amountStyle}>
                  {data ? money(data.unpaidInvoices.reduce((sum, invoice) => sum + invoice.unpaid, 0)) : '…'}
                </Text>
              </div>
              <div>
                <Text size="xs" c="dimmed">
                  {t('invoicePages.supplier.unusedCreditNotes', {
                    count: data?.unusedCreditNotes.length ?? 0,
                  })}
                </Text>
                <Text fw={500} style={amountStyle}>
                  {data ? money(data.unusedCreditNotes.reduce((sum, note) => sum + note.unpaid, 0)) : '…'}
                </Text>
              </div>
            </SimpleGrid>
            {data && data.unusedCreditNotes.length > 0 && (
              <Stack gap={2}>
                {data.unusedCreditNotes.map((note) => (
                  <Group key={note.uuid} justify="space-between" gap="xs" wrap="nowrap">
                    <UnstyledButton
                      onClick={() => onOpen(note.uuid)}
                      aria-label={t('invoicePages.list.open', { number: note.number })}
                    >
                      <Text size="sm" c="blue" td="underline" style={{ overflowWrap: 'anywhere' }}>
                        {t('invoicePages.supplier.creditNote', { number: note.number, date: day(note.date) })}
                      </Text>
                    </UnstyledButton>
                    <Text size="sm" style={amountStyle}>
                      {money(note.unpaid)}
                    </Text>
                  </Group>
                ))}
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
