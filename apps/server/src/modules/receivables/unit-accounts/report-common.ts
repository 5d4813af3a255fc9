import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { clampToYear, type FieldIssue, type Language, type ReceivablesReportQuery } from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { fiscalYear } from '../../../db/schema/index';
import { AppError } from '../../../platform/errors';
import type { YearScope } from '../../../platform/fiscal-year-scope';
import { reportContext } from '../../reports';
import { listRecords, type RecordRow } from '../../registry';

/** The year's units in number order (numbers are decimals: 2 before 10). */
export async function unitsInOrder(db: DbOrTx, scope: YearScope): Promise<RecordRow[]> {
  const units = await listRecords(db, scope, 'units');
  return units.sort((a, b) => (a.number ?? '').localeCompare(b.number ?? '', undefined, { numeric: true }));
}

/** The fiscal year's last day. */
export async function yearEndOf(db: DbOrTx, scope: YearScope): Promise<string> {
  const [year] = await db
    .select({ endDate: fiscalYear.endDate })
    .from(fiscalYear)
    .where(and(eq(fiscalYear.buildingId, scope.buildingId), eq(fiscalYear.startDate, scope.fiscalYear)));
  if (!year) throw new AppError('notFound');
  return year.endDate;
}

/**
 * What every receivables report starts from: the registry reports' context, the year's last day
 * and the period asked for (default the whole year), which must not end before it begins.
 */
export async function receivablesReportContext(
  db: DbOrTx,
  req: FastifyRequest,
  query: ReceivablesReportQuery,
  language: Language = req.ctx.language,
) {
  const ctx = await reportContext(db, req, language);
  const yearEnd = await yearEndOf(db, ctx.scope);
  const period = { from: query.from ?? ctx.scope.fiscalYear, to: query.to ?? yearEnd };
  if (period.to < period.from) {
    const issue: FieldIssue = { path: ['to'], key: 'validation.dateTooEarly' };
    throw new AppError('validation', [issue]);
  }
  return {
    ...ctx,
    yearEnd,
    period,
    /** Aging date: asked for, else today, kept inside the year. */
    asOf: query.asOf ?? clampToYear(ctx.today, ctx.scope.fiscalYear, yearEnd),
    periodText: ctx.t('receivablesReports.period', period),
  };
}

export type ReceivablesReportContext = Awaited<ReturnType<typeof receivablesReportContext>>;
