import type { LogSource } from '../../db/schema/index';
import type { BuildingRow } from '../../platform/access';
import type { Mailer } from '../../platform/mail';

/** What every write of the area works with: who acts (and their name for the history), the building, mail, now. */
export interface OtonomContext {
  source: LogSource;
  /** A user's name, or the system's ("Copro") for the monthly run and the partner's answers. */
  sourceName: string;
  building: BuildingRow;
  mailer: Mailer;
  now: Date;
}
