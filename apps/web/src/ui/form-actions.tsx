import type { ReactNode } from 'react';
import { Group, Text } from '@mantine/core';
import { formMessageKey, type FormErrors } from './form-validation';

/**
 * The form's own message (SPEC 5 "Please complete the form", a deposit with nothing in it), in red
 * where the user looks after pressing the button. Buttons are never disabled for what the form
 * lacks: pressing one says what is missing.
 */
export function FormMessage({ errors }: { errors: FormErrors }) {
  const message = errors[formMessageKey];
  if (!message) return null;
  return (
    <Text size="sm" c="red" role="alert">
      {message}
    </Text>
  );
}

/** A form's buttons, at its end on the right, with the form's own message before them. */
export function FormActions({ errors, children }: { errors: FormErrors; children: ReactNode }) {
  return (
    <Group justify="flex-end" gap="sm" wrap="wrap">
      {errors[formMessageKey] && (
        <div style={{ flex: '1 1 240px', textAlign: 'right' }}>
          <FormMessage errors={errors} />
        </div>
      )}
      {children}
    </Group>
  );
}
