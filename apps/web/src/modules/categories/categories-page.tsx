import { useCallback, useMemo, useState } from 'react';
import { Button, NativeSelect, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { categoryParents, type CategoryView } from '@copro/domain';
import { useBuildingShell } from '../../app/shell/building-context';
import { Page } from '../../ui/page';
import { RecordBrowser } from '../../ui/record-browser';
import { EmptyPanel, RecordFormModal } from '../../ui/record-panel';
import { useRecords } from '../registry/registry-api';
import { categoryName, categorySorts } from './categories-list';
import { CategoryForm } from './category-form';
import { CategoryPanel } from './category-panel';
import { categoryInfoRoute } from './routes';

const allParents = 'all';

export function CategoriesPage() {
  const { t } = useTranslation();
  const { href, can, readOnly } = useBuildingShell();
  const { categoryUUID } = categoryInfoRoute.useParams();
  const navigate = useNavigate();
  const categories = useRecords<CategoryView>('categories');
  const [creating, setCreating] = useState(false);
  // Seven parents do not fit a segmented control beside the list: a select filters them.
  const [parent, setParent] = useState<string>(allParents);
  const canWrite = can('finance.write') && !readOnly;
  const hrefOf = useCallback(
    (uuid?: string) => href(uuid ? `categories/info/${uuid}` : 'categories/info'),
    [href],
  );
  const parentLabel = useCallback(
    (category: CategoryView) => t(`categories.parents.${category.parent}`),
    [t],
  );
  const searchTextOf = useCallback(
    (category: CategoryView) => `${category.name} ${category.aid} ${parentLabel(category)}`,
    [parentLabel],
  );
  const subtitleOf = useCallback(
    (category: CategoryView) => `${category.aid} · ${parentLabel(category)}`,
    [parentLabel],
  );
  const shown = useMemo(
    () => (parent === allParents ? categories.data : categories.data?.filter((c) => c.parent === parent)),
    [categories.data, parent],
  );

  const selected = categories.data?.find((category) => category.uuid === categoryUUID);
  const detail = selected ? (
    <CategoryPanel key={selected.uuid} category={selected} />
  ) : (
    <EmptyPanel>
      {categoryUUID
        ? t('registry.recordMissing')
        : categories.data?.length === 0
          ? t(canWrite ? 'categories.emptyCanCreate' : 'categories.empty')
          : t('categories.noneSelected')}
    </EmptyPanel>
  );

  return (
    <Page title={t('categories.title')}>
      <RecordBrowser
        label={t('categories.listLabel')}
        items={shown}
        error={categories.error}
        onRetry={() => void categories.refetch()}
        selectedUuid={categoryUUID}
        hrefOf={hrefOf}
        searchTextOf={searchTextOf}
        titleOf={categoryName}
        subtitleOf={subtitleOf}
        sorts={categorySorts}
        toolbar={
          <Stack gap="xs">
            {canWrite && (
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
                {t('categories.new')}
              </Button>
            )}
            <NativeSelect
              aria-label={t('categories.filterByParent')}
              value={parent}
              onChange={(event) => setParent(event.currentTarget.value)}
              data={[
                { value: allParents, label: t('categories.allParents') },
                ...categoryParents.map((p) => ({ value: p, label: t(`categories.parents.${p}`) })),
              ]}
            />
          </Stack>
        }
        detail={detail}
      />
      <RecordFormModal opened={creating} onClose={() => setCreating(false)} title={t('categories.new')}>
        <CategoryForm
          defaultParent={parent === allParents ? undefined : parent}
          onCancel={() => setCreating(false)}
          onSaved={(saved) => {
            setCreating(false);
            void navigate({ href: hrefOf(saved.uuid) });
          }}
        />
      </RecordFormModal>
    </Page>
  );
}
