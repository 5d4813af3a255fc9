import { Alert, Box, Button, Stack, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { addDays, languageOf } from '@copro/domain';
import { notifyError } from '../../../app/notify';
import { useBuildingShell } from '../../../app/shell/building-context';
import { useBuildingToday } from '../../../app/shell/use-building-today';
import type { FiscalYearInfo } from '@copro/domain';
import { formatDay } from '../../../app/shell/fiscal-years';
import { serverErrors, type FormErrors } from '../../../ui/form-validation';
import { Translated } from '../../../ui/translated';
import { useForm } from '../../../ui/use-form';
import { FormActions } from '../../../ui/form-actions';
import { CreationExplanation } from './creation-explanation';
import { CreationWait } from './creation-wait';
import type { FiscalYearCreation } from './use-fiscal-year-creation';
import { defaultNewYearStart, newYearStartProblem } from './year-dates';

interface FormProps {
  creation: FiscalYearCreation;
  onCancel?: (() => void) | undefined;
}

function StartDateForm({ creation, onCancel, latest }: FormProps & { latest: FiscalYearInfo }) {
  const { t, i18n } = useTranslation();
  const today = useBuildingToday();
  const form = useForm({
    initialValues: { newYear: defaultNewYearStart(latest, today) },
    validate: ({ newYear }): FormErrors => {
      const problem = newYearStartProblem(newYear, latest, today);
      return problem ? { newYear: <Translated k={problem} /> } : {};
    },
  });
  const refused = (error: unknown): void => {
    const errors = serverErrors(error);
    if (Object.keys(errors).length > 0) form.setErrors(errors);
    else notifyError(error, t('fiscalYears.createFailedTitle'));
  };

  return (
    <form noValidate onSubmit={form.onSubmit(({ newYear }) => creation.submit(newYear, refused))}>
      <Stack gap="md">
        {creation.errorKey && (
          <Alert
            color="red"
            variant="light"
            title={t('fiscalYears.createFailedTitle')}
            icon={<IconAlertTriangle size={18} aria-hidden />}
          >
            {t(creation.errorKey)}
          </Alert>
        )}
        <CreationExplanation />
        <TextInput
          type="date"
          label={t('fiscalYears.newYear.startDate')}
          description={t('fiscalYears.newYear.startDateHint', {
            latest: formatDay(latest.startDate, languageOf(i18n.language)),
          })}
          min={addDays(latest.startDate, 1)}
          max={today}
          required
          {...form.textProps('newYear')}
        />
        <FormActions errors={form.errors}>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('fiscalYears.cancel')}
            </Button>
          )}
          <Button type="submit">{t('fiscalYears.newYear.create')}</Button>
        </FormActions>
      </Stack>
    </form>
  );
}

/**
 * Starts a new fiscal year: what it does, its start date, and the button; while the job runs, the
 * wait message instead. Shared by the fiscal-year page and the forced new-year dialog.
 */
export function NewFiscalYearForm({ creation, onCancel }: FormProps) {
  const { fiscalYears } = useBuildingShell();
  // The shell only renders pages of buildings that have a year.
  const latest = fiscalYears[0]!;
  return (
    <>
      {creation.waiting && <CreationWait own={creation.ownRequest} />}
      {/* Hidden, not removed, while waiting: a refused request brings the form back with its errors. */}
      <Box display={creation.waiting ? 'none' : undefined}>
        {/* A new latest year (made here or elsewhere) brings its own default date and limits. */}
        <StartDateForm key={latest.startDate} creation={creation} onCancel={onCancel} latest={latest} />
      </Box>
    </>
  );
}
