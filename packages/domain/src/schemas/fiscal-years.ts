import { z } from 'zod';
import { isoDateSchema } from './common';

/** The fiscal years' answers (SPEC 7); the years themselves come with the building. */

/** POST /buildings/new-fiscal-year (202): the year whose creation is queued, named by its start. */
export const fiscalYearQueuedSchema = z.object({ fiscalYear: isoDateSchema });
export type FiscalYearQueued = z.infer<typeof fiscalYearQueuedSchema>;

/** POST …/fiscal-years/:fiscalYear/archive: whether the year is now archived. */
export const fiscalYearArchivedSchema = z.object({ archived: z.boolean() });
export type FiscalYearArchived = z.infer<typeof fiscalYearArchivedSchema>;

/** PATCH …/fiscal-years/:fiscalYear: the year's end date as saved. */
export const fiscalYearEndDateSchema = z.object({ endDate: isoDateSchema });
export type FiscalYearEndDate = z.infer<typeof fiscalYearEndDateSchema>;

/** SPEC 7: the new year is named by its first day. */
export const newFiscalYearSchema = z.object({ newYear: isoDateSchema });
