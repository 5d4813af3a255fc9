import { languageOf, translate, type Language } from '@copro/domain';
import type { LogSource } from '../../db/schema/index';
import type { BuildingRow } from '../../platform/access';

import type { YearScope } from '../../platform/fiscal-year-scope';
import type { Mailer } from '../../platform/mail';

/** What every write of money coming in works with: the year, who acts, the building and its mail. */
export interface MoneyInContext {
  scope: YearScope;
  source: LogSource;
  building: BuildingRow;
  mailer: Mailer;
}

/** Descriptions stored in the ledger are written in the building's language, like its chart. */
export const buildingLanguage = (building: BuildingRow): Language => languageOf(building.locale);

export const inBuildingLanguage =
  (building: BuildingRow) =>
  (key: string, params?: Record<string, string | number>): string =>
    translate(buildingLanguage(building), key, params);
