import { z } from 'zod';
import { locales } from '../locale';
import { zeroCents } from '../money';
import { addressSchema } from './building';
import {
  centsSchema,
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
  timestampSchema,
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
  /**
   * DOMAIN 6 privacy: owners and residents see a person's name and units; the emails and phones
   * only when the person chose to share them. Nothing is shared until they say so.
   */
  sharesEmails: z.boolean().default(false),
  sharesPhones: z.boolean().default(false),
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
export const recordMetaSchema = z.object({
  uuid: z.string(),
  fiscalYear: isoDateSchema,
  archived: z.boolean(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type RecordMeta = z.infer<typeof recordMetaSchema>;

/** How a person is linked to a unit, as the person's record tells it. */
export const personUnitRoles = ['owner', 'resident', 'proxy'] as const;
export type PersonUnitRole = (typeof personUnitRoles)[number];

/** A unit the person is linked to today, by its number, so roles that cannot read units still see it. */
export const personUnitSchema = z.object({ number: z.string(), role: z.enum(personUnitRoles) });
export type PersonUnit = z.infer<typeof personUnitSchema>;

/** A person in full: what managers read, and what a person reads of their own record. */
export const personViewSchema = recordMetaSchema.extend({
  ...personSchema.shape,
  units: z.array(personUnitSchema),
});
export type PersonView = z.infer<typeof personViewSchema>;

/**
 * A person as owners and residents read the directory (DOMAIN 6 privacy, Quebec's private-sector
 * privacy law): the name and units, and the emails or phones only when the person shares them.
 * Whatever else a record holds is stripped when it is answered through this schema.
 */
export const personDirectoryViewSchema = recordMetaSchema.extend({
  firstName: personSchema.shape.firstName,
  lastName: personSchema.shape.lastName,
  units: z.array(personUnitSchema),
  emails: emailListSchema.optional(),
  phones: phoneListSchema.optional(),
});
export type PersonDirectoryView = z.infer<typeof personDirectoryViewSchema>;

/** What reading people answers: the full record for managers, the directory's for the others. */
export const personEntrySchema = z.union([personViewSchema, personDirectoryViewSchema]);
export type PersonEntry = z.infer<typeof personEntrySchema>;

/** Whether the entry is the full record, as managers (and the person) read it. */
export const isFullPerson = (person: PersonEntry): person is PersonView => 'address' in person;

/** A stored file as the API shows it: its name, size and when it came. */
export const storedFileRefSchema = z.object({
  fileName: z.string(),
  size: z.number().int(),
  uploadedAt: timestampSchema,
});
export type StoredFileRef = z.infer<typeof storedFileRefSchema>;

export const unitViewSchema = recordMetaSchema.extend({
  ...unitFields,
  number: z.string(),
  voteShare: z.number(),
  aid: z.number().int(),
  /** Kept in step with the owners' emails: owners see the units listed under their email. */
  ownersEmails: z.array(z.string()),
  /** The current owners' names, as the directory shows them, so a list names them without reading everyone. */
  ownerNames: z.array(z.string()),
  /** Derived from the applied budget; read-only here. */
  monthlyContributions: centsSchema.default(zeroCents),
  insuranceProof: storedFileRefSchema.nullable().default(null),
  /** Numbers of the assigned parkings and lockers, so roles that cannot list them still read them. */
  parkingNumbers: z.array(z.string()),
  lockerNumbers: z.array(z.string()),
});
export type UnitView = z.infer<typeof unitViewSchema>;

export const parkingViewSchema = recordMetaSchema.extend({
  ...parkingFields,
  number: z.string(),
  voteShare: z.number(),
  monthlyContributions: centsSchema.default(zeroCents),
});
export type ParkingView = z.infer<typeof parkingViewSchema>;

export const lockerViewSchema = recordMetaSchema.extend({
  ...lockerFields,
  number: z.string(),
  voteShare: z.number(),
  monthlyContributions: centsSchema.default(zeroCents),
});
export type LockerView = z.infer<typeof lockerViewSchema>;

/** SPEC 3 "File": a PDF upload (the proof of insurance) comes as a data URL with its name and type. */
export const pdfUploadSchema = z.object({
  fileName: z
    .string()
    .min(1)
    .max(limits.displayName)
    .refine((name) => !name.includes('/'), { message: 'validation.invalidIdentifier' })
    .refine((name) => name.toLowerCase().endsWith('.pdf'), { message: 'validation.pdfOnly' }),
  mimeType: z.literal('application/pdf', { message: 'validation.pdfOnly' }),
  dataUrl: z.string().startsWith('data:application/pdf;base64,', { message: 'validation.pdfOnly' }),
});
export type PdfUpload = z.infer<typeof pdfUploadSchema>;

/** What saving the vote shares answers: how many shares changed. */
export const voteSharesSavedSchema = z.object({ changed: z.number().int() });
export type VoteSharesSaved = z.infer<typeof voteSharesSavedSchema>;
