import type { Cents } from '../money';

/**
 * DOMAIN 4: a series of post-dated checks: consecutive numbers (keeping the first one's width,
 * so 0098 is followed by 0099 and 0100), one every `periodMonths` months from the first date
 * (a 31st falls back to the month's last day), all with the same amount until edited.
 */
export interface SeriesCheck {
  number: string;
  date: string;
  amount: Cents;
}

export function addMonths(isoDate: string, months: number): string {
  const [year = 0, month = 1, day = 1] = isoDate.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

export function postDatedSeries(input: {
  firstNumber: string;
  count: number;
  periodMonths: number;
  firstDate: string;
  amount: Cents;
}): SeriesCheck[] {
  const first = BigInt(input.firstNumber);
  return Array.from({ length: input.count }, (_, i) => ({
    number: (first + BigInt(i)).toString().padStart(input.firstNumber.length, '0'),
    date: addMonths(input.firstDate, i * input.periodMonths),
    amount: input.amount,
  }));
}

/** Canadian banks refuse a check more than six months old (stale-dated). */
export const staleCheckMonths = 6;

/**
 * A check's date within reason for its fiscal year: not after the year's last day (a recorded
 * check is deposited in its own year, on or after its date, and recorded checks are not carried
 * to the next year), and not so old that a bank would refuse it when the year begins.
 * Null when the date is fine, else the i18n key of the refusal and its parameters.
 */
export function checkDateIssue(
  date: string,
  year: { startDate: string; endDate: string },
): { key: string; params: Record<string, string> } | null {
  if (date > year.endDate)
    return { key: 'receivables.validation.checkDateAfterYear', params: { date: year.endDate } };
  const earliest = addMonths(year.startDate, -staleCheckMonths);
  if (date < earliest) return { key: 'receivables.validation.checkDateStale', params: { date: earliest } };
  return null;
}

/** One check number however it is typed: "0098" is "98", "a-1" is "A-1". */
export const checkNumberKey = (number: string): string => {
  const trimmed = number.trim().toUpperCase();
  return /^\d+$/.test(trimmed) ? trimmed.replace(/^0+(?=\d)/, '') : trimmed;
};

/** The positions of the numbers already seen earlier in the list (a series typed with a repeat). */
export function repeatedCheckNumbers(numbers: readonly string[]): number[] {
  const seen = new Set<string>();
  return numbers.flatMap((number, i) => {
    const key = checkNumberKey(number);
    if (seen.has(key)) return [i];
    seen.add(key);
    return [];
  });
}
