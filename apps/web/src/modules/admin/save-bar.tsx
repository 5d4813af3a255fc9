import { Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Stays at the bottom of the screen while a long form scrolls: the save is always in reach. */
export function SaveBar({
  pristine,
  saving,
  hasErrors,
  onDiscard,
  saveLabel,
}: {
  pristine: boolean;
  saving: boolean;
  hasErrors: boolean;
  onDiscard: () => void;
  saveLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      shadow="sm"
      radius="md"
      p="sm"
      // Follows the screen only while there is something to save.
      style={{ position: pristine ? 'static' : 'sticky', bottom: 'var(--mantine-spacing-xs)', zIndex: 2 }}
    >
      <Group justify="space-between" gap="xs">
        <Text
          size="sm"
          c={hasErrors ? 'red' : 'dimmed'}
          aria-live="polite"
          visibleFrom={hasErrors ? undefined : 'sm'}
        >
          {hasErrors
            ? t('admin.form.fixErrors')
            : pristine
              ? t('admin.form.noChanges')
              : t('admin.form.unsavedChanges')}
        </Text>
        <Group gap="xs" ml="auto" justify="flex-end">
          {!pristine && (
            <Button variant="default" disabled={saving} onClick={onDiscard}>
              {t('admin.form.discard')}
            </Button>
          )}
          <Button type="submit" disabled={pristine} loading={saving}>
            {saveLabel}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
