import { z } from 'zod';
import { locales } from '../locale';

/** GET and PATCH /api/me: the signed-in person's own account. */
export const meSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** Null until the person picks one: the device's language applies meanwhile. */
  locale: z.enum(locales).nullable(),
  signature: z.string().nullable(),
  emailVerified: z.boolean(),
});
export type Me = z.output<typeof meSchema>;
