import { Button } from '@mantine/core';
import { FormActions } from './form-actions';
import type { FormErrors } from './form-validation';

/** An entry form's button, with the form's own message (an empty deposit, a blank form) beside it. */
export function SubmitRow({
  label,
  errors,
  pending,
}: {
  label: string;
  errors: FormErrors;
  pending: boolean;
}) {
  return (
    <FormActions errors={errors}>
      <Button type="submit" loading={pending}>
        {label}
      </Button>
    </FormActions>
  );
}
