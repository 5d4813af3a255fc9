import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents } from '../money';
import { daysInMonth } from '../payables/recurring-schedule';
import { addDays } from '../time';
import {
  debitAmount,
  debitDay,
  debitNeedsApproval,
  isPendingDebit,
  monthlyDebitDue,
  newDebitStatus,
  type DebitDueInput,
} from './debit-rules';
import { finalStatuses, holdsMoney, otonomStatuses } from './statuses';

const none: ReadonlySet<string> = new Set();
const due = (partial: Partial<DebitDueInput> & Pick<DebitDueInput, 'asOf'>) =>
  monthlyDebitDue({ paymentDay: 15, firstDebitOn: '2026-01-01', alreadyCreatedMonths: none, ...partial });

/** Any date from 2020 to 2035. */
const dateArb = fc
  .integer({ min: Date.UTC(2020, 0, 1) / 86_400_000, max: Date.UTC(2035, 11, 31) / 86_400_000 })
  .map((day) => new Date(day * 86_400_000).toISOString().slice(0, 10));
const paymentDayArb = fc.integer({ min: 1, max: 31 });

describe('debit day', () => {
  it('is the payment day, clamped to the month’s last day', () => {
    expect(debitDay('2026-03', 15)).toBe('2026-03-15');
    expect(debitDay('2026-02', 31)).toBe('2026-02-28');
    expect(debitDay('2028-02', 31)).toBe('2028-02-29');
    expect(debitDay('2026-04', 31)).toBe('2026-04-30');
    expect(debitDay('2026-12', 31)).toBe('2026-12-31');
    expect(debitDay('2026-01', 1)).toBe('2026-01-01');
  });

  it('always falls in its month, on the payment day or the month’s last day', () => {
    fc.assert(
      fc.property(dateArb, paymentDayArb, (date, paymentDay) => {
        const month = date.slice(0, 7);
        const day = debitDay(month, paymentDay);
        expect(day.slice(0, 7)).toBe(month);
        expect(Number(day.slice(8))).toBe(Math.min(paymentDay, daysInMonth(`${month}-01`)));
      }),
    );
  });
});

describe('monthly debit due', () => {
  it('is due from the debit day to the month’s end, dated the run’s day', () => {
    expect(due({ asOf: '2026-03-14' })).toBeNull();
    expect(due({ asOf: '2026-03-15' })).toEqual({ month: '2026-03', dueDate: '2026-03-15' });
    expect(due({ asOf: '2026-03-31' })).toEqual({ month: '2026-03', dueDate: '2026-03-31' });
  });

  it('is due on the 28th of February for payment day 31', () => {
    expect(due({ asOf: '2026-02-27', paymentDay: 31 })).toBeNull();
    expect(due({ asOf: '2026-02-28', paymentDay: 31 })).toEqual({ month: '2026-02', dueDate: '2026-02-28' });
  });

  it('never comes before the first debit the notice announced, nor without a notice', () => {
    expect(due({ asOf: '2026-03-20', firstDebitOn: '2026-03-16' })).toBeNull();
    expect(due({ asOf: '2026-04-15', firstDebitOn: '2026-03-16' })?.month).toBe('2026-04');
    expect(due({ asOf: '2026-03-20', firstDebitOn: '2026-03-15' })?.month).toBe('2026-03');
    expect(due({ asOf: '2026-03-20', firstDebitOn: null })).toBeNull();
  });

  it('is due once per month', () => {
    expect(due({ asOf: '2026-03-20', alreadyCreatedMonths: new Set(['2026-03']) })).toBeNull();
    expect(due({ asOf: '2026-04-20', alreadyCreatedMonths: new Set(['2026-03']) })?.month).toBe('2026-04');
  });

  it('a month missed entirely is not debited later', () => {
    expect(due({ asOf: '2026-04-10' })).toBeNull();
  });

  it('is never dated before its debit day, the notice’s first debit or the run', () => {
    fc.assert(
      fc.property(dateArb, paymentDayArb, dateArb, (asOf, paymentDay, firstDebitOn) => {
        const found = monthlyDebitDue({ asOf, paymentDay, firstDebitOn, alreadyCreatedMonths: none });
        if (!found) return;
        expect(found.month).toBe(asOf.slice(0, 7));
        expect(found.dueDate >= debitDay(found.month, paymentDay)).toBe(true);
        expect(found.dueDate >= firstDebitOn).toBe(true);
        expect(found.dueDate >= asOf).toBe(true);
        expect(found.dueDate.slice(0, 7)).toBe(found.month);
      }),
    );
  });

  it('daily runs over a month create exactly one debit, on the debit day, when the notice allows it', () => {
    fc.assert(
      fc.property(dateArb, paymentDayArb, dateArb, (someDay, paymentDay, firstDebitOn) => {
        const month = someDay.slice(0, 7);
        const created = new Set<string>();
        const dates: string[] = [];
        for (let day = `${month}-01`; day.slice(0, 7) === month; day = addDays(day, 1)) {
          const found = monthlyDebitDue({
            asOf: day,
            paymentDay,
            firstDebitOn,
            alreadyCreatedMonths: created,
          });
          if (found) {
            created.add(found.month);
            dates.push(found.dueDate);
          }
        }
        const expected = debitDay(month, paymentDay) >= firstDebitOn ? [debitDay(month, paymentDay)] : [];
        expect(dates).toEqual(expected);
      }),
    );
  });

  it('a late run creates what a daily run would have (once), dated the late day', () => {
    fc.assert(
      fc.property(dateArb, paymentDayArb, (asOf, paymentDay) => {
        const month = asOf.slice(0, 7);
        const found = monthlyDebitDue({
          asOf,
          paymentDay,
          firstDebitOn: '2000-01-01',
          alreadyCreatedMonths: none,
        });
        expect(found !== null).toBe(asOf >= debitDay(month, paymentDay));
        if (found) {
          expect(found.dueDate).toBe(asOf);
          expect(
            monthlyDebitDue({
              asOf,
              paymentDay,
              firstDebitOn: '2000-01-01',
              alreadyCreatedMonths: new Set([month]),
            }),
          ).toBeNull();
        }
      }),
    );
  });
});

