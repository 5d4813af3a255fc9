import { z } from 'zod';
import { timestampSchema } from './common';

// Responses of the system routes: health, version, the building's logo, the live event streams
// and the demo mailbox. The remote config answers `remoteConfigSchema` (schemas/remote-config.ts).

/** GET /api/health: 200 when the database answers, 503 when it does not. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['pglite', 'pg']),
  version: z.string(),
});
export type Health = z.output<typeof healthSchema>;

/** GET /api/version. */
export const versionSchema = z.object({ version: z.string() });

/** GET /api/buildings/logo (SPEC 7): the building's logo URL, if it has one. */
export const buildingLogoSchema = z.object({ logoUrl: z.string().nullable() });

/**
 * GET /api/events and /api/events/memberships: a server-sent-event stream, never JSON. Each
 * change is an `event: change` whose data is a `liveChangeSchema`. Documented only: the route
 * writes the stream itself (a hijacked reply is not serialized).
 */
export const liveEventStreamSchema = z.string().meta({
  description:
    'text/event-stream: `event: change` messages whose data is {collection, ids, buildingRef?} as JSON',
});

/** The data of one `event: change`: ids empty means "anything in the collection may have changed". */
export const liveChangeSchema = z.object({
  collection: z.string(),
  ids: z.array(z.string()),
  /** On the memberships stream only: the building the change happened in. */
  buildingRef: z.string().optional(),
});
export type LiveChange = z.output<typeof liveChangeSchema>;

/** GET /api/demo/mailbox: the demo server's latest outgoing mails, newest first. */
export const demoMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: timestampSchema,
});
export type DemoMail = z.output<typeof demoMailSchema>;
