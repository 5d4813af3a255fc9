import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { sessionLanguageSchema } from '@copro/domain';
import { session } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { signedIn } from '../../platform/routes';
import { typed } from '../../platform/typed';

/**
 * The language switch: it changes this session's language only, so another device or browser of
 * the same person keeps its own. The user's locale (the language of their mails) is the profile's.
 */
export function sessionLanguageRoutes(app: FastifyInstance, platform: Platform): void {
  typed(app).put(
    '/api/session/language',
    {
      config: { permission: signedIn },
      schema: { body: sessionLanguageSchema, response: { 200: sessionLanguageSchema } },
    },
    async (req) => {
      const id = req.ctx.sessionId;
      if (!id) throw new AppError('unauthenticated');
      await platform.db.update(session).set({ language: req.body.language }).where(eq(session.id, id));
      // Messages of this very answer already speak the new language.
      req.ctx.language = req.body.language;
      return { language: req.body.language };
    },
  );
}
