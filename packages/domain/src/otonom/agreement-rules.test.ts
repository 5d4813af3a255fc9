import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysInMonth } from '../payables/recurring-schedule';
import { addDays, monthOf } from '../time';
import {
  automaticPaymentMissing,
  firstDebitDate,
  nextPaymentDate,
  type AutomaticPaymentFacts,
} from './agreement-rules';

const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
const daysBetween = (from: string, to: string): number => dayNumber(to) - dayNumber(from);

/** Any date from 1990 to 2150. */
const isoDate = fc
  .integer({ min: dayNumber('1990-01-01'), max: dayNumber('2150-12-31') })
  .map((day) => new Date(day * 86_400_000).toISOString().slice(0, 10));
const paymentDay = fc.integer({ min: 1, max: 31 });

describe('the first debit after the written notice (Rule H1)', () => {
  it('is at least 10 days after the notice, at most 10 + 31, on the payment day clamped to the month', () => {
    fc.assert(
      fc.property(isoDate, paymentDay, (notice, day) => {
        const first = firstDebitDate(notice, day);
        const gap = daysBetween(notice, first);
        expect(gap).toBeGreaterThanOrEqual(10);
        expect(gap).toBeLessThanOrEqual(10 + 31);
        expect(Number(first.slice(8, 10))).toBe(Math.min(day, daysInMonth(monthOf(first))));
      }),
    );
  });

  it('is the earliest such date: no payment day falls between notice + 10 and it', () => {
    fc.assert(
      fc.property(isoDate, paymentDay, (notice, day) => {
        const first = firstDebitDate(notice, day);
        for (let d = addDays(notice, 10); d < first; d = addDays(d, 1)) {
          expect(Number(d.slice(8, 10))).not.toBe(Math.min(day, daysInMonth(monthOf(d))));
        }
      }),
    );
  });

  it('takes the payment day of the same month when it is far enough, else the next one', () => {
    expect(firstDebitDate('2026-11-25', 15)).toBe('2026-12-15');
    expect(firstDebitDate('2026-11-25', 5)).toBe('2026-12-05');
    expect(firstDebitDate('2026-11-26', 5)).toBe('2027-01-05');
    // Exactly 10 days later is allowed.
    expect(firstDebitDate('2026-11-05', 15)).toBe('2026-11-15');
    expect(firstDebitDate('2026-11-06', 15)).toBe('2026-12-15');
    // A payment day past the month's end is its last day, February of a leap year included.
    expect(firstDebitDate('2028-02-10', 31)).toBe('2028-02-29');
    expect(firstDebitDate('2027-02-10', 30)).toBe('2027-02-28');
    expect(firstDebitDate('2026-03-25', 31)).toBe('2026-04-30');
    expect(nextPaymentDate('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('what automatic payment needs', () => {
  const ready: AutomaticPaymentFacts = {
    hasBankDetails: true,
    signed: true,
    flag: null,
    paymentDay: 1,
    ownerEmails: 1,
    sendsEmails: true,
    signedOn: '2026-11-20',
    ownersSince: '2015-03-01',
  };
  const keys = (facts: Partial<AutomaticPaymentFacts>) =>
    automaticPaymentMissing({ ...ready, ...facts }).map((issue) => issue.key);

  it('needs nothing more when everything is there', () => {
    expect(automaticPaymentMissing(ready)).toEqual([]);
  });

  it('names each thing missing, in order', () => {
    expect(keys({ hasBankDetails: false, signed: false, paymentDay: null, ownerEmails: 0 })).toEqual([
      'otonom.validation.missingBankDetails',
      'otonom.validation.missingAgreement',
      'otonom.validation.noPaymentDay',
      'otonom.validation.noOwnerEmail',
    ]);
    // A building that sends no emails cannot send the notice, whoever has an address.
    expect(keys({ sendsEmails: false, ownerEmails: 0 })).toEqual(['padAgreement.validation.noEmails']);
    expect(keys({ flag: 'revoked' })).toEqual(['otonom.validation.agreementRevoked']);
    expect(keys({ flag: 'accountClosed' })).toEqual(['otonom.validation.agreementAccountClosed']);
    // Signed before a sale: the new owners sign their own.
    expect(keys({ ownersSince: '2026-11-21' })).toEqual(['otonom.validation.agreementOfFormerOwners']);
    expect(keys({ ownersSince: '2026-11-20' })).toEqual([]);
  });

  it('is never ready while any one fact is missing', () => {
    fc.assert(
      fc.property(
        fc.record({
          hasBankDetails: fc.boolean(),
          signed: fc.boolean(),
          flag: fc.constantFrom(null, 'revoked' as const, 'accountClosed' as const),
          paymentDay: fc.option(paymentDay, { nil: null }),
          ownerEmails: fc.nat(3),
          sendsEmails: fc.boolean(),
          signedOn: fc.constant('2026-11-20'),
          ownersSince: fc.constantFrom(null, '2020-01-01', '2026-11-20', '2026-11-21'),
        }),
        (facts) => {
          const ok =
            facts.hasBankDetails &&
            facts.signed &&
            facts.flag === null &&
            facts.paymentDay !== null &&
            facts.ownerEmails > 0 &&
            facts.sendsEmails &&
            (facts.ownersSince === null || facts.ownersSince <= facts.signedOn);
          expect(automaticPaymentMissing(facts).length === 0).toBe(ok);
        },
      ),
    );
  });
});
