import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageOf } from '@copro/domain';
import { useBuildingShell } from '../../app/shell/building-context';
import { useBuildingToday } from '../../app/shell/use-building-today';
import { Page } from '../../ui/page';
import { ReportFrame } from '../reports';
import { BoardPackageButton } from './board-package-dialog';
import { StatementControlsBox } from './statement-controls';
import {
  initialStatementChoice,
  statementParams,
  statementUrl,
  type StatementChoice,
} from './statement-query';
import { StatementView } from './statement-view';
import { statementQuery } from './statements-api';

/**
 * categories/financial-statement (DOMAIN 10, 12): the year's statements, each for a date or a
 * period, one fund or all, beside the previous year if asked; as a page and as PDF, XLSX and CSV.
 * Those who read reports also download the board package from here.
 */
export function FinancialStatementsPage() {
  const { t } = useTranslation();
  const { can, fiscalYear } = useBuildingShell();
  return (
    <Page title={t('statementsPage.title')} actions={can('reports') && <BoardPackageButton />}>
      <Text c="dimmed" maw={720} mt={-8}>
        {t('statementsPage.intro')}
      </Text>
      {/* Another year's dates are not this one's: its choice starts afresh. */}
      <StatementCard key={fiscalYear.startDate} />
    </Page>
  );
}

/** The chosen statement: its boxes, its downloads, and the statement itself. */
function StatementCard() {
  const { t, i18n } = useTranslation();
  const { building, fiscalYear } = useBuildingShell();
  const today = useBuildingToday();
  const [choice, setChoice] = useState(() => initialStatementChoice(fiscalYear, today));
  const { params, problem } = statementParams(choice, fiscalYear);
  const set = (change: Partial<StatementChoice>) => setChoice((current) => ({ ...current, ...change }));
  const ref = building.buildingRef;
  const { statement } = choice;
  const figures = useQuery({
    ...statementQuery(ref, fiscalYear.startDate, statement, languageOf(i18n.language), params),
    enabled: problem === null,
  });
  return (
    <ReportFrame
      title={t(`statementsPage.statements.${statement}.title`)}
      description={t(`statementsPage.statements.${statement}.description`)}
      controls={<StatementControlsBox choice={choice} onChange={set} problem={problem} />}
      invalid={problem !== null}
      fileUrl={(format) => statementUrl(ref, fiscalYear.startDate, statement, format, params)}
      preview={figures}
    >
      {(data) => <StatementView statement={statement} data={data} />}
    </ReportFrame>
  );
}
