/**
 * SPEC 4 "Payment/otonom status": the lifecycle of one pre-authorized debit (a unit pays the
 * building) or one electronic payment (the building pays a supplier) sent to the payment partner
 * (Otonom) or written to the building's bank as a CPA-005 file (DOMAIN 8).
 *
 * The rule, written out:
 * - Before it is sent: `waitingApproval` (the building's approval rules cover the method) goes to
 *   `readyToSendToOtonom` when approved; `readyToSendToOtonom` is what the next file holds; a
 *   manager may put it on `administrativeHold` and back, settle it outside the partner (`paid`),
 *   or cancel it. A file that could not be delivered leaves it in `error`, from which it is sent
 *   again or cancelled.
 * - Once sent: `toProcess`; the partner may ask for `awaitingValidation`; it answers
 *   `withdrawalDone` when the funds moved, then `completed` when they settled. Refused before any
 *   money moved: `unprocessedError` or `unprocessedNSF` (sent again, settled by hand, or
 *   cancelled). A cancellation asked after sending is `cancelling` until the partner answers
 *   `cancelled` (or `withdrawalDone`: too late).
 * - After the money moved, the bank may still return it: `processedNSF` (not sufficient funds) or
 *   `processedError` (account closed, payment stopped, agreement revoked…); or the building may
 *   give it back: `refunding`, then `refunded` (or back to `completed` when the refund failed).
 * - `cancelled`, `processedNSF`, `processedError`, `refunded` and `paid` are final.
 *
 * Money: the building holds the funds in `withdrawalDone`, `completed`, `refunding` and `paid`.
 * The ledger moves only on a transition that changes whether it holds them: into a holding status
 * the payment is posted (`collect`); out of one it is reversed, as a return (`processedNSF`,
 * `processedError`: the building's returned-payment fee may be charged) or as a refund
 * (`refunded`: no fee). Every other allowed transition moves no money.
 */

export const otonomStatuses = [
  'paid',
  'error',
  'cancelled',
  'waitingApproval',
  'readyToSendToOtonom',
  'toProcess',
  'withdrawalDone',
  'completed',
  'refunded',
  'unprocessedError',
  'unprocessedNSF',
  'processedError',
  'processedNSF',
  'refunding',
  'cancelling',
  'awaitingValidation',
  'administrativeHold',
] as const;
export type OtonomStatus = (typeof otonomStatuses)[number];

const transitions: Record<OtonomStatus, readonly OtonomStatus[]> = {
  waitingApproval: ['readyToSendToOtonom', 'cancelled'],
  readyToSendToOtonom: ['toProcess', 'administrativeHold', 'paid', 'error', 'cancelled'],
  administrativeHold: ['readyToSendToOtonom', 'cancelled'],
  error: ['readyToSendToOtonom', 'cancelled'],
  toProcess: ['awaitingValidation', 'withdrawalDone', 'unprocessedError', 'unprocessedNSF', 'cancelling'],
  awaitingValidation: ['toProcess', 'withdrawalDone', 'unprocessedError', 'unprocessedNSF', 'cancelling'],
  cancelling: ['cancelled', 'withdrawalDone'],
  unprocessedError: ['readyToSendToOtonom', 'paid', 'cancelled'],
  unprocessedNSF: ['readyToSendToOtonom', 'paid', 'cancelled'],
  withdrawalDone: ['completed', 'processedNSF', 'processedError', 'refunding'],
  completed: ['processedNSF', 'processedError', 'refunding'],
  refunding: ['refunded', 'completed'],
  paid: [],
  cancelled: [],
  processedNSF: [],
  processedError: [],
  refunded: [],
};

/** The statuses `from` may move to (none from a final one). */
export const nextStatuses = (from: OtonomStatus): readonly OtonomStatus[] => transitions[from];

export const canMove = (from: OtonomStatus, to: OtonomStatus): boolean => transitions[from].includes(to);

export const finalStatuses: readonly OtonomStatus[] = otonomStatuses.filter(
  (s) => transitions[s].length === 0,
);

/** The building holds the funds (they were taken from the owner, or paid outside the partner). */
export const holdsMoney = (status: OtonomStatus): boolean =>
  status === 'withdrawalDone' || status === 'completed' || status === 'refunding' || status === 'paid';

/** Statuses of a payment the bank returned after the funds moved. */
export const returnedStatuses = ['processedNSF', 'processedError'] as const satisfies readonly OtonomStatus[];
export type ReturnedStatus = (typeof returnedStatuses)[number];
export const isReturned = (status: OtonomStatus): status is ReturnedStatus =>
  (returnedStatuses as readonly OtonomStatus[]).includes(status);

/** Statuses the next file holds, and those still with the partner (its answers are awaited). */
export const toSendStatuses = ['readyToSendToOtonom'] as const satisfies readonly OtonomStatus[];
export const withPartnerStatuses = [
  'toProcess',
  'awaitingValidation',
  'cancelling',
  'withdrawalDone',
  'refunding',
] as const satisfies readonly OtonomStatus[];

/**
 * What a manager may set by hand on payments/otonom: every allowed next status but "sent"
 * (`toProcess`) from one not yet sent, which only sending a file gives — nothing is said to be
 * sent that was not.
 */
export const statusesByHand = (from: OtonomStatus): readonly OtonomStatus[] =>
  transitions[from].filter((to) => !(to === 'toProcess' && notSentStatuses.includes(from)));

/** Statuses of an order not sent yet: a partner's answer or a bank's return cannot be about it. */
export const notSentStatuses: readonly OtonomStatus[] = [
  'waitingApproval',
  'readyToSendToOtonom',
  'administrativeHold',
  'error',
];

/** What a transition does to the ledger. */
export type MoneyEffect = 'none' | 'collect' | 'return' | 'refund';

/**
 * The ledger's move for an allowed transition; throws on a refused one (callers check `canMove`
 * first and answer the user; a throw here is a bug).
 */
export function moneyEffect(from: OtonomStatus, to: OtonomStatus): MoneyEffect {
  if (!canMove(from, to)) throw new Error(`otonom: ${from} cannot move to ${to}`);
  const before = holdsMoney(from);
  const after = holdsMoney(to);
  if (before === after) return 'none';
  if (after) return 'collect';
  return isReturned(to) ? 'return' : 'refund';
}
