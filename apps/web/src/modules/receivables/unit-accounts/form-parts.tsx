import { useState } from 'react';
import { Alert, Button, Stack, TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldIssue } from '@copro/domain';
import { ApiError } from '../../../app/api';
import { notifyError } from '../../../app/notify';
import { useBuildingShell } from '../../../app/shell/building-context';
import { FormActions } from '../../../ui/form-actions';
import { issuesToErrors, type FormErrors } from '../../../ui/form-validation';
import { Translated } from '../../../ui/translated';
import { splitIssues } from './server-issues';

type InputProps = Omit<TextInputProps, 'type' | 'label'> & { label: string };

/** A day of the fiscal year being viewed (the server refuses dates outside it). */
export function DayInput(props: InputProps) {
  const { fiscalYear } = useBuildingShell();
  return <TextInput type="date" required min={fiscalYear.startDate} max={fiscalYear.endDate} {...props} />;
}

/** Cancel and the form's own submit, at the end of a dialog's form, after the form's own message. */
export function FormButtons({
  submitLabel,
  pending,
  onCancel,
  errors,
  color,
}: {
  submitLabel: string;
  pending: boolean;
  onCancel: () => void;
  errors: FormErrors;
  color?: string;
}) {
  const { t } = useTranslation();
  return (
    <FormActions errors={errors}>
      <Button variant="default" onClick={onCancel} disabled={pending}>
        {t('unitActions.cancel')}
      </Button>
      <Button type="submit" loading={pending} {...(color ? { color } : {})}>
        {submitLabel}
      </Button>
    </FormActions>
  );
}

/** What the server said about the request as a whole, above the buttons. */
export function RefusalAlert({ issues }: { issues: readonly FieldIssue[] }) {
  if (issues.length === 0) return null;
  return (
    <Alert color="red" role="alert">
      <Stack gap={4}>
        {issues.map((issue) => (
          <span key={`${issue.path.join('.')}:${issue.key}`}>
            <Translated k={issue.key} params={issue.params} />
          </span>
        ))}
      </Stack>
    </Alert>
  );
}

/**
 * A failed save: field errors go under their fields, the rest above the buttons, and a red
 * notice says it failed (SPEC 8).
 */
export function useRefusal(fields: readonly string[], failedTitle: string) {
  const [general, setGeneral] = useState<FieldIssue[]>([]);
  return {
    general,
    clear: () => setGeneral([]),
    /** Shows the refusal; returns the field errors for the form. */
    onError: (error: unknown): FormErrors => {
      const issues = error instanceof ApiError ? error.issues : [];
      const split = splitIssues(issues, fields);
      setGeneral(split.general);
      notifyError(error, failedTitle);
      return issuesToErrors(split.field);
    },
  };
}
