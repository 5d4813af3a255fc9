import {
  canMove,
  isReturned,
  moneyEffect,
  statusesByHand,
  orderStatusChangeSchema,
  type FieldIssue,
  type OrderStatusChange,
  type OtonomStatus,
  type PadOrderView,
  type ReturnCode,
} from '@copro/domain';
import { prepareWith, type Prepared } from '../../ui/prepare';

type Order = Pick<PadOrderView, 'status' | 'direction'>;

/** The "Change status" dialog as typed: '' for nothing chosen yet. */
export interface StatusChangeValues {
  status: OtonomStatus | '';
  returnCode: ReturnCode | '';
  /** The day it happened (a return's date), YYYY-MM-DD. */
  date: string;
  chargeFee: boolean;
  emailOwner: boolean;
  note: string;
}

export const statusChangeStart = (today: string): StatusChangeValues => ({
  status: '',
  returnCode: '',
  date: today,
  chargeFee: true,
  emailOwner: true,
  note: '',
});

/** The statuses the dialog offers: only those the lifecycle allows from the order's (SPEC 4). */
export const statusChoices = (order: Order): readonly OtonomStatus[] => statusesByHand(order.status);

/** A return of the bank says why (`processedNSF`, `processedError`). */
export const needsReturnCode = (status: OtonomStatus | ''): boolean => status !== '' && isReturned(status);

/**
 * What a move asks beyond its date: a unit's debit returned by the bank may cost the owner the
 * building's fee, and its owners may be told; a refund gives the money back without a fee. A
 * supplier's payment moves no unit's money here, so neither is asked.
 */
export function returnOptions(order: Order, to: OtonomStatus | ''): { fee: boolean; email: boolean } {
  if (order.direction !== 'debit' || to === '' || !canMove(order.status, to))
    return { fee: false, email: false };
  const effect = moneyEffect(order.status, to);
  return { fee: effect === 'return', email: effect === 'return' || effect === 'refund' };
}

/** The body of POST …/orders/:uuid/status, or what to correct. */
export function prepareStatusChange(order: Order, values: StatusChangeValues): Prepared<OrderStatusChange> {
  const issues: FieldIssue[] = [];
  const to = values.status;
  if (to === '') issues.push({ path: ['status'], key: 'validation.required' });
  else if (!canMove(order.status, to))
    issues.push({
      path: ['status'],
      key: 'otonom.validation.transitionRefused',
      params: { from: order.status, to },
    });
  const returned = needsReturnCode(to);
  if (returned && values.returnCode === '')
    issues.push({ path: ['returnCode'], key: 'otonom.validation.returnCodeRequired' });
  const options = returnOptions(order, to);
  return prepareWith(
    orderStatusChangeSchema,
    {
      status: to,
      // Only a return carries a reason; a code left from a return first chosen goes no further.
      returnCode: returned ? values.returnCode : undefined,
      date: values.date,
      chargeFee: options.fee && values.chargeFee,
      emailOwner: options.email && values.emailOwner,
      note: values.note,
    },
    issues,
  );
}
