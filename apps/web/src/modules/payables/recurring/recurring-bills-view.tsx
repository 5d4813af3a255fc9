import { useMemo, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArchive, IconPencil, IconPlayerPlay, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { languageOf, type RecurringBillView, type RecurringRunAnswer } from '@copro/domain';
import { notifyError, notifySuccess } from '../../../app/notify';
import { useBuildingShell } from '../../../app/shell/building-context';
import { amountStyle } from '../../../ui/amount-style';
import { compareText } from '../../../ui/compare';
import { formatMonth } from '../../../ui/format';
import { PageLoader } from '../../../ui/page-loader';
import { QueryError } from '../../../ui/query-error';
import { RecordFormModal } from '../../../ui/record-panel';
import { ScrollTable } from '../../../ui/scroll-table';
import { useLedgerFormat } from '../../ledger';
import { useRecords } from '../../registry';
import { useCanWritePayables, type InvoiceLookups } from '../invoices/use-invoice-lookups';
import { BillingDaysEditor } from './billing-days-editor';
import { RecurringBillForm } from './recurring-bill-form';
import { useArchiveRecurringBill, useRecurringBills, useRunRecurringBills } from './recurring-api';
import { holdersOf, newRecurringValues, type Holder } from './recurring-values';

type Editing = { bill?: RecurringBillView | undefined } | null;

/**
 * Recurring bills (SPEC 3, DOMAIN 7): the building's own (debited from its bank) and each
 * supplier's, with each holder's list of billing days. Posted by the daily job; finance writers
 * may also run it now, as of a date.
 */
export function RecurringBillsView({
  supplierUuid,
  lookups,
}: {
  /** The supplier the page shows: a new bill is theirs by default. */
  supplierUuid: string | undefined;
  lookups: InvoiceLookups;
}) {
  const { t } = useTranslation();
  const { building } = useBuildingShell();
  const canWrite = useCanWritePayables();
  const answer = useRecurringBills();
  const banks = useRecords('banks');
  const [editing, setEditing] = useState<Editing>(null);
  const sortedBanks = useMemo(
    () => [...(banks.data ?? [])].sort((a, b) => compareText(a.name, b.name)),
    [banks.data],
  );
  const defaultBank =
    sortedBanks.find((bank) => !bank.archived && String(bank.aid) === building.defaultBankAccountAID) ??
    sortedBanks.find((bank) => !bank.archived);
  const chosenSupplier = lookups.activeSuppliers.find((supplier) => supplier.uuid === supplierUuid);
  const start = useMemo(
    () =>
      newRecurringValues({
        supplierUuid: chosenSupplier?.uuid ?? '',
        startDate: lookups.today,
        bankUuid: defaultBank?.uuid ?? '',
        categoryUuid: chosenSupplier?.category ?? '',
      }),
    [chosenSupplier, lookups.today, defaultBank],
  );
  const holders = useMemo(
    () =>
      answer.data
        ? holdersOf(
            answer.data.bills,
            answer.data.billingDays,
            t('invoicePages.recurring.building'),
            (uuid) => lookups.suppliers.find((supplier) => supplier.uuid === uuid)?.name ?? '',
          )
        : [],
    [answer.data, lookups.suppliers, t],
  );

  if (answer.error && !answer.data)
    return <QueryError error={answer.error} onRetry={() => void answer.refetch()} />;
  if (!answer.data || !banks.data) return <PageLoader />;

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('invoicePages.recurring.intro')}
      </Text>
      {canWrite && (
        <Group justify="space-between" align="flex-end" gap="sm">
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({})}>
            {t('invoicePages.recurring.new')}
          </Button>
          <RunNow today={lookups.today} />
        </Group>
      )}
      {holders.map((holder) => (
        <HolderCard
          key={holder.supplierUuid ?? 'building'}
          holder={holder}
          canWrite={canWrite}
          onEdit={(bill) => setEditing({ bill })}
        />
      ))}
      <RecordFormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t(editing?.bill ? 'invoicePages.recurring.editTitle' : 'invoicePages.recurring.newTitle', {
          description: editing?.bill?.description ?? '',
        })}
      >
        {editing && (
          <RecurringBillForm
            start={start}
            editing={editing.bill}
            lists={answer.data.billingDays}
            suppliers={lookups.suppliers}
            categories={lookups.expenseCategories}
            banks={sortedBanks}
            onDone={() => setEditing(null)}
          />
        )}
      </RecordFormModal>
    </Stack>
  );
}

