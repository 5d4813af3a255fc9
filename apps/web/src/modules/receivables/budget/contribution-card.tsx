import { ActionIcon, Grid, Group, Paper, Select, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { billableMonths, formatCents, limits } from '@copro/domain';
import { useBuildingShell } from '../../../app/shell/building-context';
import { Translated } from '../../../ui/translated';
import type { BoundField } from '../../../ui/use-record-form';
import { AppliesToFields } from './applies-to-fields';
import type { BudgetCategories } from './budget-categories';
import { monthlyEquivalent } from './budget-totals';
import { typedCents, type ContributionValues } from './budget-values';
import type { BudgetLookups } from './use-budget-lookups';
import { useBudgetFormat } from './use-budget-format';

/** Hints under the boxes, so the boxes of a row line up whatever their hints. */
const hintBelow = ['label', 'input', 'description', 'error'] as (
  'label' | 'input' | 'description' | 'error'
)[];

/**
 * One contribution: its name, annual amount (with what it comes to per month), the revenue
 * category that receives it, who pays it, and the end date of an exceptional one.
 */
export function ContributionCard({
  index,
  field,
  categories,
  lookups,
  disabled,
  onRemove,
}: {
  index: number;
  field: BoundField<ContributionValues>;
  categories: BudgetCategories;
  lookups: BudgetLookups;
  disabled: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { fiscalYear } = useBuildingShell();
  const format = useBudgetFormat();
  const contribution = field.value;
  const number = index + 1;
  const set = (change: Partial<ContributionValues>) => field.onChange({ ...contribution, ...change });
  const amount = typedCents(contribution.amount);
  // What is wrong with the amount shows while typing; the form's own errors (on submit) come after.
  const amountError = amount.kind === 'wrong' ? <Translated k={amount.key} /> : field.errorAt('amount');
  // An exceptional contribution is collected over the months up to its end date.
  const months = billableMonths(fiscalYear.startDate, contribution.endDate || undefined);
  const monthly = amount.kind === 'cents' ? monthlyEquivalent(amount.cents, months) : null;
  const current = categories.byUuid.get(contribution.category);
  const categoryOptions = [
    ...categories.revenues,
    // A category archived since keeps showing by name while the contribution still names it.
    ...(current && current.archived ? [current] : []),
  ].map((category) => ({ value: category.uuid, label: category.name }));

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="fieldset"
      m={0}
      aria-label={t('budget.contributions.numbered', { number })}
    >
      <Group justify="space-between" mb={4} wrap="nowrap">
        <Text size="sm" fw={600}>
          {t('budget.contributions.numbered', { number })}
        </Text>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('budget.contributions.remove', { number })}
          disabled={disabled}
          onClick={onRemove}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
      <Grid gutter="sm">
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <TextInput
            label={t('budget.contributions.name')}
            placeholder={t('budget.contributions.namePlaceholder')}
            required
            maxLength={limits.name}
            disabled={disabled}
            value={contribution.name}
            onChange={(event) => set({ name: event.currentTarget.value })}
            error={field.errorAt('name')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <TextInput
            label={t('budget.contributions.amount')}
            inputWrapperOrder={hintBelow}
            description={
              monthly
                ? t(monthly.exact ? 'budget.perMonth' : 'budget.perMonthAbout', {
                    amount: format.money(monthly.cents),
                  })
                : t('budget.contributions.amountHint')
            }
            placeholder={formatCents(0, format.language)}
            required
            inputMode="decimal"
            autoComplete="off"
            disabled={disabled}
            value={contribution.amount}
            onChange={(event) => set({ amount: event.currentTarget.value })}
            error={amountError}
            styles={{ input: { textAlign: 'right' } }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Select
            label={t('budget.contributions.category')}
            inputWrapperOrder={hintBelow}
            description={t('budget.contributions.categoryHint')}
            placeholder={t('budget.contributions.chooseCategory')}
            required
            data={categoryOptions}
            searchable
            nothingFoundMessage={t('budget.contributions.noCategory')}
            disabled={disabled}
            value={contribution.category || null}
            onChange={(value) => set({ category: value ?? '' })}
            error={field.errorAt('category')}
          />
        </Grid.Col>
        <AppliesToFields
          contribution={contribution}
          onChange={set}
          field={field}
          lookups={lookups}
          disabled={disabled}
        />
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <TextInput
            type="date"
            label={t('budget.contributions.endDate')}
            inputWrapperOrder={hintBelow}
            description={t('budget.contributions.endDateHint')}
            min={fiscalYear.startDate}
            disabled={disabled}
            value={contribution.endDate}
            onChange={(event) => set({ endDate: event.currentTarget.value })}
            error={field.errorAt('endDate')}
          />
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
