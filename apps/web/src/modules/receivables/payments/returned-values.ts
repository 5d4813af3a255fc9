import {
  formatCents,
  returnedCheckSchema,
  returnedElectronicPaymentSchema,
  type DepositItemView,
  type DepositView,
  type FieldIssue,
  type Language,
  type ReturnedCheckInput,
  type ReturnedElectronicPaymentInput,
  type WireTransferView,
} from '@copro/domain';
import { amountAt, chosenAt, prepareWith, type Prepared } from '../../../ui/prepare';

/** The returned-check (NSF) dialog as typed. */
export interface ReturnedCheckValues {
  bankUuid: string;
  unitUuid: string;
  amount: string;
  checkNumber: string;
  date: string;
  checkUuid: string;
  chargeFee: boolean;
  emailOwner: boolean;
}

/** The dialog opened on a deposited check: its deposit's bank, its unit, amount and number, dated today. */
export const returnedCheckStart = (
  deposit: Pick<DepositView, 'bankUuid'>,
  item: DepositItemView,
  today: string,
  language: Language,
): ReturnedCheckValues => ({
  bankUuid: deposit.bankUuid,
  unitUuid: item.unitUuid,
  amount: formatCents(item.amount, language),
  checkNumber: item.checkNumber ?? '',
  date: today,
  checkUuid: item.checkUuid ?? '',
  chargeFee: true,
  emailOwner: true,
});

export function prepareReturnedCheck(values: ReturnedCheckValues): Prepared<ReturnedCheckInput> {
  const issues: FieldIssue[] = [];
  chosenAt(values.bankUuid, ['bankUuid'], issues);
  chosenAt(values.unitUuid, ['unitUuid'], issues);
  const amount = amountAt(values.amount, ['amount'], issues);
  return prepareWith(returnedCheckSchema, { ...values, amount }, issues);
}

/** A deposit item can be returned when it is a check not returned yet. */
export const canReturn = (item: DepositItemView): boolean => item.kind === 'check' && !item.returned;

/** The returned electronic payment dialog as typed. */
export interface ReturnedPaymentValues {
  bankUuid: string;
  unitUuid: string;
  amount: string;
  date: string;
  transactionUuid: string;
  emailOwner: boolean;
}

export const returnedPaymentStart = (
  transfer: WireTransferView,
  today: string,
  language: Language,
): ReturnedPaymentValues => ({
  bankUuid: transfer.bankUuid,
  unitUuid: transfer.unitUuid,
  amount: formatCents(transfer.amount, language),
  date: today,
  transactionUuid: transfer.transactionUuid,
  emailOwner: true,
});

export function prepareReturnedPayment(
  values: ReturnedPaymentValues,
): Prepared<ReturnedElectronicPaymentInput> {
  const issues: FieldIssue[] = [];
  chosenAt(values.bankUuid, ['bankUuid'], issues);
  chosenAt(values.unitUuid, ['unitUuid'], issues);
  const amount = amountAt(values.amount, ['amount'], issues);
  return prepareWith(returnedElectronicPaymentSchema, { ...values, amount }, issues);
}
