import {
  unitPaymentMethods,
  unitPaymentSchema,
  type BankView,
  type FieldIssue,
  type UnitPaymentInput,
} from '@copro/domain';
import { compareText } from '../../../ui/compare';
import { amountAt, prepareWith, type Prepared } from '../../../ui/prepare';

export type UnitPaymentMethod = (typeof unitPaymentMethods)[number];

export const isUnitPaymentMethod = (value: string): value is UnitPaymentMethod =>
  (unitPaymentMethods as readonly string[]).includes(value);

/** A check waits for its deposit (payments/checks), whose bank it reaches; every other method names its bank now. */
export const paymentNeedsBank = (method: UnitPaymentMethod): boolean => method !== 'check';

/** The payment form as typed. */
export interface PaymentValues {
  paymentMethod: UnitPaymentMethod;
  date: string;
  amount: string;
  bankUuid: string;
  checkNumber: string;
  description: string;
  notes: string;
}

export function newPaymentValues(date: string, method: UnitPaymentMethod, bankUuid: string): PaymentValues {
  return { paymentMethod: method, date, amount: '', bankUuid, checkNumber: '', description: '', notes: '' };
}

/** The banks a payment may reach: those still in use, by name. */
export const activeBanks = (banks: readonly BankView[]): BankView[] =>
  banks.filter((bank) => !bank.archived).sort((a, b) => compareText(a.name, b.name));

/** The building's default bank when it is still in use, else the first by name, else none. */
export function defaultBankUuid(banks: readonly BankView[], defaultBankAccountAID: string | null): string {
  const usable = activeBanks(banks);
  const chosen = usable.find((bank) => String(bank.aid) === defaultBankAccountAID) ?? usable[0];
  return chosen?.uuid ?? '';
}

/** The API's body: a check carries its number and no bank, the other methods a bank and no number. */
export function preparePayment(unitUuid: string, values: PaymentValues): Prepared<UnitPaymentInput> {
  const own: FieldIssue[] = [];
  const amount = amountAt(values.amount, ['amount'], own);
  const needsBank = paymentNeedsBank(values.paymentMethod);
  return prepareWith(
    unitPaymentSchema,
    {
      unitUuid,
      date: values.date,
      amount,
      paymentMethod: values.paymentMethod,
      bankUuid: needsBank ? values.bankUuid : undefined,
      checkNumber: needsBank ? undefined : values.checkNumber,
      description: values.description,
      notes: values.notes,
    },
    [
      ...own,
      // Said here too: the schema checks them only once the rest of the body is valid.
      ...(needsBank && values.bankUuid === '' ? [{ path: ['bankUuid'], key: 'validation.required' }] : []),
      ...(!needsBank && values.checkNumber.trim() === ''
        ? [{ path: ['checkNumber'], key: 'validation.required' }]
        : []),
    ],
  );
}
