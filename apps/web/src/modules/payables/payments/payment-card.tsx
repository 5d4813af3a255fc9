import { useState, type ReactNode } from 'react';
import {
  Badge,
  Box,
  Button,
  Checkbox,
  Flex,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ApprovalStatus, SupplierPaymentView } from '@copro/domain';
import { notifyError } from '../../../app/notify';
import { amountStyle } from '../../../ui/amount-style';
import { issuesToErrors, serverErrors, type FormErrors } from '../../../ui/form-validation';
import { NotesField } from '../../../ui/notes-field';
import { useLedgerFormat } from '../../ledger';
import { checkActions } from '../checks/check-print';
import { approvalProgress, paymentActions, prepareNote, type Decision } from './decision-values';
import { usePaymentWrite } from './payments-api';

const approvalColors: Record<ApprovalStatus, string> = {
  notRequired: 'gray',
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
};

const statusColors: Record<SupplierPaymentView['status'], string> = {
  pending: 'yellow',
  posted: 'blue',
  cancelled: 'gray',
};

/** What the reader may do from the cards, and the dialogs the page opens for them. */
export interface PaymentCardActions {
  canApprove: boolean;
  /** Finance writers in a writable year: cancel, print, reprint, void. */
  canWrite: boolean;
  /** Readers of the approvals who may write (not banned), in a writable year: notes. */
  canNote: boolean;
  onDecide: (payment: SupplierPaymentView, decision: Decision) => void;
  onCancel: (payment: SupplierPaymentView) => void;
  onPrint: (payment: SupplierPaymentView, reprint: boolean) => void;
  onVoid: (payment: SupplierPaymentView) => void;
  /** Ticked for the next batch of checks. */
  selected: (payment: SupplierPaymentView) => boolean;
  onSelect: (payment: SupplierPaymentView, selected: boolean) => void;
  /** The payment whose check is being printed, if any. */
  printing: boolean;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Box fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </Box>
  );
}

