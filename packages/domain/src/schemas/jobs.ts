import { z } from 'zod';
import { errorCodes, type ErrorCode } from '../errors';

const errorCodeSchema = z.enum(Object.keys(errorCodes) as [ErrorCode, ...ErrorCode[]]);

/** GET /api/buildings/:ref/jobs/:id: a building's job as the page that started it follows it. */
export const jobStatusSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  progress: z.object({ done: z.number().int(), total: z.number().int() }).nullable(),
  /** What the job answered (counts, totals), once done. */
  result: z.record(z.string(), z.unknown()).nullable(),
  /** Why it failed, as an error code the reader's language has a message for. */
  error: errorCodeSchema.nullable(),
});
export type JobStatus = z.output<typeof jobStatusSchema>;
