import {
  formatPercent,
  lockerCreateSchema,
  lockerEditSchema,
  parkingCreateSchema,
  parkingEditSchema,
  parsePercent,
  type Language,
  type LockerCreate,
  type LockerEdit,
  type LockerView,
  type ParkingCreate,
  type ParkingEdit,
  type ParkingView,
} from '@copro/domain';
import { invalidPercentKey, NumberReader, validated, type Prepared } from './prepare';

/** Parkings and lockers share their forms' shape: a number and a vote share at creation, then details. */

export interface ParkingFormValues {
  number: string;
  voteShare: string;
  licensePlate: string;
  cadastreNumber: string;
  renterPersonUuid: string;
  renterUnitUuid: string;
  noMonthlyFees: boolean;
  notes: string;
}

export interface LockerFormValues {
  number: string;
  voteShare: string;
  cadastreNumber: string;
  noMonthlyFees: boolean;
  notes: string;
}

export const parkingFormValues = (
  parking: ParkingView | undefined,
  language: Language,
): ParkingFormValues => ({
  number: parking?.number ?? '',
  voteShare: parking ? formatPercent(parking.voteShare, language) : '',
  licensePlate: parking?.licensePlate ?? '',
  cadastreNumber: parking?.cadastreNumber ?? '',
  renterPersonUuid: parking?.renter.personUuid ?? '',
  renterUnitUuid: parking?.renter.unitUuid ?? '',
  noMonthlyFees: parking?.noMonthlyFees ?? false,
  notes: parking?.notes ?? '',
});

export const lockerFormValues = (locker: LockerView | undefined, language: Language): LockerFormValues => ({
  number: locker?.number ?? '',
  voteShare: locker ? formatPercent(locker.voteShare, language) : '',
  cadastreNumber: locker?.cadastreNumber ?? '',
  noMonthlyFees: locker?.noMonthlyFees ?? false,
  notes: locker?.notes ?? '',
});

const parkingRaw = (values: ParkingFormValues) => ({
  licensePlate: values.licensePlate.trim(),
  cadastreNumber: values.cadastreNumber.trim(),
  renter: { personUuid: values.renterPersonUuid, unitUuid: values.renterUnitUuid },
  noMonthlyFees: values.noMonthlyFees,
  notes: values.notes.trim(),
});

const lockerRaw = (values: LockerFormValues) => ({
  cadastreNumber: values.cadastreNumber.trim(),
  noMonthlyFees: values.noMonthlyFees,
  notes: values.notes.trim(),
});

/** The number and the vote share (typed as a percentage) are given only at creation. */
const creation = (values: { number: string; voteShare: string }, numbers: NumberReader) => ({
  number: values.number.trim(),
  voteShare: numbers.read(values.voteShare, ['voteShare'], parsePercent, invalidPercentKey),
});

export function prepareParkingCreate(values: ParkingFormValues): Prepared<ParkingCreate> {
  const numbers = new NumberReader();
  return validated(parkingCreateSchema, { ...parkingRaw(values), ...creation(values, numbers) }, numbers);
}

export const prepareParkingEdit = (values: ParkingFormValues): Prepared<ParkingEdit> =>
  validated(parkingEditSchema, parkingRaw(values), new NumberReader());

export function prepareLockerCreate(values: LockerFormValues): Prepared<LockerCreate> {
  const numbers = new NumberReader();
  return validated(lockerCreateSchema, { ...lockerRaw(values), ...creation(values, numbers) }, numbers);
}

export const prepareLockerEdit = (values: LockerFormValues): Prepared<LockerEdit> =>
  validated(lockerEditSchema, lockerRaw(values), new NumberReader());
