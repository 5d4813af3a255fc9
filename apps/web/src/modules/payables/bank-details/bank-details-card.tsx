import { useState } from 'react';
import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconEye, IconEyeOff, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { limits, type RedactedBankDetails, type RevealedBankDetails } from '@copro/domain';
import { notifyError, notifySuccess } from '../../../app/notify';
import { useBuildingShell } from '../../../app/shell/building-context';
import { FormActions } from '../../../ui/form-actions';
import { issuesToErrors, serverErrors } from '../../../ui/form-validation';
import { QueryError } from '../../../ui/query-error';
import { DetailGrid } from '../../../ui/record-panel';
import { useRecordForm } from '../../../ui/use-record-form';
import { useLedgerFormat } from '../../ledger';
import { DetailCard } from '../../registry';
import {
  useBankDetails,
  useDeleteBankDetails,
  useRevealBankDetails,
  useSaveBankDetails,
} from './bank-details-api';
import {
  blankBankDetails,
  prepareBankDetails,
  type BankDetailsOwner,
  type BankDetailsValues,
} from './bank-details-values';

const validate = (values: BankDetailsValues) => issuesToErrors(prepareBankDetails(values).issues);

/**
 * A supplier's or unit's bank details (DOMAIN 7), for electronic payments: finance readers see
 * them redacted; finance writers add or replace them, show the full account number (each view is
 * logged) until they hide it, and delete them.
 */
export function BankDetailsCard({
  owner,
  uuid,
  holderName = '',
}: {
  owner: BankDetailsOwner;
  uuid: string;
  /** The holder a new form suggests (the supplier's name). */
  holderName?: string;
}) {
  const { t } = useTranslation();
  const { can } = useBuildingShell();
  // Bank details belong to the building, not to a year: an archived year's page still changes them.
  const canWrite = can('finance.write');
  const details = useBankDetails(owner, uuid);
  const [editing, setEditing] = useState(false);
  const [revealed, setRevealed] = useState<RevealedBankDetails | null>(null);
  const reveal = useRevealBankDetails(owner, uuid);
  const remove = useDeleteBankDetails(owner, uuid);
  const stored = details.data?.details ?? null;
  const title = t('invoicePages.bank.title');

  const hide = () => {
    setRevealed(null);
    reveal.reset();
  };
  const show = () =>
    reveal.mutate(undefined, {
      onSuccess: setRevealed,
      onError: (error) => notifyError(error, t('invoicePages.bank.showFailed'), { withoutForm: true }),
    });
  const askDelete = () =>
    modals.openConfirmModal({
      title: t('invoicePages.bank.deleteTitle'),
      children: <Text size="sm">{t('invoicePages.bank.deleteText')}</Text>,
      labels: { confirm: t('invoicePages.bank.delete'), cancel: t('invoicePages.actions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () => {
            hide();
            notifySuccess(t('invoicePages.bank.deleted'));
          },
          onError: (error) => notifyError(error, t('invoicePages.bank.deleteFailed'), { withoutForm: true }),
        }),
    });

  const actions =
    canWrite && !editing && details.data ? (
      <Group gap={4}>
        {stored &&
          (revealed ? (
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconEyeOff size={14} aria-hidden />}
              onClick={hide}
            >
              {t('invoicePages.bank.hide')}
            </Button>
          ) : (
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconEye size={14} aria-hidden />}
              loading={reveal.isPending}
              onClick={show}
            >
              {t('invoicePages.bank.show')}
            </Button>
          ))}
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={stored ? <IconPencil size={14} aria-hidden /> : <IconPlus size={14} aria-hidden />}
          onClick={() => {
            hide();
            setEditing(true);
          }}
        >
          {t(stored ? 'invoicePages.bank.replace' : 'invoicePages.bank.add')}
        </Button>
        {stored && (
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            loading={remove.isPending}
            onClick={askDelete}
          >
            {t('invoicePages.bank.delete')}
          </Button>
        )}
      </Group>
    ) : undefined;

  return (
    <DetailCard title={title} actions={actions}>
      {details.error && !details.data ? (
        <QueryError error={details.error} onRetry={() => void details.refetch()} />
      ) : !details.data ? (
        <Text size="sm" c="dimmed">
          …
        </Text>
      ) : editing ? (
        <BankDetailsForm
          owner={owner}
          uuid={uuid}
          holderName={stored?.holderName ?? holderName}
          onDone={() => setEditing(false)}
        />
      ) : stored ? (
        <StoredDetails stored={stored} revealed={revealed} />
      ) : (
        <Text size="sm" c="dimmed">
          {t('invoicePages.bank.none')}
        </Text>
      )}
    </DetailCard>
  );
}

function StoredDetails({
  stored,
  revealed,
}: {
  stored: RedactedBankDetails;
  revealed: RevealedBankDetails | null;
}) {
  const { t } = useTranslation();
  const { instant } = useLedgerFormat();
  return (
    <DetailGrid
      rows={[
        { label: t('invoicePages.bank.holderName'), value: stored.holderName },
        { label: t('invoicePages.bank.institution'), value: stored.institution },
        { label: t('invoicePages.bank.transit'), value: stored.transit },
        {
          label: t('invoicePages.bank.account'),
          value: (
            <Text size="sm" ff="monospace" aria-live="polite">
              {revealed ? revealed.account : stored.redactedAccount}
            </Text>
          ),
        },
        { label: t('invoicePages.bank.updatedAt'), value: instant(stored.updatedAt) },
      ]}
    />
  );
}

function BankDetailsForm({
  owner,
  uuid,
  holderName,
  onDone,
}: {
  owner: BankDetailsOwner;
  uuid: string;
  holderName: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const form = useRecordForm(blankBankDetails(holderName), { validate });
  const save = useSaveBankDetails(owner, uuid);
  const submit = form.onSubmit((values) => {
    const { input } = prepareBankDetails(values);
    if (!input) return;
    save.mutate(input, {
      onSuccess: () => {
        notifySuccess(t('invoicePages.bank.saved'));
        onDone();
      },
      onError: (error) => {
        form.showErrors(serverErrors(error));
        notifyError(error, t('invoicePages.bank.saveFailed'));
      },
    });
  });
  return (
    <form onSubmit={submit} noValidate autoComplete="off">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
          <TextInput
            label={t('invoicePages.bank.institution')}
            description={t('invoicePages.bank.institutionHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            required
            inputMode="numeric"
            maxLength={5}
            disabled={save.isPending}
            {...form.text('institution')}
          />
          <TextInput
            label={t('invoicePages.bank.transit')}
            description={t('invoicePages.bank.transitHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            required
            inputMode="numeric"
            maxLength={7}
            disabled={save.isPending}
            {...form.text('transit')}
          />
          <TextInput
            label={t('invoicePages.bank.account')}
            description={t('invoicePages.bank.accountHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            required
            inputMode="numeric"
            maxLength={24}
            disabled={save.isPending}
            {...form.text('account')}
          />
          <TextInput
            label={t('invoicePages.bank.holderName')}
            required
            maxLength={limits.name}
            disabled={save.isPending}
            {...form.text('holderName')}
          />
        </SimpleGrid>
        <FormActions errors={form.errors}>
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {t('invoicePages.actions.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('invoicePages.bank.save')}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}
