import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  canMove,
  finalStatuses,
  holdsMoney,
  moneyEffect,
  nextStatuses,
  statusesByHand,
  otonomStatuses,
  type OtonomStatus,
} from './statuses';
import { agreementFlagOf, returnCodes, returnedStatusOf } from './return-codes';

const status = fc.constantFrom(...otonomStatuses);

/** Every allowed transition, written out: the table the lifecycle must equal exactly. */
const allowed: [OtonomStatus, OtonomStatus[]][] = [
  ['waitingApproval', ['readyToSendToOtonom', 'cancelled']],
  ['readyToSendToOtonom', ['toProcess', 'administrativeHold', 'paid', 'error', 'cancelled']],
  ['administrativeHold', ['readyToSendToOtonom', 'cancelled']],
  ['error', ['readyToSendToOtonom', 'cancelled']],
  ['toProcess', ['awaitingValidation', 'withdrawalDone', 'unprocessedError', 'unprocessedNSF', 'cancelling']],
  ['awaitingValidation', ['toProcess', 'withdrawalDone', 'unprocessedError', 'unprocessedNSF', 'cancelling']],
  ['cancelling', ['cancelled', 'withdrawalDone']],
  ['unprocessedError', ['readyToSendToOtonom', 'paid', 'cancelled']],
  ['unprocessedNSF', ['readyToSendToOtonom', 'paid', 'cancelled']],
  ['withdrawalDone', ['completed', 'processedNSF', 'processedError', 'refunding']],
  ['completed', ['processedNSF', 'processedError', 'refunding']],
  ['refunding', ['refunded', 'completed']],
  ['paid', []],
  ['cancelled', []],
  ['processedNSF', []],
  ['processedError', []],
  ['refunded', []],
];

describe('the payment lifecycle (SPEC 4)', () => {
  it('has the 17 statuses', () => {
    expect(otonomStatuses).toHaveLength(17);
    expect(new Set(allowed.map(([s]) => s))).toEqual(new Set(otonomStatuses));
  });

  it('allows exactly the written transitions and refuses every other pair', () => {
    for (const [from, tos] of allowed) {
      for (const to of otonomStatuses) expect(canMove(from, to), `${from} → ${to}`).toBe(tos.includes(to));
      expect([...nextStatuses(from)].sort()).toEqual([...tos].sort());
    }
  });

  it('never stays in place and final statuses go nowhere', () => {
    fc.assert(fc.property(status, (s) => !canMove(s, s)));
    expect([...finalStatuses].sort()).toEqual([
      'cancelled',
      'paid',
      'processedError',
      'processedNSF',
      'refunded',
    ]);
  });

  it('moves money only when whether the building holds the funds changes', () => {
    fc.assert(
      fc.property(status, status, (from, to) => {
        if (!canMove(from, to)) {
          expect(() => moneyEffect(from, to)).toThrow();
          return;
        }
        const effect = moneyEffect(from, to);
        if (holdsMoney(from) === holdsMoney(to)) expect(effect).toBe('none');
        else if (holdsMoney(to)) expect(effect).toBe('collect');
        else expect(['return', 'refund']).toContain(effect);
      }),
    );
  });

  it('posts the payment when the funds are withdrawn, and reverses it on a return or a refund', () => {
    expect(moneyEffect('toProcess', 'withdrawalDone')).toBe('collect');
    expect(moneyEffect('readyToSendToOtonom', 'paid')).toBe('collect');
    expect(moneyEffect('cancelling', 'withdrawalDone')).toBe('collect');
    expect(moneyEffect('withdrawalDone', 'completed')).toBe('none');
    expect(moneyEffect('completed', 'processedNSF')).toBe('return');
    expect(moneyEffect('withdrawalDone', 'processedError')).toBe('return');
    expect(moneyEffect('refunding', 'refunded')).toBe('refund');
    expect(moneyEffect('toProcess', 'unprocessedNSF')).toBe('none');
    expect(moneyEffect('readyToSendToOtonom', 'toProcess')).toBe('none');
  });

  it('collects at most once along any path: every collect is followed by at most one reversal', () => {
    const path = fc.array(fc.nat(16), { maxLength: 12 });
    fc.assert(
      fc.property(path, (choices) => {
        let at: OtonomStatus = 'readyToSendToOtonom';
        let held = 0;
        for (const c of choices) {
          const next = nextStatuses(at);
          if (next.length === 0) break;
          const to = next[c % next.length] as OtonomStatus;
          const effect = moneyEffect(at, to);
          if (effect === 'collect') held += 1;
          if (effect === 'return' || effect === 'refund') held -= 1;
          expect(held === 0 || held === 1).toBe(true);
          expect(held === 1).toBe(holdsMoney(to));
          at = to;
        }
      }),
    );
  });
});

describe('return codes', () => {
  it('NSF reasons are processedNSF, the others processedError', () => {
    expect(returnedStatusOf('901')).toBe('processedNSF');
    expect(returnedStatusOf('908')).toBe('processedNSF');
    for (const code of returnCodes.filter((c) => c !== '901' && c !== '908'))
      expect(returnedStatusOf(code)).toBe('processedError');
  });

  it('flags the agreement when it no longer holds', () => {
    expect(agreementFlagOf('917')).toBe('revoked');
    expect(agreementFlagOf('920')).toBe('revoked');
    expect(agreementFlagOf('915')).toBe('revoked');
    expect(agreementFlagOf('905')).toBe('accountClosed');
    expect(agreementFlagOf('901')).toBeNull();
  });
});

describe('statuses set by hand', () => {
  it('never says "sent" for an order no file carried', () => {
    expect(statusesByHand('readyToSendToOtonom')).toEqual([
      'administrativeHold',
      'paid',
      'error',
      'cancelled',
    ]);
    expect(statusesByHand('awaitingValidation')).toContain('toProcess');
    for (const from of otonomStatuses)
      for (const to of statusesByHand(from)) expect(canMove(from, to)).toBe(true);
  });
});
