import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { building, type LogSource } from '../../db/schema/index';
import type { BuildingRow } from '../../platform/access';
import { userSource } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import type { Platform } from '../../platform/platform';
import { buildingOf, userOf } from '../../platform/routes';

/** What every write of the area works with: who acts (and their name for the history), the building, mail, now. */
export interface OtonomContext {
  source: LogSource;
  /** A user's name, or the system's ("Copro") for the monthly run and the partner's answers. */
  sourceName: string;
  building: BuildingRow;
  mailer: Mailer;
  now: Date;
}

/** What a write needs beside who acts and where: the mailer, and the time (the platform's clock). */
export type OtonomServices = Pick<OtonomContext, 'mailer' | 'now'>;

/** Who the daily runs and the partner's answers act as, in the log and in each order's history. */
export const systemSource: LogSource = { kind: 'system', id: 'queue' };
export const systemName = 'Copro';

/** `source` acting in `b`: the history names a user by name (else email), the system as "Copro". */
export const otonomContext = (
  source: LogSource,
  b: BuildingRow,
  services: OtonomServices,
): OtonomContext => ({
  source,
  sourceName: source.name || source.email || systemName,
  building: b,
  mailer: services.mailer,
  now: services.now,
});

/** The signed-in user acting in the request's building, on the platform's clock. */
export const requestContext = (req: FastifyRequest, platform: Platform): OtonomContext =>
  otonomContext(userSource(userOf(req)), buildingOf(req).building, {
    mailer: platform.mailer,
    now: platform.clock.now(),
  });

/** The system acting in `b` (the daily jobs). */
export const systemContext = (b: BuildingRow, services: OtonomServices): OtonomContext =>
  otonomContext(systemSource, b, services);

/** The building's row, for a write started outside a request (a job, a registry hook). */
export async function buildingRow(db: DbOrTx, buildingId: string): Promise<BuildingRow> {
  const [row] = await db.select().from(building).where(eq(building.id, buildingId));
  if (!row) throw new AppError('notFound');
  return row;
}
