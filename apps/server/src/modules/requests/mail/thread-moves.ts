import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { requestEmail, requestMailThread } from '../../../db/schema/index';
import { writeLogs } from '../../../platform/audit';
import type { MailContext } from './context';
import { unreadUnassignedCount } from './emails';
import { publishRequestEmails } from './live';
import { emailLogEntry } from './mail-log';

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

/**
 * Moves every email of a request being deleted back to the unassigned folder, each logged "request
 * email assigned" to that folder, so the conversation is not lost with it; answers how many moved.
 * Its reply tokens are dropped: they would name a request that no longer exists. A later answer is
 * then filed as a new email is (a known sender opens a new request, another goes to unknown), and a
 * handler who files the released emails into another request makes their Message-IDs thread there.
 */
export async function releaseRequestEmails(
  tx: DbOrTx,
  ctx: Pick<MailContext, 'buildingId' | 'source' | 'language'>,
  request: { uuid: string; number: number },
): Promise<number> {
  const released = await tx
    .update(requestEmail)
    .set({ folder: 'unassigned', requestUuid: null })
    .where(and(eq(requestEmail.buildingId, ctx.buildingId), eq(requestEmail.requestUuid, request.uuid)))
    .returning();
  await tx
    .delete(requestMailThread)
    .where(
      and(eq(requestMailThread.buildingId, ctx.buildingId), eq(requestMailThread.requestUuid, request.uuid)),
    );
  if (released.length === 0) return 0;
  await writeLogs(
    tx,
    released.map((email) =>
      emailLogEntry(
        ctx,
        { ...email, requestUuid: request.uuid },
        {
          event: 'requestEmailAssigned',
          message: 'released',
          params: { number: String(request.number) },
          metadata: { folder: 'unassigned', fromFolder: 'request', fromRequestUuid: request.uuid },
        },
      ),
    ),
  );
  await publishRequestEmails(
    tx,
    ctx.buildingId,
    released.map((e) => e.uuid),
  );
  return released.length;
}

/** Unread emails filed under no request (unknown and unassigned, not spam nor archived) for this user, counted up to `cap`. */
export const unreadUnassignedEmailCount = (
  db: DbOrTx,
  buildingId: string,
  userId: string,
  cap: number,
): Promise<number> => unreadUnassignedCount(db, buildingId, userId, cap);
