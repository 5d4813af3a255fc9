import { describe, expect, it } from 'vitest';
import { cents, type ParkingView } from '@copro/domain';
import {
  lockerFormValues,
  parkingFormValues,
  prepareLockerCreate,
  prepareLockerEdit,
  prepareParkingCreate,
  prepareParkingEdit,
} from './space-form-values';

const unitUuid = '2d4b8f3c-1e6a-4b9d-8c7f-5a3e2d1c0b99';
const parking: ParkingView = {
  uuid: '0b7e1a52-5a0f-4a7f-8f21-7d0c9b3e6a22',
  fiscalYear: '2026-01-01',
  archived: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  number: 'P1',
  voteShare: 0.01428571,
  licensePlate: 'ABC 123',
  renter: { unitUuid },
  noMonthlyFees: true,
  monthlyContributions: cents(1500),
};

describe('parking and locker forms', () => {
  it('edits a parking without its number and vote share', () => {
    const values = parkingFormValues(parking, 'fr');
    expect(values.voteShare).toBe('1,428571');
    expect(prepareParkingEdit(values).body).toEqual({
      licensePlate: 'ABC 123',
      renter: { unitUuid },
      noMonthlyFees: true,
    });
  });

  it('creates a parking or a locker with a number and a vote share', () => {
    const parkingValues = { ...parkingFormValues(undefined, 'en'), number: ' P9 ', voteShare: '0.5' };
    expect(prepareParkingCreate(parkingValues).body).toEqual({
      number: 'P9',
      voteShare: 0.005,
      renter: {},
      noMonthlyFees: false,
    });
    const lockerValues = { ...lockerFormValues(undefined, 'fr'), number: 'C1', voteShare: '0,25' };
    expect(prepareLockerCreate(lockerValues).body).toEqual({
      number: 'C1',
      voteShare: 0.0025,
      noMonthlyFees: false,
    });
  });

  it('says what is missing or mistyped', () => {
    const { issues } = prepareLockerCreate({ ...lockerFormValues(undefined, 'en'), voteShare: '1,2,3' });
    expect(issues.map((issue) => [issue.path.join('.'), issue.key])).toEqual([
      ['voteShare', 'units.form.invalidPercent'],
      ['number', 'validation.required'],
    ]);
    expect(
      prepareLockerEdit({ ...lockerFormValues(undefined, 'en'), cadastreNumber: 'x'.repeat(31) }).issues,
    ).toEqual([{ path: ['cadastreNumber'], key: 'validation.tooLong', params: { max: 30 } }]);
  });
});
