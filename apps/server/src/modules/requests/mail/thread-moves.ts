import type { DbOrTx } from '../../../db/client';

/** Moves every email of request `from` into request `into` (a merge); answers how many moved. */
export async function moveRequestEmails(
  _tx: DbOrTx,
  _buildingId: string,
  _fromRequestUuid: string,
  _intoRequestUuid: string,
): Promise<number> {
  return 0;
}

/** Unread emails filed under no request (unknown and unassigned, not spam nor archived) for this user, counted up to `cap`. */
export async function unreadUnassignedEmailCount(
  _db: DbOrTx,
  _buildingId: string,
  _userId: string,
  _cap: number,
): Promise<number> {
  return 0;
}
