import { z } from 'zod';
import { locales } from '../locale';
import { addressSchema } from './building';
import {
  emailSchema,
  fractionSchema,
  isoDateSchema,
  limits,
  nameSchema,
  nonNegativeCentsSchema,
  notesSchema,
  phoneNumberSchema,
  positiveDecimalString,
  shortNameSchema,
} from './common';

/** SPEC 3 registry entities: units, parkings, lockers, people. One schema per form. */

export const maxParkingsPerUnit = 29;
export const maxLockersPerUnit = 29;
/** People linked to a unit in one role; no SPEC limit, this keeps a form usable. */
export const maxPeoplePerRole = 20;
export const maxPhones = 10;

export const phoneTypes = ['cell', 'home', 'work', 'fax', 'other'] as const;
export type PhoneType = (typeof phoneTypes)[number];
export const genders = ['M', 'F', 'other'] as const;

export const recordUuidSchema = z.uuid({ message: 'validation.invalidIdentifier' });

/** SPEC 5: a phone needs both its number and its type. */
export const phoneSchema = z.object(
  {
    number: phoneNumberSchema,
    type: z.enum(phoneTypes, { message: 'validation.phoneNeedsType' }),
  },
  { message: 'validation.phoneNeedsType' },
);
export type Phone = z.infer<typeof phoneSchema>;

export const emailListSchema = z
  .array(emailSchema)
  .max(limits.emailsPerRecord, { message: 'validation.tooManyEmails' });
export const phoneListSchema = z.array(phoneSchema).max(maxPhones);

const optionalName = z.string().trim().max(limits.name).optional();
const optionalShortName = z.string().trim().max(limits.shortName).optional();

export const emergencyContactSchema = z.object({
  name: optionalName,
  email: emailSchema.optional(),
  phone: phoneNumberSchema.optional(),
});

export const personSchema = z.object({
  firstName: optionalName,
  lastName: nameSchema,
  emails: emailListSchema,
  phones: phoneListSchema,
  address: addressSchema,
  gender: z.enum(genders).optional(),
  locale: z.enum(locales).optional(),
  notes: notesSchema.optional(),
  emergencyContact: emergencyContactSchema,
});
export type PersonInput = z.infer<typeof personSchema>;

/** What owners, residents and approvers change on their own record (DOMAIN 6, self-service). */
export const personSelfEditSchema = personSchema.omit({ emails: true, notes: true });
export type PersonSelfEdit = z.infer<typeof personSelfEditSchema>;

const dateRangeProblem = (from: string | undefined, to: string | undefined): boolean =>
  from !== undefined && to !== undefined && to < from;

/** A person linked to a unit as owner, resident or proxy, with the dates of that link. */
export const unitPersonSchema = z
  .object({
    personUuid: recordUuidSchema,
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
  })
  .refine((link) => !dateRangeProblem(link.from, link.to), {
    message: 'validation.dateTooEarly',
    path: ['to'],
  });
export type UnitPerson = z.infer<typeof unitPersonSchema>;

const peopleListSchema = z.array(unitPersonSchema).max(maxPeoplePerRole);

export const insuranceSchema = z.object({
  provider: optionalName,
  policyNumber: optionalName,
  civilResponsibilityAmount: nonNegativeCentsSchema.optional(),
  endDate: isoDateSchema.optional(),
});
export type Insurance = z.infer<typeof insuranceSchema>;

export const waterHeaterSchema = z
  .object({
    installationDate: isoDateSchema.optional(),
    warrantyEndDate: isoDateSchema.optional(),
    location: optionalName,
  })
  .refine((w) => !dateRangeProblem(w.installationDate, w.warrantyEndDate), {
    message: 'validation.dateTooEarly',
    path: ['warrantyEndDate'],
  });
export type WaterHeater = z.infer<typeof waterHeaterSchema>;

