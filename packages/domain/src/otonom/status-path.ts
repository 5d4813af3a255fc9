import { canMove, nextStatuses, type OtonomStatus } from './statuses';

/**
 * How a status the partner (or a return file) answers is applied to an order, one allowed
 * transition at a time (statuses.ts), so the ledger moves exactly as if every step had been seen.
 *
 * The rule, written out:
 * - the same status: nothing to do (the empty path);
 * - an allowed transition: that one step;
 * - otherwise the partner skipped steps it passed through (it answers `completed` for an order we
 *   still have `toProcess`; a return file says `processedNSF` for one we saw `toProcess`): the
 *   shortest chain of allowed transitions from the order's status to the answered one whose steps
 *   in between are statuses the partner passes an order through (`partnerSteps`): sent, awaiting
 *   validation, withdrawn, completed, cancelling, refunding. Never through a status someone
 *   chooses by hand (ready to send, on hold, paid) nor a refusal (unprocessed…): a refused order
 *   does not go on to be withdrawn;
 * - no such chain (from a final status, or backwards): null, and the caller reports the answer
 *   instead of forcing it.
 * Among chains of the same length, the one whose steps come first in `nextStatuses` wins, so the
 * answer is always the same.
 */

/** The statuses an order may pass through unseen between two answers of the partner. */
export const partnerSteps = [
  'toProcess',
  'awaitingValidation',
  'withdrawalDone',
  'completed',
  'cancelling',
  'refunding',
] as const satisfies readonly OtonomStatus[];

const isPartnerStep = (status: OtonomStatus): boolean =>
  (partnerSteps as readonly OtonomStatus[]).includes(status);

/**
 * The statuses to move through, in order, from `from` to `to` (ending with `to`; empty when they
 * are the same), or null when the rule above finds no chain.
 */
export function statusPath(from: OtonomStatus, to: OtonomStatus): OtonomStatus[] | null {
  if (from === to) return [];
  if (canMove(from, to)) return [to];
  // Breadth first: the first time `to` is reached is by a shortest chain.
  const cameFrom = new Map<OtonomStatus, OtonomStatus>();
  const seen = new Set<OtonomStatus>([from]);
  let frontier: OtonomStatus[] = [from];
  while (frontier.length > 0) {
    const next: OtonomStatus[] = [];
    for (const status of frontier) {
      for (const step of nextStatuses(status)) {
        if (seen.has(step)) continue;
        if (step === to) {
          const path: OtonomStatus[] = [to];
          for (let at = status; at !== from; at = cameFrom.get(at) ?? from) path.unshift(at);
          return path;
        }
        if (!isPartnerStep(step)) continue;
        seen.add(step);
        cameFrom.set(step, status);
        next.push(step);
      }
    }
    frontier = next;
  }
  return null;
}
