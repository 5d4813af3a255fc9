import { z } from 'zod';
import { sendFileAnswerSchema } from './otonom';
import { statusRefreshAnswerSchema } from './otonom-web';

/**
 * What sending a file and refreshing the partner's statuses answer beyond `otonom.ts`'s shapes:
 * the orders left out and why, so nothing is dropped without the manager seeing it.
 */

const paramsSchema = z.record(z.string(), z.union([z.string(), z.number()])).optional();

/** An order ready to send that the file left out (it stays ready): no bank details, an account too long. */
export const skippedOrderSchema = z.object({
  orderUuid: z.uuid(),
  reference: z.string(),
  name: z.string(),
  /** Why, as an i18n key with its parameters. */
  key: z.string(),
  params: paramsSchema,
});
export type SkippedOrder = z.infer<typeof skippedOrderSchema>;

/** POST …/otonom/files: the file (null when no order could go) and the orders left out. */
export const sendFileResultSchema = sendFileAnswerSchema.extend({ skipped: z.array(skippedOrderSchema) });
export type SendFileResult = z.infer<typeof sendFileResultSchema>;

/** An answer of the partner that was not applied: an unknown status, a transition with no allowed path. */
export const refusedStatusSchema = z.object({ reference: z.string(), key: z.string(), params: paramsSchema });
export type RefusedStatus = z.infer<typeof refusedStatusSchema>;

/** POST …/otonom/statuses/refresh: orders moved, answers already applied, answers not applied. */
export const statusRefreshResultSchema = statusRefreshAnswerSchema.extend({
  unchanged: z.number().int().min(0),
  refused: z.array(refusedStatusSchema),
});
export type StatusRefreshResult = z.infer<typeof statusRefreshResultSchema>;
