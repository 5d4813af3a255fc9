import { describe, expect, it } from 'vitest';
import { cents, type CheckView, type DepositView } from '@copro/domain';
import {
  blankCash,
  blankNewCheck,
  depositItemRows,
  depositQuery,
  depositTotals,
  ineligibleReason,
  newDepositValues,
  periodProblem,
  pickableChecks,
  prepareDeposit,
  withoutBlankLines,
  type DepositValues,
} from './deposit-values';

const unit = '0b8f5d2c-3f4e-4a3b-9c1d-2e5f6a7b8c9d';
const bank = '1c9a6e3d-4a5f-4b4c-8d2e-3f6a7b8c9d0e';
const uuid = (n: number) => `2d0b7f4e-5b6a-4c5d-9e3f-4a7b8c9d0e${String(n).padStart(2, '0')}`;

const check = (n: number, over: Partial<CheckView> = {}): CheckView => ({
  uuid: uuid(n),
  fiscalYear: '2026-01-01',
  unitUuid: unit,
  unitNumber: String(100 + n),
  number: String(n),
  amount: cents(10000 * n),
  date: '2026-03-01',
  notes: '',
  status: 'recorded',
  depositUuid: null,
  depositNumber: null,
  createdAt: '2026-03-01T12:00:00Z',
  ...over,
});

const checks = [
  check(1),
  check(2, { date: '2026-06-01' }),
  check(3, { status: 'deposited' }),
  check(4, { date: '2026-02-01' }),
];
const base: DepositValues = newDepositValues('2026-03-15', bank, 'Dépôt de chèques');

describe('ineligibleReason', () => {
  it('takes a recorded check dated on or before the deposit', () => {
    expect(ineligibleReason(check(1), '2026-03-01')).toBeNull();
    expect(ineligibleReason(check(1), '2026-03-15')).toBeNull();
  });

  it('keeps a post-dated check for later, and a deposited one out', () => {
    expect(ineligibleReason(check(1), '2026-02-28')).toBe('postDated');
    expect(ineligibleReason(check(1, { status: 'deposited' }), '2026-03-15')).toBe('notRecorded');
  });
});

describe('pickableChecks', () => {
  it('lists the recorded checks, those that can go now first, each group by date', () => {
    expect(pickableChecks(checks, '2026-03-15').map((c) => c.number)).toEqual(['4', '1', '2']);
  });
});

describe('depositTotals', () => {
  it('adds the picked checks, the new checks and the cash it can read', () => {
    const values: DepositValues = {
      ...base,
      checkUuids: [uuid(1), uuid(4)],
      newChecks: [{ ...blankNewCheck('2026-03-15'), amount: '12,50' }, blankNewCheck('2026-03-15')],
      cash: [
        { unitUuid: unit, amount: '100' },
        { unitUuid: unit, amount: 'abc' },
      ],
    };
    expect(depositTotals(values, checks)).toEqual({
      checks: 50000,
      newChecks: 1250,
      cash: 10000,
      total: 61250,
      count: 5,
    });
  });
});

describe('withoutBlankLines', () => {
  it('drops lines added and left empty, whatever their date', () => {
    const values = {
      ...base,
      newChecks: [blankNewCheck('2026-03-15')],
      cash: [blankCash(), { unitUuid: unit, amount: '' }],
    };
    expect(withoutBlankLines(values)).toEqual({
      ...base,
      newChecks: [],
      cash: [{ unitUuid: unit, amount: '' }],
    });
    expect(withoutBlankLines(base)).toBe(base);
  });
});

describe('prepareDeposit', () => {
  it('sends the picked checks, new checks and cash in cents', () => {
    const values: DepositValues = {
      ...base,
      number: '12',
      checkUuids: [uuid(1)],
      newChecks: [{ unitUuid: unit, number: 'A-7', amount: '250', date: '2026-03-10' }],
      cash: [{ unitUuid: unit, amount: '40,25' }],
    };
    expect(prepareDeposit(values, checks)).toEqual({
      issues: [],
      input: {
        description: 'Dépôt de chèques',
        number: '12',
        date: '2026-03-15',
        bankUuid: bank,
        checkUuids: [uuid(1)],
        newChecks: [{ unitUuid: unit, number: 'A-7', amount: 25000, date: '2026-03-10' }],
        cash: [{ unitUuid: unit, amount: 4025 }],
      },
    });
  });

  it('refuses an empty deposit', () => {
    expect(prepareDeposit(base, checks).issues.map((i) => `${i.path.join('.')} ${i.key}`)).toEqual([
      'checkUuids validation.depositEmpty',
    ]);
  });

  it('refuses a picked check dated after the deposit, and names each line to correct', () => {
    const values: DepositValues = {
      ...base,
      bankUuid: '',
      checkUuids: [uuid(2)],
      newChecks: [{ unitUuid: unit, number: '8', amount: '10', date: '2026-03-16' }],
      cash: [{ unitUuid: '', amount: '0' }],
    };
    const { input, issues } = prepareDeposit(values, checks);
    expect(input).toBeNull();
    expect(issues.map((i) => `${i.path.join('.')} ${i.key}`)).toEqual([
      'bankUuid validation.required',
      'checkUuids payments.deposit.postDatedPicked',
      'newChecks.0.date payments.deposit.newCheckPostDated',
      'cash.0.unitUuid validation.required',
      'cash.0.amount validation.mustBePositive',
    ]);
  });
});

describe('depositItemRows', () => {
  it('lists checks by unit as people count, then cash', () => {
    const deposit = {
      items: [
        {
          kind: 'cash',
          unitUuid: unit,
          unitNumber: '2',
          checkUuid: null,
          checkNumber: null,
          amount: 1,
          returned: false,
        },
        {
          kind: 'check',
          unitUuid: unit,
          unitNumber: '10',
          checkUuid: 'x',
          checkNumber: '5',
          amount: 1,
          returned: false,
        },
        {
          kind: 'check',
          unitUuid: unit,
          unitNumber: '9',
          checkUuid: 'y',
          checkNumber: '7',
          amount: 1,
          returned: true,
        },
      ],
    } as DepositView;
    expect(depositItemRows(deposit).map((item) => `${item.kind} ${item.unitNumber}`)).toEqual([
      'check 9',
      'check 10',
      'cash 2',
    ]);
  });
});

describe('depositQuery and periodProblem', () => {
  it('asks only for the filters set', () => {
    expect(depositQuery({ bankUuid: '', from: '2026-01-01', to: '' })).toBe('from=2026-01-01');
    expect(depositQuery({ bankUuid: bank, from: '', to: '2026-02-01' }, { format: 'csv' })).toBe(
      `format=csv&bankUuid=${bank}&to=2026-02-01`,
    );
  });

  it('refuses a period that ends before it starts', () => {
    expect(periodProblem('2026-02-01', '2026-01-31')).toBe('validation.dateTooEarly');
    expect(periodProblem('2026-02-01', '2026-02-01')).toBeNull();
    expect(periodProblem('', '2026-01-31')).toBeNull();
  });
});
