import { monthsOf, payablesReportMaxMonths, type PayablesReport } from '@copro/domain';
import type { PayablesReportParams } from './report-url';

/** What the boxes of a payables report hold: dates as YYYY-MM-DD, '' for every bank. */
export interface PayablesReportChoice {
  from: string;
  to: string;
  asOf: string;
  bankUuid: string;
}

/** A message for the boxes: an i18n key and its values. */
export interface ChoiceProblem {
  key: string;
  params?: Record<string, number>;
}

/**
 * The boxes' first values: the fiscal year up to today (the whole year once it has ended), and
 * the aging on that same last day.
 */
export function initialChoice(
  year: { startDate: string; endDate: string },
  today: string,
): PayablesReportChoice {
  const last = today < year.startDate ? year.startDate : today > year.endDate ? year.endDate : today;
  return { from: year.startDate, to: last, asOf: last, bankUuid: '' };
}

/**
 * The report's parameters from the boxes, or what is wrong with them, as the server would say it:
 * the aging needs its date; a period needs both ends, in order, at most
 * `payablesReportMaxMonths` months apart (one column each); the supplier totals take none.
 */
export function reportParams(
  report: PayablesReport,
  choice: PayablesReportChoice,
): { params: PayablesReportParams; problem: ChoiceProblem | null } {
  if (report === 'supplier-totals') return { params: {}, problem: null };
  if (report === 'aging')
    return choice.asOf
      ? { params: { asOf: choice.asOf }, problem: null }
      : { params: {}, problem: { key: 'validation.required' } };
  if (!choice.from || !choice.to) return { params: {}, problem: { key: 'validation.required' } };
  if (choice.to < choice.from) return { params: {}, problem: { key: 'payablesReports.page.invalidPeriod' } };
  if (monthsOf(choice.from, choice.to).length > payablesReportMaxMonths)
    return {
      params: {},
      problem: { key: 'payablesReports.periodTooLong', params: { months: payablesReportMaxMonths } },
    };
  const params: PayablesReportParams = { from: choice.from, to: choice.to };
  if (report === 'check-register' && choice.bankUuid) params.bankUuid = choice.bankUuid;
  return { params, problem: null };
}
