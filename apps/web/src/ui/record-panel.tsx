import { useCallback, type ReactNode } from 'react';
import { Badge, Box, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../app/notify';
import { useBuildingShell } from '../app/shell/building-context';
import { useIsMobile } from '../app/shell/use-is-mobile';
import { recordsQuery, useRecordWrite, type RegistryCollection } from '../modules/registry/registry-api';

/**
 * The right-hand side of a registry page: the selected record's card, its edit form in place, the
 * create dialog and the archive confirmation. Each page names its catalog section (`ns`), where
 * the same keys give the words for its kind of record.
 */
export type RecordNamespace = 'people' | 'suppliers' | 'banks' | 'categories';

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

/** The create form, in a dialog that fills the screen of a phone. */
export function RecordFormModal({
  opened,
  onClose,
  title,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
  const isPhone = useIsMobile();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      size="lg"
      fullScreen={isPhone}
      // A click beside the dialog must not lose what was typed.
      closeOnClickOutside={false}
    >
      {children}
    </Modal>
  );
}

export function FormActions({
  ns,
  saving,
  onCancel,
  saveLabel,
}: {
  ns: RecordNamespace;
  saving: boolean;
  onCancel: () => void;
  saveLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="xs">
      <Button variant="default" disabled={saving} onClick={onCancel}>
        {t(`${ns}.cancel`)}
      </Button>
      <Button type="submit" loading={saving}>
        {saveLabel ?? t(`${ns}.save`)}
      </Button>
    </Group>
  );
}

/** Puts a saved record in the year's list at once, so its page shows it before the list refreshes. */
export function useStoreRecord<T extends { uuid: string }>(collection: RegistryCollection) {
  const queryClient = useQueryClient();
  const { building, fiscalYear } = useBuildingShell();
  const ref = building.buildingRef;
  const year = fiscalYear.startDate;
  return useCallback(
    (saved: T) =>
      queryClient.setQueryData(recordsQuery<T>(ref, year, collection).queryKey, (list) =>
        list === undefined
          ? list
          : list.some((record) => record.uuid === saved.uuid)
            ? list.map((record) => (record.uuid === saved.uuid ? saved : record))
            : [...list, saved],
      ),
    [queryClient, ref, year, collection],
  );
}

/** Archive or bring back a record, after a confirmation; the server's refusal is shown as it says it. */
export function useArchiveRecord<T extends { uuid: string; archived: boolean }>(
  collection: RegistryCollection,
  ns: RecordNamespace,
) {
  const { t } = useTranslation();
  const write = useRecordWrite<T>(collection);
  const store = useStoreRecord<T>(collection);
  const { mutate } = write;
  const ask = (record: T, name: string) => {
    const archive = !record.archived;
    modals.openConfirmModal({
      title: t(archive ? `${ns}.archiveTitle` : `${ns}.unarchiveTitle`, { name }),
      children: <Text size="sm">{t(archive ? `${ns}.archiveBody` : `${ns}.unarchiveBody`)}</Text>,
      labels: { confirm: t(archive ? `${ns}.archive` : `${ns}.unarchive`), cancel: t(`${ns}.cancel`) },
      confirmProps: archive ? { color: 'red' } : {},
      onConfirm: () =>
        mutate(
          { kind: 'archive', uuid: record.uuid, archived: archive },
          {
            onSuccess: (saved) => {
              store(saved);
              notifySuccess(t(archive ? `${ns}.archived` : `${ns}.unarchived`, { name }));
            },
            onError: (error) =>
              notifyError(error, t(archive ? `${ns}.archiveFailed` : `${ns}.unarchiveFailed`)),
          },
        ),
    });
  };
  return { ask, pending: write.isPending };
}

/** The archive or unarchive button of a record's card. */
export function ArchiveButton({
  ns,
  archived,
  pending,
  onClick,
}: {
  ns: RecordNamespace;
  archived: boolean;
  pending: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Button variant="default" size="xs" loading={pending} onClick={onClick}>
      {t(archived ? `${ns}.unarchive` : `${ns}.archive`)}
    </Button>
  );
}
