import { Box, Grid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCents, limits, type CategoryView } from '@copro/domain';
import { Translated } from '../../../ui/translated';
import type { RecordForm } from '../../../ui/use-record-form';
import type { BudgetCategories } from './budget-categories';
import { typedCents, type BudgetValues, type ExpenseValues } from './budget-values';
import { useBudgetFormat } from './use-budget-format';

const columns = {
  name: { base: 12, sm: 4 },
  amount: { base: 12, sm: 3 },
  comment: { base: 12, sm: 5 },
} as const;

/**
 * The expense side: every active expense category with its budgeted amount and a comment, plus
 * any archived one the budget still holds an amount for (marked, so it can be cleared).
 */
export function ExpensesEditor({
  form,
  categories,
  disabled,
}: {
  form: RecordForm<BudgetValues>;
  categories: BudgetCategories;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const listed = new Set(categories.expenses.map((category) => category.uuid));
  const kept = Object.keys(form.values.expenses)
    .filter((uuid) => !listed.has(uuid))
    .flatMap((uuid) => categories.byUuid.get(uuid) ?? []);
  const rows = [...categories.expenses, ...kept];
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('budget.expenses.none')}
      </Text>
    );
  const heading = (text: string, align: 'left' | 'right' = 'left') => (
    <Text size="sm" fw={500} ta={align}>
      {text}
    </Text>
  );
  return (
    <Stack gap="xs">
      <Box visibleFrom="sm" aria-hidden>
        <Grid gutter="xs">
          <Grid.Col span={columns.name}>{heading(t('budget.expenses.category'))}</Grid.Col>
          <Grid.Col span={columns.amount}>{heading(t('budget.expenses.amount'), 'right')}</Grid.Col>
          <Grid.Col span={columns.comment}>{heading(t('budget.expenses.comment'))}</Grid.Col>
        </Grid>
      </Box>
      {rows.map((category) => (
        <ExpenseRow key={category.uuid} category={category} form={form} disabled={disabled} />
      ))}
    </Stack>
  );
}

function ExpenseRow({
  category,
  form,
  disabled,
}: {
  category: CategoryView;
  form: RecordForm<BudgetValues>;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const format = useBudgetFormat();
  const path = `expenses.${category.uuid}`;
  const expense = form.field<ExpenseValues>(path).value ?? { amount: '', comment: '' };
  const typed = typedCents(expense.amount);
  const name = category.archived ? t('budget.expenses.archived', { name: category.name }) : category.name;
  return (
    <Grid gutter="xs" align="flex-start" pb={{ base: 'xs', sm: 0 }}>
      <Grid.Col span={columns.name}>
        <Text size="sm" fw={500} pt={{ base: 0, sm: 6 }} style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Text>
      </Grid.Col>
      <Grid.Col span={{ base: 5, sm: columns.amount.sm }}>
        <TextInput
          aria-label={t('budget.expenses.amountOf', { name: category.name })}
          placeholder={formatCents(0, format.language)}
          inputMode="decimal"
          autoComplete="off"
          disabled={disabled}
          {...form.text(`${path}.amount`)}
          error={typed.kind === 'wrong' ? <Translated k={typed.key} /> : form.errors[`${path}.amount`]}
          styles={{ input: { textAlign: 'right' } }}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 7, sm: columns.comment.sm }}>
        <TextInput
          aria-label={t('budget.expenses.commentOf', { name: category.name })}
          placeholder={t('budget.expenses.commentPlaceholder')}
          maxLength={limits.notes}
          disabled={disabled}
          {...form.text(`${path}.comment`)}
        />
      </Grid.Col>
    </Grid>
  );
}
