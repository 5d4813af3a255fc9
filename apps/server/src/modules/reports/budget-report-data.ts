import type { FastifyRequest } from 'fastify';
import { budgetReport, type BudgetReportTable } from '@copro/domain';
import type { DbOrTx } from '../../db/client';
import type { YearScope } from '../../platform/fiscal-year-scope';
import { budgetMembers, listBudgets } from '../receivables';
import { listRecords } from '../registry';
import { spreadsheetMoneyFormat } from '../../platform/documents/render-xlsx';
import { reportContext, type ReportDocument, type ReportTableDocument } from './report-data';

/** The budget that sets the year's fees: the latest applied one; else the latest draft, said to be one. */
async function reportedBudget(db: DbOrTx, scope: YearScope) {
  const budgets = await listBudgets(db, scope, false);
  const applied = budgets
    .filter((b) => b.status === 'applied')
    .sort((a, b) => (b.appliedAt ?? '').localeCompare(a.appliedAt ?? ''))[0];
  if (applied) return { budget: applied, draft: false };
  // Newest first: the first draft is the latest.
  const draft = budgets.find((b) => b.status === 'draft');
  return draft ? { budget: draft, draft: true } : null;
}

/** Issue 6: the budget by category and each unit's monthly fee, in the reader's language. */
export async function budgetReportDocument(
  db: DbOrTx,
  req: FastifyRequest,
): Promise<{ document: ReportDocument; fileName: string }> {
  const { scope, building, language, today, t, subtitle, emptyText, pageLabel } = await reportContext(
    db,
    req,
  );
  const fileName = `${t('reports.budget.file')}-${today}`;
  const found = await reportedBudget(db, scope);
  if (!found) {
    const document: ReportDocument = {
      title: t('reports.budget.title'),
      subtitle,
      sheetName: t('reports.budget.sheet'),
      columns: [{ label: t('reports.budget.columns.contribution'), kind: 'text' }],
      rows: [],
      emptyText: t('reports.budget.none'),
      pageLabel,
    };
    return { document, fileName };
  }
  const categories = (await listRecords(db, scope, 'categories'))
    // The chart's order: account numbers.
    .sort((a, b) => (a.aid ?? 0) - (b.aid ?? 0))
    .map((c) => ({
      uuid: c.uuid,
      name: String(c.data.name ?? ''),
      parent: String(c.data.parent ?? ''),
      systemKey: typeof c.data.systemKey === 'string' ? c.data.systemKey : null,
    }));
  const tables = budgetReport({
    budget: found.budget,
    categories,
    members: await budgetMembers(db, scope),
    yearStart: scope.fiscalYear,
    language,
    currency: building.currency,
  });
  const drawn = tables.map((table: BudgetReportTable): ReportTableDocument => ({
    heading: t(`reports.budget.sections.${table.section}.title`),
    sheetName: t(`reports.budget.sections.${table.section}.sheet`),
    columns: table.columns.map((column) => ({ label: t(column.key, column.params), kind: column.kind })),
    rows: table.rows,
    totalRows: table.totalRows,
  }));
  const [first, ...sections] = drawn;
  if (!first) throw new Error('the budget report has no table');
  const document: ReportDocument = {
    ...first,
    title: t(found.draft ? 'reports.budget.draftTitle' : 'reports.budget.title'),
    subtitle,
    ...(found.draft ? { notice: t('reports.budget.draftNotice') } : {}),
    sections,
    moneyFormat: spreadsheetMoneyFormat(building.currency, language),
    emptyText,
    pageLabel,
  };
  return { document, fileName };
}
