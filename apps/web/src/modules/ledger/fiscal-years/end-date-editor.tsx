import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { notifyError, notifySuccess } from '../../../app/notify';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { addDays } from '@copro/domain';
import type { FiscalYearInfo } from '@copro/domain';
import { fiscalYearName } from '../../../app/shell/fiscal-years';
import { serverErrors } from '../../../ui/form-validation';
import { Translated } from '../../../ui/translated';
import { useYearEndDate } from './fiscal-years-api';
import { endDateProblem } from './year-dates';

/**
 * A year's end date: on or after its start, before the next year's start (`next`, the year after
 * it). Remounted by its parent when the saved date changes, so it starts from that date.
 */
export function EndDateEditor({
  year,
  next,
  disabled,
}: {
  year: FiscalYearInfo;
  next: FiscalYearInfo | undefined;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const save = useYearEndDate();
  const [endDate, setEndDate] = useState(year.endDate);
  const [error, setError] = useState<ReactNode>(null);

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const problem = endDateProblem(endDate, year, next);
    if (problem) {
      setError(<Translated k={problem} />);
      return;
    }
    save.mutate(
      { startDate: year.startDate, endDate },
      {
        onSuccess: () => notifySuccess(t('fiscalYears.endDate.saved', { year: fiscalYearName(year) })),
        onError: (failure) => {
          const fieldError = serverErrors(failure).endDate;
          if (fieldError) setError(fieldError);
          else notifyError(failure, t('fiscalYears.endDate.failed'), { withoutForm: true });
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap={4}>
        <Text component="label" htmlFor={id} size="sm" fw={500}>
          {t('fiscalYears.endDate.label')}
        </Text>
        {/* The button sits beside the input, the error below both: the label is drawn apart. */}
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            id={id}
            type="date"
            min={year.startDate}
            max={next ? addDays(next.startDate, -1) : undefined}
            value={endDate}
            onChange={(event) => {
              setEndDate(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            disabled={disabled}
            flex={1}
            maw={200}
          />
          <Button
            type="submit"
            variant="light"
            style={{ flexShrink: 0 }}
            loading={save.isPending}
            disabled={disabled || endDate === year.endDate}
          >
            {t('fiscalYears.endDate.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
