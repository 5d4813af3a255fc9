import { Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formMessageKey, type FormErrors } from '../../../ui/form-validation';

/**
 * Stays at the bottom of the screen while a long form scrolls: the save is always in reach. Save
 * waits only for a change to an existing record (`pristine`); a new one can always be sent, and a
 * blank one then says what it lacks (SPEC 5).
 */
export function SaveBar({
  pristine,
  isNew = false,
  saving,
  errors,
  onDiscard,
  saveLabel,
}: {
  /** Nothing changed since the form opened or was saved. */
  pristine: boolean;
  /** A record not created yet: it can be sent as it stands, even blank. */
  isNew?: boolean;
  saving: boolean;
  errors: FormErrors;
  onDiscard: () => void;
  saveLabel: string;
}) {
  const { t } = useTranslation();
  const hasErrors = Object.keys(errors).length > 0;
  const nothingToSave = pristine && !isNew;
  return (
    <Paper
      withBorder
      shadow="sm"
      radius="md"
      p="sm"
      // Follows the screen only while there is something to save.
      style={{
        position: nothingToSave ? 'static' : 'sticky',
        bottom: 'var(--mantine-spacing-xs)',
        zIndex: 2,
      }}
    >
      <Group justify="space-between" gap="xs">
        <Text
          size="sm"
          c={hasErrors ? 'red' : 'dimmed'}
          aria-live="polite"
          visibleFrom={hasErrors ? undefined : 'sm'}
        >
          {hasErrors
            ? (errors[formMessageKey] ?? t('admin.form.fixErrors'))
            : pristine
              ? !isNew && t('admin.form.noChanges')
              : t('admin.form.unsavedChanges')}
        </Text>
        <Group gap="xs" ml="auto" justify="flex-end">
          {!pristine && (
            <Button variant="default" disabled={saving} onClick={onDiscard}>
              {t('admin.form.discard')}
            </Button>
          )}
          <Button type="submit" disabled={nothingToSave} loading={saving}>
            {saveLabel}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
