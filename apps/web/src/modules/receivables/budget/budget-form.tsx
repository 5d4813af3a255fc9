import { useMemo } from 'react';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { languageOf, type BudgetInput, type BudgetView } from '@copro/domain';
import { ApiError } from '../../../app/api';
import { notifyError, notifySuccess } from '../../../app/notify';
import { FormSection } from '../../../ui/form-section';
import { issuesToErrors } from '../../../ui/form-validation';
import { useRecordForm } from '../../../ui/use-record-form';
import { SaveBar } from '../../tenancy';
import { ApplySection } from './apply-section';
import { useSaveBudget } from './budget-api';
import type { BudgetCategories } from './budget-categories';
import { totalsOfValues } from './budget-totals';
import { BudgetTotalsCard } from './budget-totals-card';
import { budgetValues, prepareBudget, toFormIssue, type BudgetValues } from './budget-values';
import { ContributionsEditor } from './contributions-editor';
import { ExpensesEditor } from './expenses-editor';
import type { BudgetLookups } from './use-budget-lookups';

const validate = (values: BudgetValues) => issuesToErrors(prepareBudget(values).issues);

/**
 * The draft: its contributions (the revenue side), its budgeted expenses and the live totals,
 * saved as a whole. A new draft (no budget yet) starts from `start` and is created on its first
 * save; the preview and the apply follow once the draft is saved.
 */
export function BudgetForm({
  budget,
  start,
  categories,
  lookups,
  onSaved,
  onCancel,
}: {
  budget: BudgetView | null;
  start: BudgetInput | null;
  categories: BudgetCategories;
  lookups: BudgetLookups;
  onSaved?: (saved: BudgetView) => void;
  onCancel?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const saved = useMemo(
    () =>
      budgetValues(start, {
        expenseCategories: categories.expenses.map((category) => category.uuid),
        defaultCategory: categories.condoFees ?? '',
        language,
      }),
    [start, categories, language],
  );
  const form = useRecordForm(saved, { validate });
  const save = useSaveBudget();
  const creating = budget === null;
  const totals = totalsOfValues(form.values, categories.contingency);

  const submit = form.onSubmit((values) => {
    const { input } = prepareBudget(values);
    if (!input) return;
    save.mutate(
      { uuid: budget?.uuid ?? null, input },
      {
        onSuccess: (view) => {
          notifySuccess(t(creating ? 'budget.form.created' : 'budget.form.saved'));
          form.settle(values);
          onSaved?.(view);
        },
        onError: (error) => {
          const issues =
            error instanceof ApiError ? error.issues.filter((issue) => issue.path.length > 0) : [];
          form.showErrors(issuesToErrors(issues.map((issue) => toFormIssue(issue, values))));
          notifyError(error, t('budget.form.failed'));
        },
      },
    );
  });

  return (
    <Stack gap="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormSection title={t('budget.contributions.title')} description={t('budget.contributions.intro')}>
            <ContributionsEditor
              form={form}
              categories={categories}
              lookups={lookups}
              disabled={save.isPending}
            />
          </FormSection>
          <FormSection title={t('budget.expenses.title')} description={t('budget.expenses.intro')}>
            <ExpensesEditor form={form} categories={categories} disabled={save.isPending} />
          </FormSection>
          <BudgetTotalsCard totals={totals} editing />
          <SaveBar
            // A new draft is worth saving as it stands: it copies the budget in force.
            pristine={form.pristine && !creating}
            saving={save.isPending}
            errors={form.errors}
            onDiscard={creating && onCancel ? onCancel : form.reset}
            saveLabel={t(creating ? 'budget.form.create' : 'budget.form.save')}
          />
        </Stack>
      </form>
      {budget && <ApplySection budget={budget} unsaved={!form.pristine} />}
    </Stack>
  );
}
