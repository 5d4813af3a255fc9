import { z } from 'zod';

/** SPEC 5 limits, named once. */
export const limits = {
  email: 100,
  phone: 30,
  emailsPerRecord: 10,
  shortName: 30,
  name: 80,
  notes: 2000,
  longText: 10000,
  veryLongText: 260000,
  decimalString: 10,
  displayName: 300,
  password: { min: 8, max: 128 },
  signature: 2000,
  logMessage: 100000,
} as const;

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(limits.email, { message: 'validation.enterValidEmail' })
  .pipe(z.email({ message: 'validation.enterValidEmail' }));

export const nameSchema = z.string().trim().min(1).max(limits.name);
export const shortNameSchema = z.string().trim().min(1).max(limits.shortName);
export const notesSchema = z.string().max(limits.notes);
export const phoneNumberSchema = z.string().trim().min(1).max(limits.phone);
export const hexColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, { message: 'validation.invalidColor' });
export const urlSchema = z.url();

/** Vote shares and rates: 0 to 1 with the SPEC's own messages. */
export const fractionSchema = z
  .number()
  .min(0, { message: 'validation.mustBePositive' })
  .max(1, { message: 'validation.mustBeLessThan100' });

export const positiveDecimalString = z
  .string()
  .max(limits.decimalString)
  .refine((v) => /^(?:\d+(?:\.\d+)?|\.\d+)$/.test(v) && Number(v) > 0, {
    message: 'validation.positiveDecimal',
  });

/**
 * A file answered as it is (PDF, spreadsheet, CSV, image): no JSON body to serialize, so the
 * schema only documents it in OpenAPI.
 */
export const fileResponseSchema = z.string().meta({ format: 'binary', description: 'A file' });

/**
 * A moment in a response: the server may hold a Date or an ISO string; the JSON (and so the web's
 * type) is always the ISO string.
 */
export const timestampSchema = z
  .union([z.date(), z.string()])
  .transform((v) => (typeof v === 'string' ? v : v.toISOString()))
  .pipe(z.string());

/** A write that answers nothing but its status (204). */
export const noContentSchema = z.null().meta({ description: 'No content' });

/**
 * Money is an integer number of cents, never a float; the output is the branded `Cents` (the brand
 * is a type only: the JSON and the input stay plain numbers).
 */
export const centsSchema = z.number().int().brand<'Cents'>();
export const nonNegativeCentsSchema = z.number().int().min(0).brand<'Cents'>();

export const digits = (length: number, message: string) =>
  z.string().regex(new RegExp(`^\\d{${length}}$`), { message });
export const institutionNumberSchema = digits(3, 'validation.mustBe3Digits');
export const transitNumberSchema = digits(5, 'validation.mustBe5Digits');
export const accountNumberSchema = z.string().regex(/^\d{5,20}$/, { message: 'validation.accountNumber' });

/**
 * The years a date of Copro may fall in. PostgreSQL has no year 0000 (a 500 once), and a check
 * dated 9999 is a typing slip: every date a building deals with lies well within these bounds.
 */
export const dateYearBounds = { min: 1900, max: 2200 } as const;

/** An ISO calendar date, YYYY-MM-DD, of a year within `dateYearBounds`. */
export const isoDateSchema = z.iso.date().refine(
  (date) => {
    const year = Number(date.slice(0, 4));
    return year >= dateYearBounds.min && year <= dateYearBounds.max;
  },
  { message: 'validation.dateOutOfRange' },
);
