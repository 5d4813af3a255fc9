import { useRef, useState } from 'react';
import { Button, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CategoryView } from '@copro/domain';
import { useBuildingShell } from '../../app/shell/building-context';
import {
  ArchiveButton,
  ArchivedBadge,
  DetailGrid,
  RecordPanel,
  useArchiveRecord,
} from '../../ui/record-panel';
import { CategoryForm } from './category-form';

export function CategoryPanel({ category }: { category: CategoryView }) {
  const { t } = useTranslation();
  const { can, readOnly } = useBuildingShell();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const archive = useArchiveRecord<CategoryView>('categories', 'categories');
  const canWrite = can('finance.write') && !readOnly;
  const stopEditing = () => {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };

  const actions =
    canWrite && !editing ? (
      <>
        <Button
          ref={editButton}
          size="xs"
          variant="light"
          leftSection={<IconPencil size={14} aria-hidden />}
          onClick={() => setEditing(true)}
        >
          {t('categories.edit')}
        </Button>
        <ArchiveButton
          ns="categories"
          archived={category.archived}
          pending={archive.pending}
          onClick={() => archive.ask(category, category.name)}
        />
      </>
    ) : undefined;

  return (
    <RecordPanel title={category.name} badges={category.archived && <ArchivedBadge />} actions={actions}>
      {editing ? (
        <CategoryForm category={category} onSaved={stopEditing} onCancel={stopEditing} />
      ) : (
        <>
          <DetailGrid
            rows={[
              { label: t('categories.accountNumber'), value: String(category.aid) },
              { label: t('categories.parent'), value: t(`categories.parents.${category.parent}`) },
            ]}
          />
          {category.systemKey && (
            <Text size="sm" c="dimmed">
              {t('categories.systemAccount')}
            </Text>
          )}
        </>
      )}
    </RecordPanel>
  );
}
