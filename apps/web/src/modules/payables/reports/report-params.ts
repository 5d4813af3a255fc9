import { monthsOf, payablesReportMaxMonths, type PayablesReport } from '@copro/domain';
import {
  dateRequired,
  initialDates,
  periodProblem,
  type ChoiceProblem,
  type ReportDates,
} from '../../../ui/report-dates';
import type { ReportParams } from '../../reports';

/** What the boxes of a payables report hold: its dates, and '' for every bank. */
export interface PayablesReportChoice extends ReportDates {
  bankUuid: string;
}

/** The boxes' first values: the year up to today, every bank. */
export const initialChoice = (
  year: { startDate: string; endDate: string },
  today: string,
): PayablesReportChoice => ({ ...initialDates(year, today), bankUuid: '' });

/**
 * The report's parameters from the boxes, or what is wrong with them, as the server would say it:
 * the aging needs its date; a period needs both ends, in order, at most
 * `payablesReportMaxMonths` months apart (one column each); the supplier totals take none.
 */
export function reportParams(
  report: PayablesReport,
  choice: PayablesReportChoice,
): { params: ReportParams; problem: ChoiceProblem | null } {
  if (report === 'supplier-totals') return { params: {}, problem: null };
  if (report === 'aging')
    return choice.asOf
      ? { params: { asOf: choice.asOf }, problem: null }
      : { params: {}, problem: dateRequired };
  const problem = periodProblem(choice);
  if (problem) return { params: {}, problem };
  if (monthsOf(choice.from, choice.to).length > payablesReportMaxMonths)
    return {
      params: {},
      problem: { key: 'payablesReports.periodTooLong', params: { months: payablesReportMaxMonths } },
    };
  const params: ReportParams = { from: choice.from, to: choice.to };
  if (report === 'check-register' && choice.bankUuid) params.bankUuid = choice.bankUuid;
  return { params, problem: null };
}
