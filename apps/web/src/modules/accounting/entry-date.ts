/** The local calendar day as YYYY-MM-DD (not the UTC day, which is tomorrow on a Quebec evening). */
export function localIsoDate(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

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
