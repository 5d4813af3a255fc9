import { z } from 'zod';

/** Who made a logged change: a user, the system (backend, jobs) or staff. */
export const logSourceSchema = z.object({
  kind: z.enum(['user', 'system', 'staff']),
  /** A user's id, or the system part: backend, cloud-functions or queue. */
  id: z.string(),
  name: z.string().optional(),
  email: z.string().optional(),
});
export type LogSource = z.output<typeof logSourceSchema>;

/** One edited field of a logged change, before and after. */
export const logChangeSchema = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
export type LogChange = z.output<typeof logChangeSchema>;

/** SPEC 3 "Log entry", as GET /api/buildings/:ref/logs answers it (newest first). */
export const logEntrySchema = z.object({
  id: z.string(),
  /** Milliseconds since the epoch. */
  date: z.number(),
  lastModified: z.number(),
  message: z.string(),
  indexes: z.array(z.string()),
  schemaVersion: z.number().int(),
  source: logSourceSchema,
  event: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  changes: z.array(logChangeSchema).nullable(),
});
export type LogEntry = z.output<typeof logEntrySchema>;
