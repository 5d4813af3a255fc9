import { useMemo, useState } from 'react';
import { Badge, Button, Group, Pagination, Paper, Stack, Table, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { languageOf, type WireTransferView } from '@copro/domain';
import { useIsMobile } from '../../../app/shell/use-is-mobile';
import { FormSection } from '../../../ui/form-section';
import { PageLoader } from '../../../ui/page-loader';
import { QueryError } from '../../../ui/query-error';
import { amountStyle } from '../../../ui/amount-style';
import { useLedgerFormat } from '../../ledger';
import { periodProblem, type DepositFilters } from './deposit-values';
import { PeriodFilters } from './period-filters';
import { useWireTransfers } from './payments-api';
import { ReturnedPaymentDialog } from './returned-payment-dialog';
import { returnedPaymentStart, type ReturnedPaymentValues } from './returned-values';
import type { PaymentLookups } from './use-payment-lookups';
import { pageOf, transferUnits, transfersNewestFirst } from './wire-transfer-values';

const pageSize = 25;
const noFilters: DepositFilters = { bankUuid: '', from: '', to: '' };

/** The history of wire transfers for a period, and the units that pay that way. */
export function WireTransfersHistory({ lookups, canWrite }: { lookups: PaymentLookups; canWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const { money, day } = useLedgerFormat();
  const isPhone = useIsMobile();
  const [filters, setFilters] = useState<DepositFilters>(noFilters);
  const [period, setPeriod] = useState({ from: '', to: '' });
  const transfers = useWireTransfers(period);
  const [page, setPage] = useState(1);
  const [returning, setReturning] = useState<{ start: ReturnedPaymentValues; description: string } | null>(
    null,
  );
  const sorted = useMemo(() => transfersNewestFirst(transfers.data ?? []), [transfers.data]);
  const units = useMemo(() => transferUnits(transfers.data ?? []), [transfers.data]);
  const { rows, pages } = pageOf(sorted, page, pageSize);
  const bankName = (uuid: string) => lookups.allBanks.find((bank) => bank.uuid === uuid)?.name ?? '';
  const change = (next: DepositFilters) => {
    setFilters(next);
    setPage(1);
    if (!periodProblem(next.from, next.to)) setPeriod({ from: next.from, to: next.to });
  };
  const openReturn = (transfer: WireTransferView) =>
    setReturning({
      start: returnedPaymentStart(transfer, lookups.today, languageOf(i18n.language)),
      description: t('payments.wireTransfers.describe', {
        unit: transfer.unitNumber,
        amount: money(transfer.amount),
        date: day(transfer.date),
      }),
    });

  return (
    <>
      <FormSection title={t('payments.wireTransfers.historyTitle')}>
        <PeriodFilters filters={filters} onChange={change} />
        {transfers.error && !transfers.data ? (
          <QueryError error={transfers.error} onRetry={() => void transfers.refetch()} />
        ) : !transfers.data ? (
          <PageLoader />
        ) : sorted.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('payments.wireTransfers.none')}
          </Text>
        ) : (
          <Stack gap="xs">
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('payments.wireTransfers.shown', {
                count: sorted.length,
                total: money(sorted.filter((x) => !x.returned).reduce((sum, x) => sum + x.amount, 0)),
              })}
            </Text>
            <TransfersRows rows={rows} bankName={bankName} onReturn={canWrite ? openReturn : null} />
            {pages > 1 && (
              <Group justify="center">
                <Pagination total={pages} value={Math.min(page, pages)} onChange={setPage} size="sm" />
              </Group>
            )}
          </Stack>
        )}
      </FormSection>
      <FormSection
        title={t('payments.wireTransfers.unitsTitle')}
        description={t('payments.wireTransfers.unitsHint')}
      >
        {units.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('payments.wireTransfers.noUnit')}
          </Text>
        ) : (
          <Table
            verticalSpacing={4}
            horizontalSpacing={isPhone ? 6 : 'sm'}
            fz="sm"
            aria-label={t('payments.wireTransfers.unitsTitle')}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('payments.fields.unit')}</Table.Th>
                <Table.Th ta="right">{t('payments.wireTransfers.count')}</Table.Th>
                <Table.Th>{t('payments.wireTransfers.lastDate')}</Table.Th>
                {/* A phone has room for the unit, the count and the last date only. */}
                {!isPhone && <Table.Th ta="right">{t('payments.wireTransfers.unitTotal')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {units.map((unit) => (
                <Table.Tr key={unit.unitUuid}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {t('units.unitTitle', { number: unit.unitNumber })}
                  </Table.Td>
                  <Table.Td ta="right" style={amountStyle}>
                    {unit.count}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{day(unit.lastDate)}</Table.Td>
                  {!isPhone && (
                    <Table.Td ta="right" style={amountStyle}>
                      {money(unit.total)}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </FormSection>
      <ReturnedPaymentDialog
        start={returning?.start ?? null}
        description={returning?.description ?? ''}
        onClose={() => setReturning(null)}
      />
    </>
  );
}

/** A table on a computer; on a phone, one short card per transfer. */
function TransfersRows({
  rows,
  bankName,
  onReturn,
}: {
  rows: readonly WireTransferView[];
  bankName: (uuid: string) => string;
  onReturn: ((transfer: WireTransferView) => void) | null;
}) {
  const { t } = useTranslation();
  const { money, day } = useLedgerFormat();
  const isPhone = useIsMobile();
  const action = (transfer: WireTransferView) =>
    transfer.returned ? (
      <Badge color="red" variant="light" size="sm">
        {t('payments.wireTransfers.returned')}
      </Badge>
    ) : onReturn ? (
      <Button
        size="compact-xs"
        variant="subtle"
        color="red"
        leftSection={<IconArrowBackUp size={14} aria-hidden />}
        onClick={() => onReturn(transfer)}
        aria-label={t('payments.wireTransfers.returnLabel', {
          unit: transfer.unitNumber,
          date: day(transfer.date),
        })}
      >
        {t('payments.wireTransfers.returnAction')}
      </Button>
    ) : null;

  if (isPhone)
    return (
      <Stack gap="xs">
        {rows.map((transfer) => (
          <Paper key={transfer.transactionUuid} withBorder radius="md" p="xs">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={500}>
                  {t('units.unitTitle', { number: transfer.unitNumber })}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {[day(transfer.date), bankName(transfer.bankUuid), transfer.reference]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </div>
              <Text
                size="sm"
                fw={600}
                style={amountStyle}
                td={transfer.returned ? 'line-through' : undefined}
              >
                {money(transfer.amount)}
              </Text>
            </Group>
            <Group justify="flex-end" mt={4}>
              {action(transfer)}
            </Group>
          </Paper>
        ))}
      </Stack>
    );

  return (
    <Table.ScrollContainer minWidth={640}>
      <Table
        verticalSpacing={6}
        fz="sm"
        highlightOnHover
        aria-label={t('payments.wireTransfers.historyTitle')}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('payments.fields.date')}</Table.Th>
            <Table.Th>{t('payments.fields.unit')}</Table.Th>
            <Table.Th>{t('payments.fields.bank')}</Table.Th>
            <Table.Th>{t('payments.fields.reference')}</Table.Th>
            <Table.Th ta="right">{t('payments.fields.amount')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((transfer) => (
            <Table.Tr key={transfer.transactionUuid}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{day(transfer.date)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {t('units.unitTitle', { number: transfer.unitNumber })}
              </Table.Td>
              <Table.Td>{bankName(transfer.bankUuid)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{transfer.reference}</Table.Td>
              <Table.Td
                ta="right"
                style={amountStyle}
                td={transfer.returned ? 'line-through' : undefined}
                c={transfer.returned ? 'dimmed' : undefined}
              >
                {money(transfer.amount)}
              </Table.Td>
              <Table.Td ta="right">{action(transfer)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
