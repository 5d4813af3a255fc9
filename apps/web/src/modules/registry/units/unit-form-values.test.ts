import { describe, expect, it } from 'vitest';
import { cents, type UnitView } from '@copro/domain';
import {
  prepareUnitCreate,
  prepareUnitEdit,
  prepareUnitPapers,
  unitFormValues,
  type UnitFormValues,
} from './unit-form-values';

const person = '6f1c1f7e-3b6a-4c4e-9f3e-2a7d1c0b9e11';
const parking = '0b7e1a52-5a0f-4a7f-8f21-7d0c9b3e6a22';

const unit: UnitView = {
  uuid: '2d4b8f3c-1e6a-4b9d-8c7f-5a3e2d1c0b99',
  fiscalYear: '2026-01-01',
  archived: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  number: '101',
  voteShare: 0.0123456789,
  floor: '1',
  owners: [{ personUuid: person, from: '2020-01-15' }],
  residents: [],
  proxies: [],
  parkings: [parking],
  lockers: [],
  paymentDay: 1,
  automaticPayment: true,
  noMonthlyFees: false,
  notes: 'Corner unit',
  insurance: { provider: 'Desjardins', civilResponsibilityAmount: cents(200000000), endDate: '2027-03-31' },
  waterHeater: { installationDate: '2019-05-01' },
  aid: 1001,
  ownersEmails: ['marie@example.net'],
  ownerNames: ['Marie Tremblay'],
  monthlyContributions: cents(45678),
  insuranceProof: null,
  parkingNumbers: ['P1'],
  lockerNumbers: [],
};

const empty = (overrides: Partial<UnitFormValues> = {}): UnitFormValues => ({
  ...unitFormValues(undefined, 'en'),
  ...overrides,
});

describe('unit form values', () => {
  it('shows the saved unit as typed text, in the language of the user', () => {
    const values = unitFormValues(unit, 'fr');
    expect(values.voteShare).toBe('1,23456789');
    expect(values.paymentDay).toBe('1');
    expect(values.insurance.civilResponsibilityAmount).toBe('2000000,00');
    expect(values.owners).toEqual([{ personUuid: person, from: '2020-01-15', to: '' }]);
    expect(values.waterHeater).toEqual({ installationDate: '2019-05-01', warrantyEndDate: '', location: '' });
  });

  it('turns an unchanged form back into the same editable fields', () => {
    const { body } = prepareUnitEdit(unitFormValues(unit, 'fr'));
    expect(body).toEqual({
      floor: '1',
      owners: [{ personUuid: person, from: '2020-01-15' }],
      residents: [],
      proxies: [],
      parkings: [parking],
      lockers: [],
      paymentDay: 1,
      automaticPayment: true,
      noMonthlyFees: false,
      notes: 'Corner unit',
      insurance: { provider: 'Desjardins', civilResponsibilityAmount: 200000000, endDate: '2027-03-31' },
      waterHeater: { installationDate: '2019-05-01' },
    });
    expect(body).not.toHaveProperty('number');
    expect(body).not.toHaveProperty('voteShare');
  });

  it('creates with the number and the vote share typed as a percentage', () => {
    const { body } = prepareUnitCreate(empty({ number: '205', voteShare: '2,5' }));
    expect(body).toMatchObject({ number: '205', voteShare: 0.025, owners: [], automaticPayment: false });
  });

  it('takes a French decimal comma in the unit number', () => {
    expect(prepareUnitCreate(empty({ number: '12,5', voteShare: '1' })).body).toMatchObject({
      number: '12.5',
    });
  });

  it('names the fields to correct, with the API paths', () => {
    const { body, issues } = prepareUnitCreate(
      empty({
        number: '12B',
        voteShare: 'abc',
        paymentDay: '40',
        insurance: { provider: '', policyNumber: '', civilResponsibilityAmount: '12.345', endDate: '' },
        owners: [{ personUuid: person, from: '2024-05-01', to: '2024-01-01' }],
      }),
    );
    expect(body).toBeNull();
    const keys = Object.fromEntries(issues.map((issue) => [issue.path.join('.'), issue.key]));
    expect(keys).toMatchObject({
      number: 'validation.positiveDecimal',
      voteShare: 'units.form.invalidPercent',
      'insurance.civilResponsibilityAmount': 'units.form.invalidAmount',
      'owners.0.to': 'validation.dateTooEarly',
      paymentDay: 'validation.numberTooLarge',
    });
  });

  it('asks for a vote share and a payment day when automatic payment is on', () => {
    const { issues } = prepareUnitCreate(empty({ number: '3', automaticPayment: true }));
    expect(issues.map((issue) => [issue.path.join('.'), issue.key])).toEqual(
      expect.arrayContaining([
        ['voteShare', 'validation.required'],
        ['paymentDay', 'validation.required'],
      ]),
    );
  });

  it('refuses a vote share above 100 %', () => {
    const { issues } = prepareUnitCreate(empty({ number: '3', voteShare: '100.5' }));
    expect(issues).toEqual([{ path: ['voteShare'], key: 'validation.mustBeLessThan100' }]);
  });

  it('prepares the owners’ own edit: insurance and water heater only', () => {
    const values = unitFormValues(unit, 'en');
    const { body } = prepareUnitPapers({
      insurance: { ...values.insurance, civilResponsibilityAmount: '1 500 000,5' },
      waterHeater: { ...values.waterHeater, warrantyEndDate: '2018-01-01' },
    });
    expect(body).toBeNull();
    const fixed = prepareUnitPapers({
      insurance: { ...values.insurance, policyNumber: ' AB-12 ', civilResponsibilityAmount: '' },
      waterHeater: values.waterHeater,
    });
    expect(fixed.body).toEqual({
      insurance: { provider: 'Desjardins', policyNumber: 'AB-12', endDate: '2027-03-31' },
      waterHeater: { installationDate: '2019-05-01' },
    });
  });
});
