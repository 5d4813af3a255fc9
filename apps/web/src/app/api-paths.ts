/** The API addresses every area builds on, written once. */
export const buildingUrl = (buildingRef: string): string =>
  `/api/buildings/${encodeURIComponent(buildingRef)}`;

/** A building's fiscal year, named by its start date (DESIGN 3). */
export const yearUrl = (buildingRef: string, fiscalYear: string): string =>
  `${buildingUrl(buildingRef)}/fiscal-years/${encodeURIComponent(fiscalYear)}`;
