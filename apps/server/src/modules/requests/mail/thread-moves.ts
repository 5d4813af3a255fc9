import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { requestEmail, requestMailThread } from '../../../db/schema/index';
import { unreadUnassignedCount } from './emails';
import { publishRequestEmails } from './live';

/**
 * Moves every email of request `from` into request `into` (a merge), with its reply tokens, so an
 * answer to a mail of the merged request still finds its way; answers how many emails moved. The
 * merge itself is logged by the requests part.
 */
export async function moveRequestEmails(
  tx: DbOrTx,
  buildingId: string,
  fromRequestUuid: string,
  intoRequestUuid: string,
): Promise<number> {
  const moved = await tx
    .update(requestEmail)
    .set({ requestUuid: intoRequestUuid })
    .where(and(eq(requestEmail.buildingId, buildingId), eq(requestEmail.requestUuid, fromRequestUuid)))
    .returning({ uuid: requestEmail.uuid });
  await tx
    .update(requestMailThread)
    .set({ requestUuid: intoRequestUuid })
    .where(
      and(eq(requestMailThread.buildingId, buildingId), eq(requestMailThread.requestUuid, fromRequestUuid)),
    );
  if (moved.length > 0)
    await publishRequestEmails(
      tx,
      buildingId,
      moved.map((m) => m.uuid),
    );
  return moved.length;
}

/** Unread emails filed under no request (unknown and unassigned, not spam nor archived) for this user, counted up to `cap`. */
export const unreadUnassignedEmailCount = (
  db: DbOrTx,
  buildingId: string,
  userId: string,
  cap: number,
): Promise<number> => unreadUnassignedCount(db, buildingId, userId, cap);