describe('debit amount', () => {
  it('takes the monthly fee, or nothing when there is none', () => {
    const fee = { basis: 'monthlyFee' as const, balance: cents(99_999), pendingDebits: cents(0) };
    expect(debitAmount({ ...fee, monthlyFee: cents(45_000) })).toBe(45_000);
    expect(debitAmount({ ...fee, monthlyFee: cents(0) })).toBeNull();
  });

  it('takes the balance less the debits pending, or nothing when it is covered', () => {
    const balance = { basis: 'balance' as const, monthlyFee: cents(45_000) };
    expect(debitAmount({ ...balance, balance: cents(90_000), pendingDebits: cents(0) })).toBe(90_000);
    expect(debitAmount({ ...balance, balance: cents(90_000), pendingDebits: cents(45_000) })).toBe(45_000);
    expect(debitAmount({ ...balance, balance: cents(45_000), pendingDebits: cents(45_000) })).toBeNull();
    expect(debitAmount({ ...balance, balance: cents(-1_000), pendingDebits: cents(0) })).toBeNull();
  });

  it('is positive, and on the balance never more than what is owed and not in flight', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('monthlyFee' as const, 'balance' as const),
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (basis, fee, balance, pending) => {
          const amount = debitAmount({
            basis,
            monthlyFee: cents(fee),
            balance: cents(balance),
            pendingDebits: cents(pending),
          });
          if (amount === null) return;
          expect(amount).toBeGreaterThan(0);
          expect(Number.isInteger(amount)).toBe(true);
          if (basis === 'balance') expect(amount + pending).toBeLessThanOrEqual(balance);
          else expect(amount).toBe(fee);
        },
      ),
    );
  });
});

describe('pending debits and approval', () => {
  it('a debit is pending when neither collected nor final', () => {
    for (const status of otonomStatuses) {
      expect(isPendingDebit(status)).toBe(!holdsMoney(status) && !finalStatuses.includes(status));
    }
    expect(isPendingDebit('readyToSendToOtonom')).toBe(true);
    expect(isPendingDebit('toProcess')).toBe(true);
    expect(isPendingDebit('withdrawalDone')).toBe(false);
    expect(isPendingDebit('cancelled')).toBe(false);
  });

  it('waits for approval when the building requires it for the channel’s method', () => {
    const otonomNeedsTwo = { numberOfApprovalsRequired: 2, paymentMethodsRequiringApproval: ['otonom'] };
    expect(debitNeedsApproval(otonomNeedsTwo, 'otonom')).toBe(true);
    expect(debitNeedsApproval(otonomNeedsTwo, 'cpa005')).toBe(false);
    expect(
      newDebitStatus(
        { numberOfApprovalsRequired: 1, paymentMethodsRequiringApproval: ['pre-authorized-debit'] },
        'cpa005',
      ),
    ).toBe('waitingApproval');
    expect(
      newDebitStatus({ numberOfApprovalsRequired: 0, paymentMethodsRequiringApproval: ['otonom'] }, 'otonom'),
    ).toBe('readyToSendToOtonom');
  });
});
