import { Select, Stack, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { financialStatements, funds, isFinancialStatement } from '@copro/domain';
import { useBuildingShell } from '../../app/shell/building-context';
import type { ChoiceProblem } from '../../ui/report-dates';
import { useAccountNames, useLedgerAccounts } from '../ledger';
import { ReportDateControls, ReportRecordSelect } from '../reports';
import { accountChoices, fundFilterOf, statementControls, type StatementChoice } from './statement-query';

/**
 * The boxes that choose what the statement shows: which statement, its date or period, its fund,
 * the comparison with the previous year, and the general ledger's account. Each statement shows
 * only the boxes it reads (`statementControls`).
 */
export function StatementControlsBox({
  choice,
  onChange,
  problem,
}: {
  choice: StatementChoice;
  onChange: (change: Partial<StatementChoice>) => void;
  problem: ChoiceProblem | null;
}) {
  const { t } = useTranslation();
  const { can } = useBuildingShell();
  const controls = statementControls(choice.statement);
  return (
    <Stack gap="sm">
      <Select
        label={t('statementsPage.statement')}
        data={financialStatements.map((statement) => ({
          value: statement,
          label: t(`statementsPage.statements.${statement}.title`),
        }))}
        value={choice.statement}
        onChange={(value) => value && isFinancialStatement(value) && onChange({ statement: value })}
        allowDeselect={false}
        size="sm"
        style={{ maxWidth: 320 }}
      />
      <ReportDateControls dates={choice} onChange={onChange} period={controls.period} problem={problem}>
        {controls.fund && (
          <ReportRecordSelect
            label={t('statementsPage.fund')}
            allLabel={t('statementsPage.allFunds')}
            options={funds.map((fund) => ({ value: fund, label: t(`fundChoice.names.${fund}`) }))}
            loading={false}
            value={choice.fund === 'all' ? '' : choice.fund}
            onChange={(fund) => onChange({ fund: fundFilterOf(fund) })}
          />
        )}
        {/* The accounts' list is for those who read every account; the others see them all. */}
        {controls.account && can('transactions.read') && (
          <AccountChoice value={choice.account} onChange={(account) => onChange({ account })} />
        )}
      </ReportDateControls>
      {controls.compare && (
        <Switch
          label={t('statementsPage.compare')}
          checked={choice.compare}
          onChange={(event) => onChange({ compare: event.currentTarget.checked })}
        />
      )}
    </Stack>
  );
}

function AccountChoice({ value, onChange }: { value: string; onChange: (aid: string) => void }) {
  const { t } = useTranslation();
  const accounts = useLedgerAccounts();
  const names = useAccountNames();
  const options = accountChoices(accounts.data ?? [], (account) => names.account(account));
  return (
    <ReportRecordSelect
      label={t('statementsPage.account')}
      allLabel={t('statementsPage.allAccounts')}
      options={options}
      loading={accounts.isPending}
      value={value}
      onChange={onChange}
    />
  );
}
