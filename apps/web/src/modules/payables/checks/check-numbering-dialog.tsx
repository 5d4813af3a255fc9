import { useState, type FormEvent } from 'react';
import { Button, Grid, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BankView } from '@copro/domain';
import { notifyError, notifySuccess } from '../../../app/notify';
import { issuesToErrors, serverErrors, type FormErrors } from '../../../ui/form-validation';
import { PageLoader } from '../../../ui/page-loader';
import { QueryError } from '../../../ui/query-error';
import { RecordFormModal } from '../../../ui/record-panel';
import { useRecords } from '../../registry';
import { payingBanks } from '../payments/pay-values';
import { useCheckNumberings, useSaveCheckNumbering } from './checks-api';
import { prepareCheckNumbering } from './numbering-values';

/** One bank's next check number: the number the next printed check takes. */
function NumberingForm({ bank, next }: { bank: BankView; next: number }) {
  const { t } = useTranslation();
  const [text, setText] = useState(String(next));
  const [errors, setErrors] = useState<FormErrors>({});
  const save = useSaveCheckNumbering();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { input, issues } = prepareCheckNumbering(text);
    setErrors(issuesToErrors(issues));
    if (!input) return;
    save.mutate(
      { bankUuid: bank.uuid, nextCheckNumber: input.nextCheckNumber },
      {
        onSuccess: (saved) => {
          setText(String(saved.nextCheckNumber));
          notifySuccess(t('paymentPages.checks.numberingSaved', { bank: bank.name }));
        },
        onError: (error) => {
          setErrors(serverErrors(error));
          notifyError(error, t('paymentPages.checks.numberingFailed'));
        },
      },
    );
  };

  return (
    <Paper withBorder radius="sm" p="sm" component="form" onSubmit={submit} noValidate>
      <Grid gutter="xs" align="flex-end">
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <TextInput
            label={t('paymentPages.checks.nextNumberOf', { bank: bank.name })}
            inputMode="numeric"
            autoComplete="off"
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={errors.nextCheckNumber}
            disabled={save.isPending}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Button type="submit" fullWidth loading={save.isPending}>
            {t('paymentPages.checks.saveNumbering')}
          </Button>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}

function Numberings() {
  const { t } = useTranslation();
  const records = useRecords('banks');
  const banks = payingBanks(records.data ?? []);
  const numberings = useCheckNumberings(banks.map((bank) => bank.uuid));
  const error = records.error ?? numberings.find((query) => query.error)?.error;
  if (error)
    return (
      <QueryError
        error={error}
        onRetry={() => {
          void records.refetch();
          for (const query of numberings) void query.refetch();
        }}
      />
    );
  if (!records.data || numberings.some((query) => !query.data)) return <PageLoader />;
  if (banks.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('paymentPages.checks.noBank')}
      </Text>
    );
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('paymentPages.checks.numberingIntro')}
      </Text>
      {banks.map((bank, index) => (
        <NumberingForm key={bank.uuid} bank={bank} next={numberings[index]?.data?.nextCheckNumber ?? 1} />
      ))}
    </Stack>
  );
}

/** The next check number of each bank, for the finance writers who print checks. */
export function CheckNumberingDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <RecordFormModal opened={opened} onClose={onClose} title={t('paymentPages.checks.numberingTitle')}>
      {opened && <Numberings />}
    </RecordFormModal>
  );
}
