import { describeTransaction, languageOf, type Language, type TransactionMeaning } from '@copro/domain';
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

/**
 * A description the system writes (DESIGN 3): stored as what it means, which every reader reads
 * in their language, and written in the building's language for search and the activity log.
 */
export const generatedText = (
  building: BuildingRow,
  meaning: TransactionMeaning,
): { description: string; meaning: TransactionMeaning } => ({
  description: describeTransaction(meaning, buildingLanguage(building)),
  meaning,
});
