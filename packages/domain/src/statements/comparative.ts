/**
 * The comparative column (DOMAIN 10): the same period of the previous fiscal year, its dates one
 * calendar year earlier (February 29th becomes the 28th) and kept inside that year; none when
 * nothing of it falls inside the previous year.
 */

export interface ComparedPeriod {
  from: string;
  to: string;
}

const yearEarlier = (date: string): string => {
  const year = String(Number(date.slice(0, 4)) - 1).padStart(4, '0');
  const monthDay = date.slice(5) === '02-29' ? '02-28' : date.slice(5);
  return `${year}-${monthDay}`;
};

export function previousPeriod(
  period: ComparedPeriod,
  previousYear: { start: string; end: string },
): ComparedPeriod | null {
  const from = yearEarlier(period.from);
  const to = yearEarlier(period.to);
  if (to < previousYear.start || from > previousYear.end) return null;
  return {
    from: from < previousYear.start ? previousYear.start : from,
    to: to > previousYear.end ? previousYear.end : to,
  };
}
