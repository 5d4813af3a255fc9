import { useState } from 'react';
import { Accordion, Anchor, Badge, Button, Group, Pagination, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileTypePdf, IconReceiptOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { languageOf, type DepositItemView, type DepositView } from '@copro/domain';
import { useBuildingShell } from '../../../app/shell/building-context';
import { useIsMobile } from '../../../app/shell/use-is-mobile';
import { PageLoader } from '../../../ui/page-loader';
import { QueryError } from '../../../ui/query-error';
import { AnchorLink } from '../../../ui/router-link';
import { amountStyle } from '../../../ui/amount-style';
import { useLedgerFormat } from '../../ledger';
import { depositItemRows, periodProblem, type DepositFilters } from './deposit-values';
import { PeriodFilters } from './period-filters';
import { useDeposits, usePaymentFiles } from './payments-api';
import { ReturnedCheckDialog } from './returned-check-dialog';
import { canReturn, returnedCheckStart, type ReturnedCheckValues } from './returned-values';
import type { PaymentLookups } from './use-payment-lookups';
import { pageOf } from './wire-transfer-values';

const pageSize = 20;
const noFilters: DepositFilters = { bankUuid: '', from: '', to: '' };

/**
 * The year's deposits, newest first, by bank and period: each opens on its checks and cash, with
 * its slip, its transaction, and a returned-check action on each deposited check.
 */
export function DepositsList({ lookups, canWrite }: { lookups: PaymentLookups; canWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const { money } = useLedgerFormat();
  const files = usePaymentFiles();
  const [filters, setFilters] = useState<DepositFilters>(noFilters);
  // A period that ends before it starts is not asked for: the list stays as it was.
  const [applied, setApplied] = useState<DepositFilters>(noFilters);
  const deposits = useDeposits(applied);
  const [page, setPage] = useState(1);
  const [returning, setReturning] = useState<ReturnedCheckValues | null>(null);
  const change = (next: DepositFilters) => {
    setFilters(next);
    setPage(1);
    if (!periodProblem(next.from, next.to)) setApplied(next);
  };
  const list = deposits.data ?? [];
  const { rows, pages } = pageOf(list, page, pageSize);
  // A cancelled deposit stays listed, marked, but brought the bank nothing.
  const total = list.reduce((sum, deposit) => sum + (deposit.cancelled ? 0 : deposit.total), 0);

  return (
    <Stack gap="sm">
      <PeriodFilters filters={filters} onChange={change} banks={lookups.allBanks} />
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" aria-live="polite">
          {deposits.data && t('payments.deposits.shown', { count: list.length, total: money(total) })}
        </Text>
        <Group gap="xs" role="group" aria-label={t('payments.deposits.export')}>
          {(['xlsx', 'csv'] as const).map((format) => (
            <Button
              key={format}
              component="a"
              href={files.depositsExport(format, applied)}
              download
              size="xs"
              variant="default"
              leftSection={<IconDownload size={14} aria-hidden />}
            >
              {t(`payments.deposits.exportAs.${format}`)}
            </Button>
          ))}
        </Group>
      </Group>
      {deposits.error && !deposits.data ? (
        <QueryError error={deposits.error} onRetry={() => void deposits.refetch()} />
      ) : !deposits.data ? (
        <PageLoader />
      ) : list.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('payments.deposits.none')}
        </Text>
      ) : (
        <Accordion multiple variant="separated" radius="md" chevronPosition="left">
          {rows.map((deposit) => (
            <DepositItem
              key={deposit.uuid}
              deposit={deposit}
              slipUrl={files.slip(deposit.uuid)}
              onReturn={
                canWrite && !deposit.cancelled
                  ? (item) =>
                      setReturning(
                        returnedCheckStart(deposit, item, lookups.today, languageOf(i18n.language)),
                      )
                  : null
              }
            />
          ))}
        </Accordion>
      )}
      {pages > 1 && (
        <Group justify="center">
          <Pagination total={pages} value={Math.min(page, pages)} onChange={setPage} size="sm" />
        </Group>
      )}
      <ReturnedCheckDialog
        start={returning}
        banks={lookups.allBanks.filter((bank) => !bank.archived)}
        units={lookups.units}
        onClose={() => setReturning(null)}
      />
    </Stack>
  );
}