const unitFields = {
  floor: optionalShortName,
  owners: peopleListSchema,
  residents: peopleListSchema,
  proxies: peopleListSchema,
  parkings: z.array(recordUuidSchema).max(maxParkingsPerUnit),
  lockers: z.array(recordUuidSchema).max(maxLockersPerUnit),
  paymentDay: z.number().int().min(1).max(31).optional(),
  automaticPayment: z.boolean(),
  noMonthlyFees: z.boolean(),
  notes: notesSchema.optional(),
  insurance: insuranceSchema,
  waterHeater: waterHeaterSchema,
};

// DOMAIN 6: automatic payment needs a payment day.
const paymentDayGiven = (unit: { automaticPayment: boolean; paymentDay?: number }) =>
  !unit.automaticPayment || unit.paymentDay !== undefined;
const paymentDayIssue = { message: 'validation.required', path: ['paymentDay'] };

/**
 * The unit form. DOMAIN 6: the number is fixed once created and vote shares are edited together
 * on their own screen, so both are given only when the unit is created.
 */
export const unitEditSchema = z.object(unitFields).refine(paymentDayGiven, paymentDayIssue);
export type UnitEdit = z.infer<typeof unitEditSchema>;

export const unitCreateSchema = z
  .object({ ...unitFields, number: positiveDecimalString, voteShare: fractionSchema })
  .refine(paymentDayGiven, paymentDayIssue);
export type UnitCreate = z.infer<typeof unitCreateSchema>;

/** Owners and proxies keep their unit's insurance and water heater up to date (DOMAIN 6). */
export const unitSelfEditSchema = z.object({ insurance: insuranceSchema, waterHeater: waterHeaterSchema });
export type UnitSelfEdit = z.infer<typeof unitSelfEditSchema>;

export const parkingRenterSchema = z.object({
  personUuid: recordUuidSchema.optional(),
  unitUuid: recordUuidSchema.optional(),
});

const parkingFields = {
  licensePlate: optionalShortName,
  cadastreNumber: optionalShortName,
  renter: parkingRenterSchema,
  noMonthlyFees: z.boolean(),
  notes: notesSchema.optional(),
};
export const parkingEditSchema = z.object(parkingFields);
export type ParkingEdit = z.infer<typeof parkingEditSchema>;
export const parkingCreateSchema = z.object({
  ...parkingFields,
  number: shortNameSchema,
  voteShare: fractionSchema,
});
export type ParkingCreate = z.infer<typeof parkingCreateSchema>;

const lockerFields = {
  cadastreNumber: optionalShortName,
  noMonthlyFees: z.boolean(),
  notes: notesSchema.optional(),
};
export const lockerEditSchema = z.object(lockerFields);
export type LockerEdit = z.infer<typeof lockerEditSchema>;
export const lockerCreateSchema = z.object({
  ...lockerFields,
  number: shortNameSchema,
  voteShare: fractionSchema,
});
export type LockerCreate = z.infer<typeof lockerCreateSchema>;

/** The vote-share screen: every unit, parking and locker of the year at once. */
const shareListSchema = z.array(z.object({ uuid: recordUuidSchema, voteShare: fractionSchema })).max(100_000);
export const voteSharesEditSchema = z.object({
  units: shareListSchema,
  parkings: shareListSchema,
  lockers: shareListSchema,
});
export type VoteSharesEdit = z.infer<typeof voteSharesEditSchema>;

/** Fields every registry record carries in the API. */
export interface RecordMeta {
  uuid: string;
  fiscalYear: string;
  archived: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface PersonView extends RecordMeta, PersonInput {}

export interface UnitView extends RecordMeta, UnitCreate {
  aid: number;
  /** Kept in step with the owners' emails: owners see the units listed under their email. */
  ownersEmails: string[];
  /** Derived from the applied budget; read-only here. */
  monthlyContributions: number;
  insuranceProof: StoredFileRef | null;
  /** Numbers of the assigned parkings and lockers, so roles that cannot list them still read them. */
  parkingNumbers: string[];
  lockerNumbers: string[];
}

export interface ParkingView extends RecordMeta, ParkingCreate {
  monthlyContributions: number;
}

export interface LockerView extends RecordMeta, LockerCreate {
  monthlyContributions: number;
}

export interface StoredFileRef {
  fileName: string;
  size: number;
  uploadedAt: string;
}
