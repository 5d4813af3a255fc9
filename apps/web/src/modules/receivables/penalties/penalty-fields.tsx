import { Select, SimpleGrid, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CategoryView, PenaltyKind } from '@copro/domain';
import { penaltyCategoryOptions } from './penalty-categories';
import type { useForm } from '../../../ui/use-form';
import { penaltyFields, type PenaltyFormValues } from './penalty-values';

export type PenaltyForm = ReturnType<typeof useForm<PenaltyFormValues>>;

/** The boxes a kind of penalty asks for, two by two on a wide screen, one under the other on a phone. */
export function PenaltyFields({
  kind,
  form,
  categories,
  currency,
  disabled,
  readOnly = false,
}: {
  kind: PenaltyKind;
  form: PenaltyForm;
  categories: readonly CategoryView[];
  currency: string;
  disabled: boolean;
  /** For those who may only read: the values stay as legible as anywhere else. */
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const fields: readonly string[] = penaltyFields[kind];
  const unit = (text: string) => (
    <Text size="xs" c="dimmed">
      {text}
    </Text>
  );
  return (
    <>
      {fields.includes('name') && (
        <TextInput
          label={t('penaltiesPage.fields.name')}
          required={!readOnly}
          disabled={disabled}
          readOnly={readOnly}
          {...form.textProps('name')}
        />
      )}
      {fields.includes('description') && (
        <Textarea
          label={t('penaltiesPage.fields.description')}
          autosize
          minRows={2}
          maxRows={6}
          disabled={disabled}
          readOnly={readOnly}
          {...form.textProps('description')}
        />
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {fields.includes('amount') && (
          <TextInput
            label={t('penaltiesPage.fields.amount')}
            description={t('penaltiesPage.fields.amountHint')}
            inputMode="decimal"
            required={!readOnly}
            rightSection={unit(currency)}
            rightSectionWidth={48}
            disabled={disabled}
            readOnly={readOnly}
            {...form.textProps('amount')}
          />
        )}
        {fields.includes('rate') && (
          <TextInput
            label={t('penaltiesPage.fields.rate')}
            description={t('penaltiesPage.fields.rateHint')}
            inputMode="decimal"
            required={!readOnly}
            rightSection={unit('%')}
            disabled={disabled}
            readOnly={readOnly}
            {...form.textProps('rate')}
          />
        )}
        {fields.includes('gracePeriod') && (
          <TextInput
            label={t('penaltiesPage.fields.gracePeriod')}
            description={t('penaltiesPage.fields.gracePeriodHint')}
            inputMode="numeric"
            required={!readOnly}
            rightSection={unit(t('penaltiesPage.fields.days'))}
            rightSectionWidth={56}
            disabled={disabled}
            readOnly={readOnly}
            {...form.textProps('gracePeriod')}
          />
        )}
        <Select
          label={t('penaltiesPage.fields.category')}
          description={t('penaltiesPage.fields.categoryHint')}
          data={penaltyCategoryOptions(categories, form.values.categoryUuid)}
          searchable
          required={!readOnly}
          allowDeselect={false}
          disabled={disabled}
          readOnly={readOnly}
          value={form.values.categoryUuid || null}
          onChange={(value) => form.setFieldValue('categoryUuid', value ?? '')}
          error={form.errors.categoryUuid}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
    </>
  );
}
