import { describe, expect, it } from 'vitest';
import { cents, type RecurringBillView } from '@copro/domain';
import {
  daysOf,
  holdersOf,
  missingDays,
  newRecurringValues,
  prepareRecurringBill,
  recurringValuesOf,
  withDays,
  type RecurringBillValues,
} from './recurring-values';

const supplier = '0b8f5d2c-3f4e-4a3b-9c1d-2e5f6a7b8c9d';
const other = '4f2b9b6a-7d8c-4e7f-9a5b-6c9d0e1f2a3b';
const category = '1c9e6e3d-4a5f-4b4c-8d2e-3f6a7b8c9d0e';
const bank = '2d0f7f4e-5b6a-4c5d-9e3f-4a7b8c9d0e1f';

const filled = (over: Partial<RecurringBillValues> = {}): RecurringBillValues => ({
  ...newRecurringValues({
    supplierUuid: '',
    startDate: '2026-01-01',
    bankUuid: bank,
    categoryUuid: category,
  }),
  description: ' Hydro-Québec ',
  amount: '245,60',
  billingDay: '15',
  ...over,
});

const keysOf = (issues: { path: (string | number)[]; key: string }[]) =>
  issues.map((issue) => `${issue.path.join('.')} ${issue.key}`);

const bill = (over: Partial<RecurringBillView>): RecurringBillView => ({
  uuid: 'b',
  description: 'Bill',
  amount: cents(1_000),
  billingDay: 1,
  categoryUuid: category,
  counterpartUuid: bank,
  paymentMethod: 'pre-authorized-debit',
  startDate: '2026-01-01',
  supplierName: null,
  categoryName: 'Électricité',
  counterpartName: 'Caisse',
  lastPostedMonth: null,
  archived: false,
  createdAt: '2026-01-01T00:00:00Z',
  ...over,
});

describe('prepareRecurringBill', () => {
  it('sends a building’s bill without a supplier or a payment day', () => {
    expect(prepareRecurringBill(filled({ paymentDay: '20' }))).toEqual({
      issues: [],
      input: {
        description: 'Hydro-Québec',
        amount: 24_560,
        billingDay: 15,
        categoryUuid: category,
        counterpartUuid: bank,
        paymentMethod: 'pre-authorized-debit',
        startDate: '2026-01-01',
      },
    });
  });

  it('needs a payment day for a supplier’s bill', () => {
    expect(keysOf(prepareRecurringBill(filled({ supplierUuid: supplier })).issues)).toEqual([
      'paymentDay validation.required',
    ]);
    expect(
      prepareRecurringBill(filled({ supplierUuid: supplier, paymentDay: '20', endDate: '2026-12-31' })).input,
    ).toMatchObject({
      supplierUuid: supplier,
      billingDay: 15,
      paymentDay: 20,
      endDate: '2026-12-31',
    });
  });

  it('names what to correct', () => {
    expect(
      keysOf(
        prepareRecurringBill(
          filled({
            amount: '',
            billingDay: '',
            categoryUuid: '',
            counterpartUuid: '',
            endDate: '2025-12-31',
          }),
        ).issues,
      ),
    ).toEqual([
      'amount validation.required',
      'billingDay validation.required',
      'categoryUuid validation.required',
      'counterpartUuid validation.required',
      'endDate validation.dateTooEarly',
    ]);
    expect(keysOf(prepareRecurringBill(filled({ billingDay: '32' })).issues)).toEqual([
      'billingDay validation.numberTooLarge',
    ]);
  });

  it('puts a saved bill back in the form as it was typed', () => {
    const saved = bill({ supplierUuid: supplier, paymentDay: 20, amount: cents(24_560), billingDay: 15 });
    const values = recurringValuesOf(saved, 'fr');
    expect(values).toMatchObject({
      supplierUuid: supplier,
      amount: '245,60',
      billingDay: '15',
      paymentDay: '20',
      endDate: '',
    });
    expect(prepareRecurringBill(values).issues).toEqual([]);
  });
});

describe('billing days (SPEC 5)', () => {
  const lists = [
    { supplierUuid: null, days: [1] },
    { supplierUuid: supplier, days: [5, 20] },
  ];

  it('are each holder’s own list', () => {
    expect(daysOf(lists, '')).toEqual([1]);
    expect(daysOf(lists, supplier)).toEqual([5, 20]);
    expect(daysOf(lists, other)).toEqual([]);
  });

  it('lack the days a bill uses and its holder does not list: these are added when it is saved', () => {
    const input = prepareRecurringBill(
      filled({ supplierUuid: supplier, billingDay: '15', paymentDay: '20' }),
    ).input;
    expect(input && missingDays(input, daysOf(lists, supplier))).toEqual([15]);
    const same = prepareRecurringBill(
      filled({ supplierUuid: supplier, billingDay: '15', paymentDay: '15' }),
    ).input;
    expect(same && missingDays(same, [])).toEqual([15]);
    expect(withDays([20, 5], [15, 5])).toEqual([5, 15, 20]);
  });
});

describe('holders', () => {
  it('list the building first, then the suppliers by name, each bill by billing day', () => {
    const holders = holdersOf(
      [
        bill({
          uuid: 'x',
          supplierUuid: supplier,
          supplierName: 'Vidéotron',
          billingDay: 20,
          paymentDay: 25,
        }),
        bill({ uuid: 'y', billingDay: 15 }),
        bill({ uuid: 'z', billingDay: 3 }),
      ],
      [{ supplierUuid: other, days: [1] }],
      'The building',
      (uuid) => (uuid === other ? 'Bell' : '?'),
    );
    expect(holders.map((h) => [h.name, h.bills.map((b) => b.uuid), h.days])).toEqual([
      ['The building', ['z', 'y'], []],
      ['Bell', [], [1]],
      ['Vidéotron', ['x'], []],
    ]);
  });
});
