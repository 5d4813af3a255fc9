import { statementPeriodSchema } from '@copro/domain';
import type { ReceivablesReport, ReportParams } from './report-url';

/** What the boxes of a receivables report hold: dates as YYYY-MM-DD, '' for all units. */
export interface ReceivablesReportChoice {
  from: string;
  to: string;
  asOf: string;
  unitUuid: string;
}

/**
 * The boxes' first values: the fiscal year up to today (its whole period once it has ended), and
 * the aging on that same last day.
 */
export function initialChoice(
  year: { startDate: string; endDate: string },
  today: string,
): ReceivablesReportChoice {
  const last = today < year.startDate ? year.startDate : today > year.endDate ? year.endDate : today;
  return { from: year.startDate, to: last, asOf: last, unitUuid: '' };
}

/**
 * The report's parameters from the boxes, or the i18n key of what is wrong with them: the aging
 * needs its date, the others a period whose end is not before its start.
 */
export function reportParams(
  report: ReceivablesReport,
  choice: ReceivablesReportChoice,
): { params: ReportParams; problem: string | null } {
  if (report === 'receivables-aging')
    return choice.asOf
      ? { params: { asOf: choice.asOf }, problem: null }
      : { params: {}, problem: 'validation.required' };
  const period = statementPeriodSchema.safeParse({ from: choice.from, to: choice.to });
  if (!period.success)
    return {
      params: {},
      problem: !choice.from || !choice.to ? 'validation.required' : 'receivablesReportsPage.invalidPeriod',
    };
  const params: ReportParams = { from: period.data.from, to: period.data.to };
  if (report === 'statements' && choice.unitUuid) params.unitUuid = choice.unitUuid;
  return { params, problem: null };
}