/** The invoices paid and the credit notes used, each with its amount. */
function PaidInvoices({ payment }: { payment: SupplierPaymentView }) {
  const { t } = useTranslation();
  const { money } = useLedgerFormat();
  const rows = [
    ...payment.invoices.map((row) => ({
      key: row.invoiceUuid,
      label: t('paymentPages.card.invoice', { number: row.number }),
      amount: money(row.amount),
    })),
    ...payment.creditNotes.map((row) => ({
      key: row.invoiceUuid,
      label: t('paymentPages.card.creditNote', { number: row.number }),
      amount: money(-row.amount),
    })),
  ];
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={500}>
        {t('paymentPages.card.invoicesPaid')}
      </Text>
      {rows.map((row) => (
        <Group key={row.key} justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {row.label}
          </Text>
          <Text size="sm" style={amountStyle}>
            {row.amount}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** n of N approvals, and who decided what, when. */
function ApprovalTrail({ payment }: { payment: SupplierPaymentView }) {
  const { t } = useTranslation();
  const { instant } = useLedgerFormat();
  const progress = approvalProgress(payment);
  if (progress.required === 0 && payment.approvals.length === 0) return null;
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed" fw={500}>
          {t('paymentPages.card.approvals')}
        </Text>
        <Text size="sm" fw={600}>
          {t('paymentPages.card.progress', { approved: progress.approved, required: progress.required })}
        </Text>
      </Group>
      {progress.required > 0 && (
        <Progress
          value={Math.min(100, (progress.approved / progress.required) * 100)}
          color={progress.rejected > 0 ? 'red' : 'green'}
          aria-label={t('paymentPages.card.progress', {
            approved: progress.approved,
            required: progress.required,
          })}
        />
      )}
      {payment.approvals.map((decision) => (
        <Group key={`${decision.userId}-${decision.at}`} gap="xs" wrap="wrap">
          <Badge size="sm" variant="light" color={decision.decision === 'approved' ? 'green' : 'red'}>
            {t(`paymentPages.card.decisions.${decision.decision}`)}
          </Badge>
          <Text size="sm" fw={500}>
            {decision.name}
          </Text>
          <Text size="xs" c="dimmed">
            {instant(decision.at)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** The notes thread, and a note added by the reader. */
function NotesThread({ payment, canNote }: { payment: SupplierPaymentView; canNote: boolean }) {
  const { t } = useTranslation();
  const { instant, source } = useLedgerFormat();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const save = usePaymentWrite('notes');

  const submit = () => {
    const { input, issues } = prepareNote(note);
    setErrors(issuesToErrors(issues));
    if (!input) return;
    save.mutate(
      { uuid: payment.uuid, body: input },
      {
        onSuccess: () => {
          setNote('');
          setOpen(false);
        },
        onError: (error) => {
          setErrors(serverErrors(error));
          notifyError(error, t('paymentPages.notes.failed'));
        },
      },
    );
  };

  return (
    <Stack gap={6}>
      {payment.notes.length > 0 && (
        <Text size="xs" c="dimmed" fw={500}>
          {t('paymentPages.notes.title')}
        </Text>
      )}
      {payment.notes.map((entry, index) => (
        <Paper key={`${entry.at}-${index}`} bg="var(--mantine-color-default-hover)" radius="sm" p="xs">
          <Group gap="xs" justify="space-between" wrap="wrap">
            <Text size="sm" fw={600}>
              {source(entry.author)}
            </Text>
            <Text size="xs" c="dimmed">
              {instant(entry.at)}
            </Text>
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {entry.note}
          </Text>
        </Paper>
      ))}
      {canNote &&
        (open ? (
          <Stack gap="xs">
            <NotesField
              label={t('paymentPages.notes.label')}
              minRows={2}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              error={errors.note}
              disabled={save.isPending}
              data-autofocus
            />
            <Flex direction={{ base: 'column', xs: 'row' }} justify="flex-end" gap="xs">
              <Button variant="default" onClick={() => setOpen(false)} disabled={save.isPending}>
                {t('paymentPages.actions.cancel')}
              </Button>
              <Button onClick={submit} loading={save.isPending}>
                {t('paymentPages.notes.submit')}
              </Button>
            </Flex>
          </Stack>
        ) : (
          <Button variant="subtle" onClick={() => setOpen(true)} style={{ alignSelf: 'flex-start' }}>
            {t('paymentPages.notes.add')}
          </Button>
        ))}
    </Stack>
  );
}

/**
 * One supplier payment, usable whole on a 390 px phone (board members approve from theirs):
 * everything stacks, and the buttons fill the width below the small breakpoint.
 */
export function PaymentCard({
  payment,
  actions,
}: {
  payment: SupplierPaymentView;
  actions: PaymentCardActions;
}) {
  const { t } = useTranslation();
  const { money, day, instant, source } = useLedgerFormat();
  const allowed = paymentActions(payment, actions);
  const check = actions.canWrite ? checkActions(payment) : { print: false, reprint: false, void: false };
  const buttons = [
    allowed.decide && (
      <Button key="approve" color="green" onClick={() => actions.onDecide(payment, 'approve')}>
        {t('paymentPages.actions.approve')}
      </Button>
    ),
    allowed.decide && (
      <Button key="reject" color="red" variant="light" onClick={() => actions.onDecide(payment, 'reject')}>
        {t('paymentPages.actions.reject')}
      </Button>
    ),
    check.print && (
      <Button key="print" onClick={() => actions.onPrint(payment, false)} loading={actions.printing}>
        {t('paymentPages.actions.printCheck')}
      </Button>
    ),
    check.reprint && (
      <Button
        key="reprint"
        variant="default"
        onClick={() => actions.onPrint(payment, true)}
        loading={actions.printing}
      >
        {t('paymentPages.actions.reprintCheck')}
      </Button>
    ),
    check.void && (
      <Button key="void" color="red" variant="subtle" onClick={() => actions.onVoid(payment)}>
        {t('paymentPages.actions.voidCheck')}
      </Button>
    ),
    allowed.cancel && (
      <Button key="cancel" color="red" variant="subtle" onClick={() => actions.onCancel(payment)}>
        {t('paymentPages.actions.cancelPayment')}
      </Button>
    ),
  ].filter(Boolean);

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="article"
      aria-label={payment.supplierName}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Stack gap={4} style={{ minWidth: 0, flex: '1 1 12rem' }}>
            <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {payment.supplierName}
            </Title>
            <Group gap={6} wrap="wrap">
              <Badge variant="light" color={approvalColors[payment.approvalStatus]}>
                {t(`paymentPages.approvalStatus.${payment.approvalStatus}`)}
              </Badge>
              <Badge variant="outline" color={statusColors[payment.status]}>
                {t(`paymentPages.status.${payment.status}`)}
              </Badge>
              {payment.checkVoided ? (
                <Badge variant="light" color="red">
                  {t('paymentPages.card.checkVoided')}
                </Badge>
              ) : (
                payment.checkPrinted && (
                  <Badge variant="light" color="blue">
                    {t('paymentPages.card.checkPrinted')}
                  </Badge>
                )
              )}
            </Group>
          </Stack>
          <Text size="xl" fw={700} style={amountStyle}>
            {money(payment.amount)}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="xs">
          <Fact label={t('paymentPages.fields.method')}>
            {t(`admin.paymentMethods.${payment.paymentMethod}`)}
          </Fact>
          <Fact label={t('paymentPages.fields.date')}>{day(payment.date)}</Fact>
          <Fact label={t('paymentPages.fields.bank')}>{payment.bankName}</Fact>
          {payment.checkNumber && (
            <Fact label={t('paymentPages.fields.checkNumber')}>{payment.checkNumber}</Fact>
          )}
          {payment.memo && <Fact label={t('paymentPages.fields.memo')}>{payment.memo}</Fact>}
          <Fact label={t('paymentPages.card.createdBy')}>
            {t('paymentPages.card.byAt', { name: source(payment.createdBy), at: instant(payment.createdAt) })}
          </Fact>
          {payment.checkVoided && (
            <Fact label={t('paymentPages.card.voidReason')}>
              {t('paymentPages.card.reasonAt', {
                reason: payment.checkVoided.reason,
                at: instant(payment.checkVoided.at),
              })}
            </Fact>
          )}
        </SimpleGrid>
        <PaidInvoices payment={payment} />
        <ApprovalTrail payment={payment} />
        <NotesThread payment={payment} canNote={actions.canNote && payment.status !== 'cancelled'} />
        {check.print && (
          <Checkbox
            label={t('paymentPages.checks.select')}
            checked={actions.selected(payment)}
            onChange={(event) => actions.onSelect(payment, event.currentTarget.checked)}
          />
        )}
        {buttons.length > 0 && (
          <Flex direction={{ base: 'column', xs: 'row' }} gap="xs" wrap="wrap" justify="flex-end">
            {buttons}
          </Flex>
        )}
      </Stack>
    </Paper>
  );
}
