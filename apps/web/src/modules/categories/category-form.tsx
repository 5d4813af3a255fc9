import { NativeSelect, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { categoryParents, categorySchema, dropEmpty, type CategoryView } from '@copro/domain';
import { notifyError, notifySuccess } from '../../app/notify';
import { serverErrors, validateWith } from '../../ui/form-validation';
import { FormActions, useStoreRecord } from '../../ui/record-panel';
import { useRecordForm } from '../../ui/use-record-form';
import { useRecordWrite } from '../registry/registry-api';

interface CategoryFormValues {
  name: string;
  parent: string;
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
  const write = useRecordWrite<CategoryView>('categories');
  const store = useStoreRecord<CategoryView>('categories');
  const form = useRecordForm<CategoryFormValues>({
    initialValues: { name: category?.name ?? '', parent: category?.parent ?? defaultParent ?? 'expenses' },
    validate,
  });
  const creating = category === undefined;

  const send = (values: CategoryFormValues) => {
    const body = dropEmpty(values);
    write.mutate(category ? { kind: 'edit', uuid: category.uuid, body } : { kind: 'create', body }, {
      onSuccess: (saved) => {
        store(saved);
        notifySuccess(t(creating ? 'categories.created' : 'categories.saved', { name: saved.name }));
        onSaved(saved);
      },
      onError: (error) => {
        form.setErrors(serverErrors(error));
        notifyError(error, t(creating ? 'categories.createFailed' : 'categories.saveFailed'));
      },
    });
  };

  return (
    <form
      onSubmit={form.onSubmit(send)}
      noValidate
      aria-label={t(creating ? 'categories.new' : 'categories.formTitle', { name: category?.name })}
    >
      <Stack gap="md">
        <TextInput
          label={t('categories.name')}
          required
          autoComplete="off"
          autoFocus
          data-autofocus
          {...form.text('name')}
        />
        <NativeSelect
          label={t('categories.parent')}
          required
          data={categoryParents.map((parent) => ({
            value: parent,
            label: t(`categories.parents.${parent}`),
          }))}
          {...form.text('parent')}
        />
        <FormActions
          ns="categories"
          saving={write.isPending}
          onCancel={onCancel}
          saveLabel={creating ? t('categories.create') : undefined}
        />
      </Stack>
    </form>
  );
}
