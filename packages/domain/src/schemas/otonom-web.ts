import { z } from 'zod';
import { isoDateSchema } from './common';

/**
 * The small bodies and answers of the payments/otonom page's routes that `otonom.ts` names only in
 * words (the brief's route list): one schema each, so the server's response schema and the web's
 * typed client are the same object.
 */

/** POST …/otonom/debit-run: the monthly run as of a date (the building's today when omitted). */
export const debitRunSchema = z.object({ asOf: isoDateSchema.optional() });
export type DebitRunInput = z.infer<typeof debitRunSchema>;

/** POST …/otonom/orders/approve: how many of the orders asked were approved. */
export const approveOrdersAnswerSchema = z.object({ approved: z.number().int().min(0) });

/** POST …/otonom/statuses/refresh: how many orders the partner's answers moved. */
export const statusRefreshAnswerSchema = z.object({ updated: z.number().int().min(0) });
