import {
  billingDaysProblems,
  formatCents,
  parseWholeNumber,
  recurringBillSchema,
  type FieldIssue,
  type Language,
  type RecurringBillInput,
  type RecurringBillView,
} from '@copro/domain';
import { compareText } from '../../../ui/compare';
import { amountAt, chosenAt, prepareWith, type Prepared } from '../../../ui/prepare';

/** A recurring bill as typed (SPEC 3): days as typed, the amount in dollars; no supplier is the building's own. */
export interface RecurringBillValues {
  supplierUuid: string;
  description: string;
  amount: string;
  billingDay: string;
  paymentDay: string;
  categoryUuid: string;
  counterpartUuid: string;
  paymentMethod: string;
  startDate: string;
  endDate: string;
}

export function newRecurringValues(options: {
  supplierUuid: string;
  startDate: string;
  bankUuid: string;
  categoryUuid: string;
}): RecurringBillValues {
  return {
    supplierUuid: options.supplierUuid,
    description: '',
    amount: '',
    billingDay: '',
    paymentDay: '',
    categoryUuid: options.categoryUuid,
    counterpartUuid: options.bankUuid,
    paymentMethod: 'pre-authorized-debit',
    startDate: options.startDate,
    endDate: '',
  };
}

export const recurringValuesOf = (bill: RecurringBillView, language: Language): RecurringBillValues => ({
  supplierUuid: bill.supplierUuid ?? '',
  description: bill.description,
  amount: formatCents(bill.amount, language),
  billingDay: String(bill.billingDay),
  paymentDay: bill.paymentDay === undefined ? '' : String(bill.paymentDay),
  categoryUuid: bill.categoryUuid,
  counterpartUuid: bill.counterpartUuid,
  paymentMethod: bill.paymentMethod,
  startDate: bill.startDate,
  endDate: bill.endDate ?? '',
});

/** A day of the month as typed; an unreadable one is left to the schema, which says what a day is. */
function dayAt(text: string, path: string[], issues: FieldIssue[]): number | string | undefined {
  if (text.trim() === '') {
    issues.push({ path, key: 'validation.required' });
    return undefined;
  }
  return parseWholeNumber(text) ?? text;
}

/**
 * The API's body (recurringBillSchema): a supplier's bill is paid on its payment day, the
 * building's own is debited on its billing day and has none.
 */
export function prepareRecurringBill(values: RecurringBillValues): Prepared<RecurringBillInput> {
  const issues: FieldIssue[] = [];
  const held = values.supplierUuid !== '';
  const amount = amountAt(values.amount, ['amount'], issues);
  const billingDay = dayAt(values.billingDay, ['billingDay'], issues);
  const paymentDay = held ? dayAt(values.paymentDay, ['paymentDay'], issues) : undefined;
  chosenAt(values.categoryUuid, ['categoryUuid'], issues);
  chosenAt(values.counterpartUuid, ['counterpartUuid'], issues);
  chosenAt(values.paymentMethod, ['paymentMethod'], issues);
  if (values.endDate !== '' && values.startDate !== '' && values.endDate < values.startDate)
    issues.push({ path: ['endDate'], key: 'validation.dateTooEarly' });
  return prepareWith(
    recurringBillSchema,
    {
      supplierUuid: held ? values.supplierUuid : undefined,
      description: values.description,
      amount,
      billingDay,
      paymentDay,
      categoryUuid: values.categoryUuid,
      counterpartUuid: values.counterpartUuid,
      paymentMethod: values.paymentMethod,
      startDate: values.startDate,
      endDate: values.endDate,
    },
    issues,
  );
}

/** A holder's list of billing days ('' or null: the building's). */
export function daysOf(
  lists: readonly { supplierUuid: string | null; days: number[] }[],
  supplierUuid: string | null | undefined,
): number[] {
  const holder = supplierUuid || null;
  return lists.find((list) => list.supplierUuid === holder)?.days ?? [];
}

/**
 * SPEC 5: the days a bill uses that its holder's list lacks; saving the bill adds them to the
 * list first, so the user need not go and add them by hand.
 */
export const missingDays = (bill: RecurringBillInput, days: readonly number[]): number[] => [
  ...new Set(
    billingDaysProblems([bill], days).flatMap((issue) =>
      typeof issue.params?.day === 'number' ? [issue.params.day] : [],
    ),
  ),
];

/** A list of days with more days added, in order, each once. */
export const withDays = (days: readonly number[], added: readonly number[]): number[] =>
  [...new Set([...days, ...added])].sort((a, b) => a - b);

export interface Holder {
  /** null: the building itself. */
  supplierUuid: string | null;
  name: string;
  bills: RecurringBillView[];
  days: number[];
}

/**
 * The bills by holder: the building first, then each supplier by name, those with bills or with a
 * list of days; a holder's bills by billing day.
 */
export function holdersOf(
  bills: readonly RecurringBillView[],
  lists: readonly { supplierUuid: string | null; days: number[] }[],
  buildingName: string,
  supplierName: (uuid: string) => string,
): Holder[] {
  const keys = new Set<string | null>([null]);
  for (const bill of bills) keys.add(bill.supplierUuid ?? null);
  for (const list of lists) keys.add(list.supplierUuid);
  return [...keys]
    .map((supplierUuid) => ({
      supplierUuid,
      name:
        supplierUuid === null
          ? buildingName
          : (bills.find((bill) => bill.supplierUuid === supplierUuid)?.supplierName ??
            supplierName(supplierUuid)),
      bills: bills
        .filter((bill) => (bill.supplierUuid ?? null) === supplierUuid)
        .sort((a, b) => a.billingDay - b.billingDay || compareText(a.description, b.description)),
      days: daysOf(lists, supplierUuid),
    }))
    .sort((a, b) =>
      a.supplierUuid === null ? -1 : b.supplierUuid === null ? 1 : compareText(a.name, b.name),
    );
}
