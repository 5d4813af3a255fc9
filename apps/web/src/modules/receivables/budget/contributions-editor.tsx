import { Box, Button, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { RecordForm } from '../../../ui/use-record-form';
import type { BudgetCategories } from './budget-categories';
import { blankContribution, type BudgetValues, type ContributionValues } from './budget-values';
import { ContributionCard } from './contribution-card';
import type { BudgetLookups } from './use-budget-lookups';

/** The revenue side: one card per contribution, and the button that adds one (to condo fees by default). */
export function ContributionsEditor({
  form,
  categories,
  lookups,
  disabled,
}: {
  form: RecordForm<BudgetValues>;
  categories: BudgetCategories;
  lookups: BudgetLookups;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const contributions = form.values.contributions;
  return (
    <Stack gap="sm">
      {contributions.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('budget.contributions.none')}
        </Text>
      )}
      {contributions.map((_, index) => (
        <ContributionCard
          // Contributions have no identity of their own: the errors are keyed by position too.
          key={index}
          index={index}
          field={form.field<ContributionValues>(`contributions.${index}`)}
          categories={categories}
          lookups={lookups}
          disabled={disabled}
          onRemove={() =>
            form.setValue(
              'contributions',
              contributions.filter((__, i) => i !== index),
            )
          }
        />
      ))}
      {form.errors.contributions && (
        <Text size="sm" c="red" role="alert">
          {form.errors.contributions}
        </Text>
      )}
      <Box>
        <Button
          variant="subtle"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={disabled}
          onClick={() =>
            form.setValue('contributions', [...contributions, blankContribution(categories.condoFees ?? '')])
          }
        >
          {t('budget.contributions.add')}
        </Button>
      </Box>
    </Stack>
  );
}
