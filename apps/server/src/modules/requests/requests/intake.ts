import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { languageOf, limits, translate } from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { building, request } from '../../../db/schema/index';
import { writeLog } from '../../../platform/audit';
import { publishRequests } from './live';
import { nextNumber } from './requests';

/** What an email from a known sender that threads into no request opens (Part D calls it). */
export interface EmailIntake {
  buildingId: string;
  title: string;
  description: string;
  requesterName: string;
  requesterEmail: string;
  /** The sender's unit when the registry knows it, else null. */
  unitUuid: string | null;
  at: Date;
}

/**
 * Opens a request for an email (logged "request created", its source the email); answers its uuid
 * and number. It is assigned to nobody: the building's tags are chosen by a handler, so a building
 * that requires tags still takes the email, and the handler tags it when filing it.
 */
export async function openRequestFromEmail(
  tx: DbOrTx,
  intake: EmailIntake,
): Promise<{ uuid: string; number: number }> {
  const uuid = randomUUID();
  const number = await nextNumber(tx, intake.buildingId);
  const title = intake.title.trim().slice(0, limits.name * 2) || `#${number}`;
  await tx.insert(request).values({
    buildingId: intake.buildingId,
    uuid,
    number,
    title,
    description: intake.description.slice(0, limits.longText),
    status: 'open',
    unitUuid: intake.unitUuid,
    requesterId: null,
    requesterName: intake.requesterName || intake.requesterEmail,
    requesterEmail: intake.requesterEmail.toLowerCase(),
    assigneeId: null,
    tags: [],
    fromEmail: true,
    createdAt: intake.at,
    updatedAt: intake.at,
    lastActivityAt: intake.at,
  });
  const [b] = await tx
    .select({ locale: building.locale })
    .from(building)
    .where(eq(building.id, intake.buildingId));
  const language = languageOf(b?.locale);
  await writeLog(tx, {
    buildingId: intake.buildingId,
    event: 'requestCreated',
    source: { kind: 'system', id: 'backend' },
    message: translate(language, 'requests.log.createdFromEmail', {
      number,
      title,
      email: intake.requesterEmail,
    }),
    metadata: { requestUuid: uuid, number, source: 'email', requesterEmail: intake.requesterEmail },
    indexes: [uuid],
  });
  await publishRequests(tx, intake.buildingId, [uuid]);
  return { uuid, number };
}

/** Whether `uuid` is one of the building's requests (emails are assigned only to those). */
export async function requestExists(tx: DbOrTx, buildingId: string, uuid: string): Promise<boolean> {
  const [row] = await tx
    .select({ uuid: request.uuid })
    .from(request)
    .where(and(eq(request.buildingId, buildingId), eq(request.uuid, uuid)));
  return row !== undefined;
}
