import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { locales, meSchema, profileSchema, type Locale, type Me } from '@copro/domain';
import { user } from '../../../db/schema/index';
import { AppError } from '../../../platform/errors';
import type { Platform } from '../../../platform/platform';
import { signedIn, userOf } from '../../../platform/routes';
import { typed } from '../../../platform/typed';

const isLocale = (value: string | null): value is Locale =>
  (locales as readonly string[]).includes(value ?? '');

/** The signed-in person's own account: /account reads and edits it. */
export function accountRoutes(app: FastifyInstance, platform: Platform): void {
  const api = typed(app);
  const load = async (id: string): Promise<Me> => {
    const [row] = await platform.db
      .select({
        id: user.id,
        name: user.name,
        email: user.email,
        locale: user.locale,
        signature: user.signature,
        emailVerified: user.emailVerified,
      })
      .from(user)
      .where(eq(user.id, id));
    if (!row) throw new AppError('unauthenticated');
    // A sign-up may have stored a locale the app does not speak: the device's language applies then.
    return { ...row, locale: isLocale(row.locale) ? row.locale : null };
  };

  api.get(
    '/api/me',
    { config: { permission: signedIn }, schema: { response: { 200: meSchema } } },
    async (req) => load(userOf(req).id),
  );

  // Profile edits are the person's own data, not a building's: no building log entry applies.
  api.patch(
    '/api/me',
    { config: { permission: signedIn }, schema: { body: profileSchema, response: { 200: meSchema } } },
    async (req) => {
      await platform.db
        .update(user)
        .set({
          name: req.body.name,
          locale: req.body.locale,
          signature: req.body.signature ?? null,
          updatedAt: new Date(),
        })
        .where(eq(user.id, userOf(req).id));
      return load(userOf(req).id);
    },
  );
}
