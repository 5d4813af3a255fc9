import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents, languageOf } from '@copro/domain';
import { notifyError, notifySuccess } from '../../../app/notify';
import { issuesToErrors, serverErrors } from '../../../ui/form-validation';
import { useForm } from '../../../ui/use-form';
import { useSaveThreshold } from './penalties-api';
import { prepareThreshold } from './penalty-values';

/** DOMAIN 5: the balance a unit must owe beyond before a late fee or interest is charged. */
export function ThresholdCard({
  cents,
  currency,
  canWrite,
}: {
  cents: number;
  currency: string;
  canWrite: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const titleId = useId();
  const form = useForm({
    initialValues: {
      minimumUnitBalanceBeforeChargingPenalties: formatCents(cents, language),
    },
    validate: (values) =>
      issuesToErrors(prepareThreshold(values.minimumUnitBalanceBeforeChargingPenalties).issues),
  });
  const save = useSaveThreshold();
  const submit = form.onSubmit((values) => {
    const { input } = prepareThreshold(values.minimumUnitBalanceBeforeChargingPenalties);
    if (!input) return;
    save.mutate(input, {
      onSuccess: (saved) => {
        form.setValues({
          minimumUnitBalanceBeforeChargingPenalties: formatCents(
            saved.minimumUnitBalanceBeforeChargingPenalties,
            language,
          ),
        });
        notifySuccess(t('penaltiesPage.threshold.saved'));
      },
      onError: (error) => {
        form.setErrors(serverErrors(error));
        notifyError(error, t('penaltiesPage.saveFailed'));
      },
    });
  });
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <div>
            <Title order={3} size="h5" id={titleId}>
              {t('penaltiesPage.threshold.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('penaltiesPage.threshold.description')}
            </Text>
          </div>
          <TextInput
            label={t('penaltiesPage.threshold.label')}
            description={t('penaltiesPage.fields.amountHint')}
            inputMode="decimal"
            required={canWrite}
            rightSection={
              <Text size="xs" c="dimmed">
                {currency}
              </Text>
            }
            rightSectionWidth={48}
            disabled={save.isPending}
            readOnly={!canWrite}
            maw={{ xs: 280 }}
            {...form.textProps('minimumUnitBalanceBeforeChargingPenalties')}
          />
          {canWrite && (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                {t('penaltiesPage.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
