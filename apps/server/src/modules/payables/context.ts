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
