import { describe, expect, it } from 'vitest';
import { cents, type PenaltyView } from '@copro/domain';
import {
  penaltyFormValues,
  preparePenalty,
  prepareThreshold,
  splitPenalties,
  type PenaltyFormValues,
} from './penalty-values';

const category = '0f8fad5b-d9cb-469f-a165-70867728950e';

const view = (over: Partial<PenaltyView>): PenaltyView => ({
  uuid: 'p1',
  kind: 'defaultLatePaymentFee',
  name: null,
  description: null,
  categoryUuid: category,
  amount: null,
  rate: null,
  gracePeriod: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

const blank = (over: Partial<PenaltyFormValues> = {}): PenaltyFormValues => ({
  name: '',
  description: '',
  categoryUuid: category,
  amount: '',
  rate: '',
  gracePeriod: '',
  ...over,
});

const paths = (issues: { path: (string | number)[]; key: string }[]) =>
  issues.map((issue) => `${issue.path.join('.')}:${issue.key}`);

describe('penaltyFormValues', () => {
  it('shows cents as dollars and the rate in percent, in the user language', () => {
    const values = penaltyFormValues(
      view({ kind: 'defaultInterests', rate: 0.05, gracePeriod: 10 }),
      '',
      'fr',
    );
    expect(values).toMatchObject({ rate: '5', gracePeriod: '10', amount: '', categoryUuid: category });
    expect(penaltyFormValues(view({ amount: cents(2550) }), '', 'fr').amount).toBe('25,50');
    expect(penaltyFormValues(view({ amount: cents(2550) }), '', 'en').amount).toBe('25.50');
  });

  it('starts a new penalty in the default category', () => {
    expect(penaltyFormValues(null, 'cat', 'en')).toEqual(blank({ categoryUuid: 'cat' }));
  });
});

describe('preparePenalty', () => {
  it('turns a late fee into cents and days', () => {
    const { input, issues } = preparePenalty(
      'defaultLatePaymentFee',
      blank({ amount: '25,5', gracePeriod: '15' }),
    );
    expect(issues).toEqual([]);
    expect(input).toEqual({
      kind: 'defaultLatePaymentFee',
      categoryUuid: category,
      amount: 2550,
      gracePeriod: 15,
    });
  });

  it('turns an interest rate typed in percent into a fraction, exactly', () => {
    const { input } = preparePenalty('defaultInterests', blank({ rate: '7,3', gracePeriod: '0' }));
    expect(input).toEqual({ kind: 'defaultInterests', categoryUuid: category, rate: 0.073, gracePeriod: 0 });
  });

  it('sends only the fields of the kind', () => {
    const { input } = preparePenalty(
      'defaultCheckReversalFee',
      blank({ amount: '40', rate: '5', gracePeriod: '3', name: 'ignored' }),
    );
    expect(input).toEqual({ kind: 'defaultCheckReversalFee', categoryUuid: category, amount: 4000 });
  });

  it('keeps a custom penalty name and description, trimmed', () => {
    const { input } = preparePenalty(
      'customFee',
      blank({ name: '  Key copy ', description: 'A second fob', amount: '15' }),
    );
    expect(input).toEqual({
      kind: 'customFee',
      name: 'Key copy',
      description: 'A second fob',
      categoryUuid: category,
      amount: 1500,
    });
  });

  it('says what is missing or wrong under each box', () => {
    expect(paths(preparePenalty('customPenalty', blank({ categoryUuid: '' })).issues)).toEqual([
      'categoryUuid:validation.required',
      'name:validation.required',
      'amount:validation.required',
    ]);
    expect(
      paths(preparePenalty('defaultLatePaymentFee', blank({ amount: 'abc', gracePeriod: '1.5' })).issues),
    ).toEqual(['amount:admin.building.invalidAmount', 'gracePeriod:admin.building.wholeNumber']);
  });

  it('refuses a zero fee, a rate of 100 % or more, and a grace period past a year', () => {
    expect(paths(preparePenalty('defaultCheckReversalFee', blank({ amount: '0' })).issues)).toEqual([
      'amount:validation.mustBePositive',
    ]);
    expect(
      paths(preparePenalty('defaultInterests', blank({ rate: '120', gracePeriod: '5' })).issues),
    ).toEqual(['rate:validation.mustBeLessThan100']);
    expect(
      paths(preparePenalty('defaultLatePaymentFee', blank({ amount: '5', gracePeriod: '400' })).issues),
    ).toEqual(['gracePeriod:validation.numberTooLarge']);
  });
});

describe('prepareThreshold', () => {
  it('reads dollars as cents, zero allowed', () => {
    expect(prepareThreshold('150,25').input).toEqual({ minimumUnitBalanceBeforeChargingPenalties: 15025 });
    expect(prepareThreshold('0').input).toEqual({ minimumUnitBalanceBeforeChargingPenalties: 0 });
  });

  it('refuses nothing, text and a negative amount', () => {
    expect(paths(prepareThreshold(' ').issues)).toEqual([
      'minimumUnitBalanceBeforeChargingPenalties:validation.required',
    ]);
    expect(paths(prepareThreshold('ten').issues)).toEqual([
      'minimumUnitBalanceBeforeChargingPenalties:admin.building.invalidAmount',
    ]);
    expect(paths(prepareThreshold('-5').issues)).toEqual([
      'minimumUnitBalanceBeforeChargingPenalties:validation.mustBePositive',
    ]);
  });
});

describe('splitPenalties', () => {
  it('files the defaults by kind and sorts the custom ones by name', () => {
    const late = view({ uuid: 'late' });
    const interest = view({ uuid: 'interest', kind: 'defaultInterests' });
    const b = view({ uuid: 'b', kind: 'customFee', name: 'b fee' });
    const a = view({ uuid: 'a', kind: 'customPenalty', name: 'Ânes' });
    const { defaults, custom } = splitPenalties([b, late, a, interest]);
    expect(defaults).toEqual({ defaultLatePaymentFee: late, defaultInterests: interest });
    expect(custom.map((p) => p.uuid)).toEqual(['a', 'b']);
  });
});
