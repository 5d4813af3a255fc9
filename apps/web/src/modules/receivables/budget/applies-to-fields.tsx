import { Grid, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BoundField } from '../../../ui/use-record-form';
import { appliesToScopes, isSingleMember, scopeKeys, targetOptions, type AppliesToScope } from './applies-to';
import type { ContributionValues } from './budget-values';
import type { BudgetLookups } from './use-budget-lookups';

/** Enough to find a member by typing its number, without drawing 2,000 options at once. */
const shownTargets = 100;

/**
 * Who pays a contribution (DOMAIN 3): a whole kind of member, or a single one picked by its number.
 * Changing the kind clears the member picked, which belonged to the other kind.
 */
export function AppliesToFields({
  contribution,
  onChange,
  field,
  lookups,
  disabled,
}: {
  contribution: ContributionValues;
  onChange: (change: Partial<ContributionValues>) => void;
  field: BoundField<ContributionValues>;
  lookups: BudgetLookups;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const { scope, target } = contribution;
  const scopeOptions = appliesToScopes.map((value) => ({
    value,
    label: t(`budget.appliesTo.scopes.${scopeKeys[value]}`),
  }));
  return (
    <>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <Select
          label={t('budget.appliesTo.label')}
          required
          data={scopeOptions}
          allowDeselect={false}
          disabled={disabled}
          value={scope}
          onChange={(value) => value && onChange({ scope: value as AppliesToScope, target: '' })}
          error={field.errorAt('scope')}
        />
      </Grid.Col>
      {isSingleMember(scope) && (
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <Select
            label={t(`budget.appliesTo.which.${scope}`)}
            placeholder={t('budget.appliesTo.search')}
            required
            data={targetOptions(scope, lookups[scope], target)}
            searchable
            limit={shownTargets}
            nothingFoundMessage={t('budget.appliesTo.noMember')}
            disabled={disabled}
            value={target || null}
            onChange={(value) => onChange({ target: value ?? '' })}
            error={field.errorAt('target')}
          />
        </Grid.Col>
      )}
    </>
  );
}
