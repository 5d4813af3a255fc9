import type { ReactNode } from 'react';
import { Badge, Box, Group, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../app/shell/use-is-mobile';

/** The selected record's card on the right-hand side of a page: its name, badges and actions over its content. */
export function RecordPanel({
  title,
  badges,
  actions,
  children,
}: {
  title: string;
  badges?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Group gap="xs" align="center" style={{ minWidth: 0 }}>
            <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Title>
            {badges}
          </Group>
          {actions && <Group gap="xs">{actions}</Group>}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

export function ArchivedBadge() {
  const { t } = useTranslation();
  return (
    <Badge color="gray" variant="light">
      {t('recordBrowser.archived')}
    </Badge>
  );
}

export interface DetailRow {
  label: string;
  value: ReactNode;
  /** Spans both columns (notes). */
  wide?: boolean;
}

const isEmpty = (value: ReactNode): boolean =>
  value === null ||
  value === undefined ||
  value === false ||
  value === '' ||
  (Array.isArray(value) && value.length === 0);

/** Notes span both columns and keep their line breaks. */
export const notesRow = (label: string, notes: string | undefined): DetailRow => ({
  label,
  wide: true,
  value: notes && (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
      {notes}
    </Text>
  ),
});

/** The record's fields as a description list; fields without a value are left out. */
export function DetailGrid({ rows, emptyText }: { rows: DetailRow[]; emptyText?: string }) {
  const shown = rows.filter((row) => !isEmpty(row.value));
  if (shown.length === 0)
    return emptyText ? (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    ) : null;
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="md" m={0}>
      {shown.map((row) => (
        <Box key={row.label} style={row.wide ? { gridColumn: '1 / -1' } : undefined}>
          <Text component="dt" size="xs" c="dimmed" fw={500}>
            {row.label}
          </Text>
          <Box component="dd" m={0} fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {row.value}
          </Box>
        </Box>
      ))}
    </SimpleGrid>
  );
}

/** The right-hand side when no record is shown: nothing selected, or an unknown address. */
export function EmptyPanel({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Text size="sm" c="dimmed" ta="center">
        {children}
      </Text>
    </Paper>
  );
}

/**
 * A form in a dialog that fills the screen of a phone, so its buttons are at hand: a record's
 * create form, or a small one (`size="md"`) that only says why.
 */
export function RecordFormModal({
  opened,
  onClose,
  title,
  size = 'lg',
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: 'md' | 'lg';
  children: ReactNode;
}) {
  const isPhone = useIsMobile();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      size={size}
      fullScreen={isPhone}
      // A click beside the dialog must not lose what was typed.
      closeOnClickOutside={false}
    >
      {children}
    </Modal>
  );
}
