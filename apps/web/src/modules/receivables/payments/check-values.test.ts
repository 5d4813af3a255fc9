import { describe, expect, it } from 'vitest';
import { cents, type CheckView } from '@copro/domain';
import { checkValuesOf, filterChecks, isEditable, prepareCheck, totalOf } from './check-values';

const unit = '0b8f5d2c-3f4e-4a3b-9c1d-2e5f6a7b8c9d';

const check = (over: Partial<CheckView>): CheckView => ({
  uuid: 'c1',
  fiscalYear: '2026-01-01',
  unitUuid: unit,
  unitNumber: '101',
  number: '100',
  amount: cents(35000),
  date: '2026-03-01',
  notes: '',
  status: 'recorded',
  depositUuid: null,
  depositNumber: null,
  createdAt: '2026-03-01T12:00:00Z',
  ...over,
});

const keysOf = (issues: { path: (string | number)[]; key: string }[]) =>
  issues.map((issue) => `${issue.path.join('.')} ${issue.key}`);

describe('prepareCheck', () => {
  it('turns dollars typed the French way into cents, without empty notes', () => {
    expect(
      prepareCheck({ unitUuid: unit, number: ' 0042 ', amount: '1 234,56', date: '2026-04-01', notes: '' }),
    ).toEqual({
      issues: [],
      input: { unitUuid: unit, number: '0042', amount: 123456, date: '2026-04-01' },
    });
  });

  it('names every field to correct once, the amount with its own message', () => {
    const { input, issues } = prepareCheck({
      unitUuid: '',
      number: '12 34',
      amount: '12,345',
      date: '',
      notes: '',
    });
    expect(input).toBeNull();
    expect(keysOf(issues)).toEqual([
      'unitUuid validation.required',
      'amount accounting.invalidAmount',
      'number validation.invalidIdentifier',
      'date validation.required',
    ]);
  });

  it('refuses a zero amount', () => {
    expect(
      keysOf(
        prepareCheck({ unitUuid: unit, number: '1', amount: '0', date: '2026-01-01', notes: '' }).issues,
      ),
    ).toEqual(['amount validation.mustBePositive']);
  });
});

describe('checkValuesOf', () => {
  it('puts a recorded check back in the form, its amount in the reader’s decimals', () => {
    expect(checkValuesOf(check({ amount: cents(123450), notes: 'Envelope' }), 'fr')).toEqual({
      unitUuid: unit,
      number: '100',
      amount: '1234,50',
      date: '2026-03-01',
      notes: 'Envelope',
    });
  });
});

describe('filterChecks', () => {
  const checks = [
    check({ uuid: 'a', unitNumber: '10', number: '7', date: '2026-02-01' }),
    check({ uuid: 'b', unitNumber: '9', number: '55', date: '2026-02-01' }),
    check({ uuid: 'c', unitNumber: '201', number: '1001', date: '2026-01-15', status: 'deposited' }),
    check({ uuid: 'd', unitNumber: '305', number: '12', date: '2026-05-01', status: 'returned' }),
  ];
  const uuids = (list: CheckView[]) => list.map((c) => c.uuid);

  it('keeps one status, oldest date first then by unit number as people count', () => {
    expect(uuids(filterChecks(checks, 'recorded', ''))).toEqual(['b', 'a']);
    expect(uuids(filterChecks(checks, 'all', ''))).toEqual(['c', 'b', 'a', 'd']);
  });

  it('finds a check by its unit or its number, a leading # ignored', () => {
    expect(uuids(filterChecks(checks, 'all', '#100'))).toEqual(['c']);
    expect(uuids(filterChecks(checks, 'all', '30'))).toEqual(['d']);
    expect(uuids(filterChecks(checks, 'deposited', '305'))).toEqual([]);
  });

  it('adds up what is shown', () => {
    expect(totalOf(filterChecks(checks, 'recorded', ''))).toBe(70000);
  });
});

describe('isEditable', () => {
  it('lets only a check awaiting its deposit change', () => {
    expect(isEditable({ status: 'recorded' })).toBe(true);
    expect(isEditable({ status: 'deposited' })).toBe(false);
    expect(isEditable({ status: 'returned' })).toBe(false);
  });
});
