import { useState, type FormEvent } from 'react';
import { Button, Flex, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SupplierPaymentView } from '@copro/domain';
import { notifyError, notifySuccess } from '../../../app/notify';
import { issuesToErrors, serverErrors, type FormErrors } from '../../../ui/form-validation';
import { NotesField } from '../../../ui/notes-field';
import { RecordFormModal } from '../../../ui/record-panel';
import { useLedgerFormat } from '../../ledger';
import { prepareDecision, prepareReason, type Decision } from './decision-values';
import { usePaymentWrite } from './payments-api';

/** Which payment the text is about: its supplier and amount. */
function PaymentSummary({ payment }: { payment: SupplierPaymentView }) {
  const { t } = useTranslation();
  const { money } = useLedgerFormat();
  return (
    <Text size="sm">
      {t('paymentPages.dialogs.summary', { supplier: payment.supplierName, amount: money(payment.amount) })}
    </Text>
  );
}

function DialogButtons({
  onClose,
  pending,
  submitLabel,
  color,
}: {
  onClose: () => void;
  pending: boolean;
  submitLabel: string;
  color: string;
}) {
  const { t } = useTranslation();
  return (
    <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="flex-end" gap="sm">
      <Button variant="default" onClick={onClose} disabled={pending}>
        {t('paymentPages.actions.back')}
      </Button>
      <Button type="submit" color={color} loading={pending}>
        {submitLabel}
      </Button>
    </Flex>
  );
}

/** An approver approves (with an optional note) or rejects (saying why) a payment. */
export function DecisionDialog({
  target,
  onClose,
}: {
  target: { payment: SupplierPaymentView; decision: Decision } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // While the dialog fades out (target gone), it keeps showing the decision it was for.
  const [shown, setShown] = useState(target);
  if (target !== null && target !== shown) setShown(target);
  const approve = shown?.decision === 'approve';
  return (
    <RecordFormModal
      size="md"
      opened={target !== null}
      onClose={onClose}
      title={t(approve ? 'paymentPages.dialogs.approveTitle' : 'paymentPages.dialogs.rejectTitle')}
    >
      {shown && <DecisionForm key={`${shown.payment.uuid}-${shown.decision}`} {...shown} onClose={onClose} />}
    </RecordFormModal>
  );
}

function DecisionForm({
  payment,
  decision,
  onClose,
}: {
  payment: SupplierPaymentView;
  decision: Decision;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const save = usePaymentWrite('decision');
  const approve = decision === 'approve';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { input, issues } = prepareDecision(decision, note);
    setErrors(issuesToErrors(issues));
    if (!input) return;
    save.mutate(
      { uuid: payment.uuid, body: input },
      {
        onSuccess: (saved) => {
          notifySuccess(
            t(
              saved.approvalStatus === 'approved'
                ? 'paymentPages.dialogs.approvedAndDone'
                : approve
                  ? 'paymentPages.dialogs.approved'
                  : 'paymentPages.dialogs.rejected',
              { supplier: saved.supplierName },
            ),
          );
          onClose();
        },
        onError: (error) => {
          setErrors(serverErrors(error));
          notifyError(error, t('paymentPages.dialogs.decisionFailed'));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PaymentSummary payment={payment} />
        <Text size="sm" c="dimmed">
          {t(approve ? 'paymentPages.dialogs.approveHint' : 'paymentPages.dialogs.rejectHint')}
        </Text>
        <NotesField
          label={t(approve ? 'paymentPages.dialogs.approveNote' : 'paymentPages.dialogs.rejectNote')}
          required={!approve}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          error={errors.note}
          disabled={save.isPending}
          data-autofocus
        />
        <DialogButtons
          onClose={onClose}
          pending={save.isPending}
          color={approve ? 'green' : 'red'}
          submitLabel={t(approve ? 'paymentPages.actions.approve' : 'paymentPages.actions.reject')}
        />
      </Stack>
    </form>
  );
}

/** Cancelling a payment that waits (or was rejected), or voiding a printed check: both say why. */
export function ReasonDialog({
  kind,
  payment,
  onClose,
}: {
  kind: 'cancel' | 'void-check';
  payment: SupplierPaymentView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <RecordFormModal
      size="md"
      opened={payment !== null}
      onClose={onClose}
      title={t(kind === 'cancel' ? 'paymentPages.dialogs.cancelTitle' : 'paymentPages.dialogs.voidTitle')}
    >
      {payment && <ReasonForm key={payment.uuid} kind={kind} payment={payment} onClose={onClose} />}
    </RecordFormModal>
  );
}

function ReasonForm({
  kind,
  payment,
  onClose,
}: {
  kind: 'cancel' | 'void-check';
  payment: SupplierPaymentView;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const save = usePaymentWrite(kind);
  const cancel = kind === 'cancel';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { input, issues } = prepareReason(reason);
    setErrors(issuesToErrors(issues));
    if (!input) return;
    save.mutate(
      { uuid: payment.uuid, body: input },
      {
        onSuccess: () => {
          notifySuccess(t(cancel ? 'paymentPages.dialogs.cancelled' : 'paymentPages.dialogs.voided'));
          onClose();
        },
        onError: (error) => {
          setErrors(serverErrors(error));
          notifyError(
            error,
            t(cancel ? 'paymentPages.dialogs.cancelFailed' : 'paymentPages.dialogs.voidFailed'),
          );
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PaymentSummary payment={payment} />
        {!cancel && payment.checkNumber && (
          <Text size="sm">{t('paymentPages.dialogs.voidCheckNumber', { number: payment.checkNumber })}</Text>
        )}
        <Text size="sm" c="dimmed">
          {t(cancel ? 'paymentPages.dialogs.cancelHint' : 'paymentPages.dialogs.voidHint')}
        </Text>
        <NotesField
          label={t('paymentPages.dialogs.reason')}
          required
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={errors.reason}
          disabled={save.isPending}
          data-autofocus
        />
        <DialogButtons
          onClose={onClose}
          pending={save.isPending}
          color="red"
          submitLabel={t(cancel ? 'paymentPages.actions.confirmCancel' : 'paymentPages.actions.confirmVoid')}
        />
      </Stack>
    </form>
  );
}
