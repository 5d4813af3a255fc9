import { cents, type Cents } from '../money';
import { dayInMonth } from '../payables/recurring-schedule';
import type { DebitAmountBasis, PadChannel } from '../schemas/otonom';
import { finalStatuses, holdsMoney, type OtonomStatus } from './statuses';

/**
 * DOMAIN 8: a unit's monthly pre-authorized debit, as of a date.
 *
 * The debit day of month M (`YYYY-MM`) is the unit's payment day in M, clamped to M's last day
 * (31 in February is the 28th, or the 29th in a leap year).
 *
 * The debit of month M is due as of `asOf` when ALL hold:
 * (a) M is the month of `asOf`: only the running month is considered. A month a server missed
 *     entirely is not debited later behind the owner's back (the written notice announced a day
 *     of each month, not a catch-up); it stays unpaid on the unit's account like any fee;
 * (b) asOf ≥ debitDay(M): never before the payment day;
 * (c) debitDay(M) ≥ firstDebitOn: never before the first debit the agreement's written notice
 *     announced (Payments Canada rule H1). Without a notice, nothing is ever due;
 * (d) no debit was created for M yet (whatever became of it: cancelled stays cancelled).
 *
 * Its date is max(debitDay(M), asOf), that is the run's day: on time it is the debit day; a run
 * late in the month (the server was down) dates it the day it is created, because a debit cannot
 * be withdrawn in the past. So a daily run, or any run from the debit day to the month's end,
 * creates exactly one debit for the month, and a second run creates none.
 *
 * Its amount, per the building's setting:
 * - `monthlyFee`: the month's fee of the unit (what its account is billed each month); 0 → none;
 * - `balance`: what the unit owes on `asOf` less the debits already pending (created, not yet
 *   collected, not final), so money in flight is not asked twice; ≤ 0 → none.
 *
 * It waits for approval when the building requires approvals (`numberOfApprovalsRequired` > 0)
 * for the method the channel pays with (`otonom` for the partner, `pre-authorized-debit` for a
 * CPA-005 file); otherwise it is ready to send.
 */

export interface DebitDueInput {
  /** The run's day (the building's today, or the day a run is asked for). */
  asOf: string;
  /** The unit's payment day, 1 to 31. */
  paymentDay: number;
  /** The first debit the written notice announced; null without a notice (nothing is due). */
  firstDebitOn: string | null;
  /** The months (`YYYY-MM`) the unit already has a monthly debit for. */
  alreadyCreatedMonths: ReadonlySet<string>;
}

export interface DebitDue {
  /** `YYYY-MM`. */
  month: string;
  /** The order's due date (see the header). */
  dueDate: string;
}

export interface DebitAmountInput {
  basis: DebitAmountBasis;
  /** The unit's monthly fee (cents). */
  monthlyFee: Cents;
  /** What the unit owes on the run's day (cents, positive when it owes). */
  balance: Cents;
  /** The sum of the unit's debits still pending (see `isPendingDebit`). */
  pendingDebits: Cents;
}

/** The debit day of `month` (`YYYY-MM`): the payment day, clamped to the month's last day. */
export const debitDay = (month: string, paymentDay: number): string =>
  dayInMonth(`${month}-01`, Math.max(1, Math.trunc(paymentDay)));

/** The monthly debit due as of `asOf`, or null (the rule in the header). */
export function monthlyDebitDue(input: DebitDueInput): DebitDue | null {
  const { asOf, paymentDay, firstDebitOn, alreadyCreatedMonths } = input;
  if (firstDebitOn === null) return null;
  const month = asOf.slice(0, 7);
  const day = debitDay(month, paymentDay);
  if (asOf < day || day < firstDebitOn || alreadyCreatedMonths.has(month)) return null;
  // max(debitDay, asOf): asOf, since it is on or after the debit day here.
  return { month, dueDate: asOf };
}

/** The debit's amount, or null when there is nothing to take (the rule in the header). */
export function debitAmount(input: DebitAmountInput): Cents | null {
  const amount = input.basis === 'monthlyFee' ? input.monthlyFee : input.balance - input.pendingDebits;
  return amount > 0 ? cents(amount) : null;
}

/** A debit created and not yet collected nor final: its money may still come in. */
export const isPendingDebit = (status: OtonomStatus): boolean =>
  !holdsMoney(status) && !finalStatuses.includes(status);

/** The payment method a channel's debits are posted with, and that approval rules name. */
export const debitPaymentMethod = (channel: PadChannel): 'otonom' | 'pre-authorized-debit' =>
  channel === 'otonom' ? 'otonom' : 'pre-authorized-debit';

export interface DebitApprovalSettings {
  numberOfApprovalsRequired: number;
  paymentMethodsRequiringApproval: readonly string[];
}

/** Whether a new debit of the channel waits for approval (the rule in the header). */
export const debitNeedsApproval = (settings: DebitApprovalSettings, channel: PadChannel): boolean =>
  settings.numberOfApprovalsRequired > 0 &&
  settings.paymentMethodsRequiringApproval.includes(debitPaymentMethod(channel));

/** The status a new debit starts in. */
export const newDebitStatus = (
  settings: DebitApprovalSettings,
  channel: PadChannel,
): 'waitingApproval' | 'readyToSendToOtonom' =>
  debitNeedsApproval(settings, channel) ? 'waitingApproval' : 'readyToSendToOtonom';
