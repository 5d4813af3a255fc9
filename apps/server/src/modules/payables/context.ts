import { describeTransaction, languageOf, limits, type TransactionMeaning } from '@copro/domain';
import type { LogSource } from '../../db/schema/index';
import type { BuildingRow } from '../../platform/access';
import type { YearScope } from '../../platform/fiscal-year-scope';
import type { Mailer } from '../../platform/mail';
import type { SessionUser } from '../../platform/routes';

/** What every write of money going out works with: the year, who acts, the building and its mail. */
export interface PayablesContext {
  scope: YearScope;
  source: LogSource;
  /** The signed-in user (approvals are per user); null for the daily jobs. */
  user: SessionUser | null;
  building: BuildingRow;
  mailer: Mailer;
}

/**
 * A description the system writes (DESIGN 3): stored as what it means, which every reader reads
 * in their language, and written in the building's language for search and the activity log, no
 * longer than a typed one (a supplier's name or a list of invoice numbers may be long).
 */
export const generatedText = (
  building: BuildingRow,
  meaning: TransactionMeaning,
): { description: string; meaning: TransactionMeaning } => ({
  description: describeTransaction(meaning, languageOf(building.locale)).slice(0, limits.displayName),
  meaning,
});
