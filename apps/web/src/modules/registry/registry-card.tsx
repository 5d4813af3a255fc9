import { useRef, useState, type ReactNode } from 'react';
import { Button } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ArchivedBadge, RecordPanel } from '../../ui/record-panel';
import type { RecordNamespace } from './registry-api';
import { useArchiveRecord } from './use-archive-record';
import { useCanWriteRegistry } from './use-can-write-registry';

/** A manager's edit, or the edit of the person the record is about (DOMAIN 6 self-service). */
export type RecordEditMode = 'edit' | 'self';

/**
 * The selected record of a people, suppliers, banks or categories page: its card, with the edit
 * form in place of the details while editing. Managers edit and archive it.
 */
export function RegistryCard<T extends { uuid: string; archived: boolean }>({
  ns,
  record,
  title,
  badges,
  selfEditLabel,
  form,
  children,
}: {
  ns: RecordNamespace;
  record: T;
  title: string;
  /** Shown before the archived badge. */
  badges?: ReactNode;
  /** Given when the user may edit the record as its own: the label of that button. */
  selfEditLabel?: string;
  /** The edit form; `done` closes it. */
  form: (done: () => void, mode: RecordEditMode) => ReactNode;
  /** The details. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const canWrite = useCanWriteRegistry();
  const [editing, setEditing] = useState<RecordEditMode | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  // Back from the form, the keyboard goes on from the button that opened it.
  const stopEditing = () => {
    setEditing(null);
    requestAnimationFrame(() => editButton.current?.focus());
  };
  const archive = useArchiveRecord(ns);
  const edit: { mode: RecordEditMode; label: string } | undefined = canWrite
    ? { mode: 'edit', label: t(`${ns}.edit`) }
    : selfEditLabel
      ? { mode: 'self', label: selfEditLabel }
      : undefined;

  const actions =
    editing === null && edit ? (
      <>
        <Button
          ref={editButton}
          size="xs"
          variant="light"
          leftSection={<IconPencil size={14} aria-hidden />}
          onClick={() => setEditing(edit.mode)}
        >
          {edit.label}
        </Button>
        {canWrite && (
          <Button
            variant="default"
            size="xs"
            loading={archive.pending}
            onClick={() => archive.ask(record, title)}
          >
            {t(record.archived ? `${ns}.unarchive` : `${ns}.archive`)}
          </Button>
        )}
      </>
    ) : undefined;

  return (
    <RecordPanel
      title={title}
      badges={
        <>
          {badges}
          {record.archived && <ArchivedBadge />}
        </>
      }
      actions={actions}
    >
      {editing ? form(stopEditing, editing) : children}
    </RecordPanel>
  );
}
