import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CategoryView } from '@copro/domain';
import { DetailGrid } from '../../ui/record-panel';
import { RegistryCard } from '../registry';
import { fundChoiceOf, useFundName } from '../statements';
import { CategoryForm } from './category-form';

export function CategoryPanel({ category }: { category: CategoryView }) {
  const { t } = useTranslation();
  const fundName = useFundName();
  return (
    <RegistryCard
      ns="categories"
      record={category}
      title={category.name}
      form={(done) => <CategoryForm category={category} onSaved={done} onCancel={done} />}
    >
      <DetailGrid
        rows={[
          { label: t('categories.accountNumber'), value: String(category.aid) },
          { label: t('categories.parent'), value: t(`categories.parents.${category.parent}`) },
          { label: t('fundChoice.label'), value: fundName(fundChoiceOf(category)) },
        ]}
      />
      {category.systemKey && (
        <Text size="sm" c="dimmed">
          {t('categories.systemAccount')}
        </Text>
      )}
    </RegistryCard>
  );
}
