import {
  dateRequired,
  initialDates,
  periodProblem,
  type ChoiceProblem,
  type ReportDates,
} from '../../ui/report-dates';
import type { ReceivablesReport, ReportParams } from './report-url';

/** What the boxes of a receivables report hold: its dates, and '' for all units. */
export interface ReceivablesReportChoice extends ReportDates {
  unitUuid: string;
}

/** The boxes' first values: the year up to today, every unit. */
export const initialChoice = (
  year: { startDate: string; endDate: string },
  today: string,
): ReceivablesReportChoice => ({ ...initialDates(year, today), unitUuid: '' });

/**
 * The report's parameters from the boxes, or what is wrong with them: the aging needs its date,
 * the others a period whose end is not before its start.
 */
export function reportParams(
  report: ReceivablesReport,
  choice: ReceivablesReportChoice,
): { params: ReportParams; problem: ChoiceProblem | null } {
  if (report === 'receivables-aging')
    return choice.asOf
      ? { params: { asOf: choice.asOf }, problem: null }
      : { params: {}, problem: dateRequired };
  const problem = periodProblem(choice);
  if (problem) return { params: {}, problem };
  const params: ReportParams = { from: choice.from, to: choice.to };
  if (report === 'statements' && choice.unitUuid) params.unitUuid = choice.unitUuid;
  return { params, problem: null };
}
