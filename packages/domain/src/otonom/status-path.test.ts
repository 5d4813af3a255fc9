import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { partnerSteps, statusPath } from './status-path';
import { canMove, finalStatuses, nextStatuses, otonomStatuses, type OtonomStatus } from './statuses';

const anyStatus = fc.constantFrom(...otonomStatuses);
const steps: readonly OtonomStatus[] = partnerSteps;

/** Every chain from `from` to `to` of at most `max` transitions whose steps in between are partner steps. */
function chains(from: OtonomStatus, to: OtonomStatus, max: number): OtonomStatus[][] {
  const found: OtonomStatus[][] = [];
  const walk = (at: OtonomStatus, path: OtonomStatus[]) => {
    if (path.length > max) return;
    for (const next of nextStatuses(at)) {
      if (path.includes(next) || next === from) continue;
      if (next === to) found.push([...path, next]);
      else if (steps.includes(next)) walk(next, [...path, next]);
    }
  };
  walk(from, []);
  return found;
}

describe('the path from an order’s status to the one the partner answered', () => {
  it('applies the steps the partner skipped, in order', () => {
    expect(statusPath('toProcess', 'completed')).toEqual(['withdrawalDone', 'completed']);
    expect(statusPath('toProcess', 'processedNSF')).toEqual(['withdrawalDone', 'processedNSF']);
    expect(statusPath('awaitingValidation', 'completed')).toEqual(['withdrawalDone', 'completed']);
    expect(statusPath('toProcess', 'cancelled')).toEqual(['cancelling', 'cancelled']);
    expect(statusPath('refunding', 'processedError')).toEqual(['completed', 'processedError']);
  });

  it('is one step for an allowed transition and nothing for the same status', () => {
    expect(statusPath('toProcess', 'withdrawalDone')).toEqual(['withdrawalDone']);
    expect(statusPath('withdrawalDone', 'processedNSF')).toEqual(['processedNSF']);
    expect(statusPath('completed', 'completed')).toEqual([]);
  });

  it('finds none backwards, from a final status, or through a status chosen by hand', () => {
    expect(statusPath('completed', 'toProcess')).toBeNull();
    expect(statusPath('processedNSF', 'completed')).toBeNull();
    expect(statusPath('cancelled', 'toProcess')).toBeNull();
    // A refused order is sent again by a person, not by the partner's answer.
    expect(statusPath('toProcess', 'paid')).toBeNull();
    expect(statusPath('toProcess', 'readyToSendToOtonom')).toBeNull();
    expect(statusPath('readyToSendToOtonom', 'completed')).toEqual([
      'toProcess',
      'withdrawalDone',
      'completed',
    ]);
  });

  it('is a chain of allowed transitions ending at the answer, through partner steps only', () => {
    fc.assert(
      fc.property(anyStatus, anyStatus, (from, to) => {
        const path = statusPath(from, to);
        if (path === null) return;
        if (from === to) {
          expect(path).toEqual([]);
          return;
        }
        expect(path.at(-1)).toBe(to);
        [from, ...path]
          .slice(0, -1)
          .forEach((at, i) => expect(canMove(at, path[i] as OtonomStatus)).toBe(true));
        for (const between of path.slice(0, -1)) expect(steps).toContain(between);
        expect(new Set(path).size).toBe(path.length);
      }),
    );
  });

  it('is a shortest such chain, and exists whenever one does', () => {
    fc.assert(
      fc.property(anyStatus, anyStatus, (from, to) => {
        fc.pre(from !== to);
        const all = chains(from, to, otonomStatuses.length);
        const path = statusPath(from, to);
        if (all.length === 0) expect(path).toBeNull();
        else expect(path?.length).toBe(Math.min(...all.map((c) => c.length)));
      }),
    );
  });

  it('goes nowhere from a final status', () => {
    fc.assert(
      fc.property(fc.constantFrom(...finalStatuses), anyStatus, (from, to) => {
        fc.pre(from !== to);
        expect(statusPath(from, to)).toBeNull();
      }),
    );
  });
});
