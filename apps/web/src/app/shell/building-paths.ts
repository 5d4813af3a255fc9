const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

/** A fiscal-year URL segment is a real calendar date, YYYY-MM-DD (the year's start). */
export function isFiscalYearParam(value: string): boolean {
  if (!isoDatePattern.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * The address of a building page. The latest fiscal year is the default, so its start date is
 * left out of the address: links keep working when the next year is created.
 */
export function buildingHref(buildingRef: string, fiscalYear: string | undefined, path: string): string {
  const year = fiscalYear ? `/${fiscalYear}` : '';
  return `/building/${encodeURIComponent(buildingRef)}${year}${path ? `/${path}` : ''}`;
}

export const groupHref = (buildingGroupId: string, path: string): string =>
  `/building-group/${encodeURIComponent(buildingGroupId)}${path ? `/${path}` : ''}`;

/** The part of a building address below /building/{ref}/{fiscalYear?}/, without slashes around it. */
export function pagePathOf(pathname: string, prefix: string): string {
  const rest = pathname.startsWith(prefix) ? pathname.slice(prefix.length) : '';
  const parts = rest.split('/').filter(Boolean);
  const [first, ...others] = parts;
  return (first && isFiscalYearParam(first) ? others : parts).join('/');
}
