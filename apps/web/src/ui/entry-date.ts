/**
 * A new entry is dated today, brought inside the fiscal year being viewed: an earlier year's
 * entries default to its last day, a year not yet started to its first (the server refuses
 * dates outside the year).
 */
export function defaultEntryDate(today: string, year: { startDate: string; endDate: string }): string {
  if (today < year.startDate) return year.startDate;
  if (today > year.endDate) return year.endDate;
  return today;
}