/** "Run now as of…": posts what is due up to the date, as the daily job would. */
function RunNow({ today }: { today: string }) {
  const { t } = useTranslation();
  const [asOf, setAsOf] = useState(today);
  const [result, setResult] = useState<RecurringRunAnswer | null>(null);
  const run = useRunRecurringBills();
  const submit = () => {
    setResult(null);
    run.mutate(asOf, {
      onSuccess: (answer) => {
        setResult(answer);
        notifySuccess(t('invoicePages.recurring.ran', { count: answer.posted }));
      },
      onError: (error) => notifyError(error, t('invoicePages.recurring.runFailed'), { withoutForm: true }),
    });
  };
  return (
    <Stack gap={4}>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          type="date"
          label={t('invoicePages.recurring.asOf')}
          value={asOf}
          onChange={(event) => setAsOf(event.currentTarget.value)}
          disabled={run.isPending}
        />
        <Button
          variant="light"
          leftSection={<IconPlayerPlay size={16} aria-hidden />}
          onClick={submit}
          loading={run.isPending}
          disabled={asOf === ''}
        >
          {t('invoicePages.recurring.runNow')}
        </Button>
      </Group>
      {result && result.skipped.length > 0 && (
        <Alert color="yellow" variant="light" p="xs">
          <Text size="sm">{t('invoicePages.recurring.skipped', { count: result.skipped.length })}</Text>
        </Alert>
      )}
    </Stack>
  );
}

function HolderCard({
  holder,
  canWrite,
  onEdit,
}: {
  holder: Holder;
  canWrite: boolean;
  onEdit: (bill: RecurringBillView) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { money, day } = useLedgerFormat();
  const archive = useArchiveRecurringBill();
  const askArchive = (bill: RecurringBillView) =>
    modals.openConfirmModal({
      title: t('invoicePages.recurring.archiveTitle', { description: bill.description }),
      children: <Text size="sm">{t('invoicePages.recurring.archiveText')}</Text>,
      labels: { confirm: t('invoicePages.recurring.archive'), cancel: t('invoicePages.actions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        archive.mutate(bill.uuid, {
          onSuccess: () =>
            notifySuccess(t('invoicePages.recurring.archived', { description: bill.description })),
          onError: (error) =>
            notifyError(error, t('invoicePages.recurring.archiveFailed'), { withoutForm: true }),
        }),
    });
  const held = holder.supplierUuid !== null;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-label={holder.name}>
      <Stack gap="sm">
        <Title order={2} size="h5" style={{ overflowWrap: 'anywhere' }}>
          {holder.name}
        </Title>
        <BillingDaysEditor holder={holder} canWrite={canWrite} />
        {holder.bills.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('invoicePages.recurring.none')}
          </Text>
        ) : (
          <ScrollTable minWidth={860}>
            <Table verticalSpacing={6} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('invoicePages.recurring.description')}</Table.Th>
                  <Table.Th ta="right">{t('invoicePages.recurring.amount')}</Table.Th>
                  <Table.Th>{t('invoicePages.recurring.billingDay')}</Table.Th>
                  {held && <Table.Th>{t('invoicePages.recurring.paymentDay')}</Table.Th>}
                  <Table.Th>{t('invoicePages.fields.category')}</Table.Th>
                  <Table.Th>{t('invoicePages.recurring.bank')}</Table.Th>
                  <Table.Th>{t('invoicePages.recurring.paymentMethod')}</Table.Th>
                  <Table.Th>{t('invoicePages.recurring.period')}</Table.Th>
                  <Table.Th>{t('invoicePages.recurring.lastPosted')}</Table.Th>
                  {canWrite && (
                    <Table.Th w={80}>
                      <VisuallyHidden>{t('invoicePages.recurring.actions')}</VisuallyHidden>
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {holder.bills.map((bill) => (
                  <Table.Tr key={bill.uuid}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{bill.description}</Table.Td>
                    <Table.Td ta="right" style={amountStyle}>
                      {money(bill.amount)}
                    </Table.Td>
                    <Table.Td>{bill.billingDay}</Table.Td>
                    {held && <Table.Td>{bill.paymentDay ?? ''}</Table.Td>}
                    <Table.Td>{bill.categoryName}</Table.Td>
                    <Table.Td>{bill.counterpartName}</Table.Td>
                    <Table.Td>{t(`admin.paymentMethods.${bill.paymentMethod}`)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {bill.endDate
                        ? t('invoicePages.recurring.fromTo', {
                            from: day(bill.startDate),
                            to: day(bill.endDate),
                          })
                        : t('invoicePages.recurring.since', { from: day(bill.startDate) })}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {bill.lastPostedMonth
                        ? formatMonth(bill.lastPostedMonth, language)
                        : t('invoicePages.recurring.never')}
                    </Table.Td>
                    {canWrite && (
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Tooltip label={t('invoicePages.recurring.edit')}>
                            <ActionIcon
                              variant="subtle"
                              size="sm"
                              aria-label={t('invoicePages.recurring.editLabel', {
                                description: bill.description,
                              })}
                              onClick={() => onEdit(bill)}
                            >
                              <IconPencil size={16} aria-hidden />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label={t('invoicePages.recurring.archive')}>
                            <ActionIcon
                              variant="subtle"
                              size="sm"
                              color="red"
                              aria-label={t('invoicePages.recurring.archiveLabel', {
                                description: bill.description,
                              })}
                              onClick={() => askArchive(bill)}
                            >
                              <IconArchive size={16} aria-hidden />
                            </ActionIcon>
                          </Tooltip>
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </Stack>
    </Paper>
  );
}
