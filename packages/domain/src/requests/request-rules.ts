import { requestCountCap } from '../schemas/requests';

/**
 * Rules of a request's tags and assignee (DOMAIN 11):
 *
 * - **Default handler.** A request assigned to nobody goes to the default handler of its tags: the
 *   first of its tags (in the request's order) that names one. An assignee chosen by someone is
 *   never replaced, and a tag's default handler who may no longer handle requests is skipped.
 * - **Mandatory tags.** When the building requires tags, a request keeps at least one: a new
 *   request without one, or an edit that removes the last, is refused.
 * - **Tags known.** A request names only tags offered in its building (its own and its group's),
 *   each once, in the order chosen.
 * - **Badge.** Counts stop at 100 (SPEC 7); a count above 99 shows as "99+".
 */

export interface TagHandler {
  uuid: string;
  defaultHandlerId: string | null;
}

/** The assignee a request gets: its own, else the first default handler of its tags who may handle. */
export function assigneeFor(
  assigneeId: string | null,
  tagUuids: readonly string[],
  tags: readonly TagHandler[],
  mayHandle: (userId: string) => boolean,
): string | null {
  if (assigneeId !== null) return assigneeId;
  const byUuid = new Map(tags.map((t) => [t.uuid, t]));
  for (const uuid of tagUuids) {
    const handler = byUuid.get(uuid)?.defaultHandlerId ?? null;
    if (handler !== null && mayHandle(handler)) return handler;
  }
  return null;
}

/** Whether a request with `tagUuids` is refused for want of a tag. */
export const missingMandatoryTag = (tagsMandatory: boolean, tagUuids: readonly string[]): boolean =>
  tagsMandatory && tagUuids.length === 0;

/** The indexes of `tagUuids` that name no known tag or repeat an earlier one. */
export function unknownTagIndexes(tagUuids: readonly string[], known: ReadonlySet<string>): number[] {
  const seen = new Set<string>();
  const bad: number[] = [];
  tagUuids.forEach((uuid, i) => {
    if (!known.has(uuid) || seen.has(uuid)) bad.push(i);
    seen.add(uuid);
  });
  return bad;
}

/** A count as the badge shows it: nothing for none, "99+" above 99. */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}

/** A count read with `LIMIT cap`: never above the cap, whatever the caller read. */
export const cappedCount = (count: number, cap = requestCountCap): number =>
  Math.min(Math.max(count, 0), cap);
