import { useCallback } from 'react';
import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { categoryParents, categorySchema, dropEmpty, type CategoryView } from '@copro/domain';
import { validateWith } from '../../ui/form-validation';
import { NameInput, RegistryForm } from '../registry';
import { useRegistryForm } from '../registry';
import { FundSelect, fundChoiceOf } from '../statements';
import { categoryName } from './categories-list';

interface CategoryFormValues {
  name: string;
  parent: string;
  fund: string;
}

const validate = validateWith<CategoryFormValues>(categorySchema);

export function CategoryForm({
  category,
  defaultParent,
  onSaved,
  onCancel,
}: {
  category?: CategoryView;
  /** A new account starts under the parent the list is filtered on. */
  defaultParent?: string;
  onSaved: (saved: CategoryView) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const valuesOf = useCallback(
    (record: CategoryView | undefined): CategoryFormValues => ({
      name: record?.name ?? '',
      parent: record?.parent ?? defaultParent ?? 'expenses',
      fund: fundChoiceOf(record),
    }),
    [defaultParent],
  );
  const { form, save } = useRegistryForm({
    ns: 'categories',
    record: category,
    valuesOf,
    validate,
    bodyOf: dropEmpty,
    nameOf: categoryName,
    onSaved,
  });

  return (
    <RegistryForm ns="categories" save={save} onCancel={onCancel}>
      <NameInput label={t('categories.name')} {...form.text('name')} />
      <NativeSelect
        label={t('categories.parent')}
        required
        data={categoryParents.map((parent) => ({
          value: parent,
          label: t(`categories.parents.${parent}`),
        }))}
        {...form.text('parent')}
      />
      <FundSelect description={t('fundChoice.categoryHint')} {...form.text('fund')} />
    </RegistryForm>
  );
}