function DepositItem({
  deposit,
  slipUrl,
  onReturn,
}: {
  deposit: DepositView;
  slipUrl: string;
  /** Null for those who only read, and on a cancelled deposit (its checks are recorded again). */
  onReturn: ((item: DepositItemView) => void) | null;
}) {
  const { t } = useTranslation();
  const { href } = useBuildingShell();
  const { money, day } = useLedgerFormat();
  const returned = deposit.items.filter((item) => item.returned).length;
  return (
    <Accordion.Item value={deposit.uuid}>
      <Accordion.Control aria-label={t('payments.deposits.itemLabel', { number: deposit.number })}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Group gap={6} wrap="wrap">
              <Text size="sm" fw={600}>
                {t('payments.deposits.numbered', { number: deposit.number })}
              </Text>
              <Text size="sm" c="dimmed">
                {day(deposit.date)}
              </Text>
              {deposit.cancelled && (
                <Badge color="gray" variant="light" size="sm">
                  {t('payments.deposits.cancelled')}
                </Badge>
              )}
              {returned > 0 && (
                <Badge color="red" variant="light" size="sm">
                  {t('payments.deposits.returnedCount', { count: returned })}
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {deposit.description} · {deposit.bankName} ·{' '}
              {t('payments.deposits.items', { count: deposit.items.length })}
            </Text>
          </div>
          <Text
            fw={600}
            style={amountStyle}
            td={deposit.cancelled ? 'line-through' : undefined}
            c={deposit.cancelled ? 'dimmed' : undefined}
          >
            {money(deposit.total)}
          </Text>
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="sm">
          <Stack gap={0}>
            {depositItemRows(deposit).map((item, i) => (
              <ItemRow
                key={`${item.checkUuid ?? 'cash'}-${i}`}
                item={item}
                onReturn={onReturn && canReturn(item) ? () => onReturn(item) : null}
              />
            ))}
          </Stack>
          <Group gap="md" wrap="wrap">
            <Anchor href={slipUrl} download size="sm" fw={600}>
              <Group gap={4} wrap="nowrap" component="span">
                <IconFileTypePdf size={16} aria-hidden />
                {t('payments.deposits.slip')}
              </Group>
            </Anchor>
            <AnchorLink to={href(`banks/transactions/${deposit.transactionUuid}`)} size="sm" fw={600}>
              {t('accounting.seeTransaction')}
            </AnchorLink>
          </Group>
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

/** A check or cash line of a deposit; on a phone its returned-check action goes under it. */
function ItemRow({ item, onReturn }: { item: DepositItemView; onReturn: (() => void) | null }) {
  const { t } = useTranslation();
  const { money } = useLedgerFormat();
  const isPhone = useIsMobile();
  const action = onReturn && (
    <Button
      size="compact-xs"
      variant="subtle"
      color="red"
      leftSection={<IconReceiptOff size={14} aria-hidden />}
      onClick={onReturn}
      aria-label={t('payments.deposits.returnLabel', {
        number: item.checkNumber ?? '',
        unit: item.unitNumber,
      })}
    >
      {t('payments.deposits.returnAction')}
    </Button>
  );
  return (
    <Stack gap={2} py={6} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap={6} wrap="wrap" style={{ minWidth: 0 }}>
          <Text size="sm">{t('units.unitTitle', { number: item.unitNumber })}</Text>
          <Text size="sm" c="dimmed">
            {item.kind === 'check'
              ? t('payments.deposits.checkItem', { number: item.checkNumber ?? '' })
              : t('payments.deposits.cashItem')}
          </Text>
          {item.returned && (
            <Badge color="red" variant="light" size="sm">
              {t('payments.checkStatus.returned')}
            </Badge>
          )}
        </Group>
        <Group gap="sm" wrap="nowrap">
          {!isPhone && action}
          <Text
            size="sm"
            style={amountStyle}
            td={item.returned ? 'line-through' : undefined}
            c={item.returned ? 'dimmed' : undefined}
          >
            {money(item.amount)}
          </Text>
        </Group>
      </Group>
      {isPhone && action && <Group justify="flex-end">{action}</Group>}
    </Stack>
  );
}
