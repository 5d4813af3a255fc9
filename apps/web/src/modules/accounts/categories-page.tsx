import { useCallback, useState } from 'react';
import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { categoryParents, type CategoryView } from '@copro/domain';
import { RegistryPage } from '../registry';
import { categoryName, categorySorts } from './categories-list';
import { CategoryForm } from './category-form';
import { CategoryPanel } from './category-panel';
import { categoryInfoRoute } from './routes';

const allParents = 'all';

export function CategoriesPage() {
  const { t } = useTranslation();
  const { categoryUUID } = categoryInfoRoute.useParams();
  // Seven parents do not fit a segmented control beside the list: a select filters them.
  const [parent, setParent] = useState<string>(allParents);
  const parentLabel = useCallback(
    (category: CategoryView) => t(`categories.parents.${category.parent}`),
    [t],
  );
  const subtitleOf = useCallback(
    (category: CategoryView) => `${category.aid} · ${parentLabel(category)}`,
    [parentLabel],
  );

  return (
    <RegistryPage
      ns="categories"
      uuid={categoryUUID}
      filter={parent === allParents ? undefined : parent}
      list={{ titleOf: categoryName, subtitleOf, sorts: categorySorts }}
      toolbar={
        <NativeSelect
          aria-label={t('categories.filterByParent')}
          value={parent}
          onChange={(event) => setParent(event.currentTarget.value)}
          data={[
            { value: allParents, label: t('categories.allParents') },
            ...categoryParents.map((p) => ({ value: p, label: t(`categories.parents.${p}`) })),
          ]}
        />
      }
      card={(category) => <CategoryPanel category={category} />}
      createForm={(events) => (
        <CategoryForm defaultParent={parent === allParents ? undefined : parent} {...events} />
      )}
    />
  );
}
