import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { emailSchema, issuesOf, locales, nameSchema, passwordSchema } from '@copro/domain';
import { AppError } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { publicRoute } from '../../platform/routes';

/**
 * The better-auth endpoints Copro uses. Others (update-user, change-email, delete-user, social
 * sign-in…) stay closed: profile edits go through /api/me and its shared schema.
 */
const openEndpoints = new Set([
  'GET /api/auth/get-session',
  'GET /api/auth/verify-email',
  'GET /api/auth/reset-password/:token',
  'POST /api/auth/sign-up/email',
  'POST /api/auth/sign-in/email',
  'POST /api/auth/sign-out',
  'POST /api/auth/send-verification-email',
  'POST /api/auth/request-password-reset',
  'POST /api/auth/reset-password',
  'POST /api/auth/change-password',
]);

/** Bodies better-auth would accept too loosely are checked first with the shared schemas. */
const bodySchemas: Record<string, z.ZodType> = {
  'POST /api/auth/sign-up/email': z.object({
    name: nameSchema,
    email: emailSchema,
    password: passwordSchema,
    locale: z.enum(locales).optional(),
  }),
};

const endpointOf = (method: string, pathname: string): string =>
  `${method} ${pathname.replace(/^\/api\/auth\/reset-password\/[^/]+$/, '/api/auth/reset-password/:token')}`;

/**
 * better-auth answers everything under /api/auth (sign-up, sign-in, sign-out, verify-email,
 * request-password-reset, reset-password, change-password). Fastify hands it a Fetch Request.
 */
export function authRoutes(app: FastifyInstance, platform: Platform): void {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    config: { permission: publicRoute },
    async handler(req, reply) {
      const url = new URL(req.url, platform.config.publicUrl);
      const endpoint = endpointOf(req.method, url.pathname);
      if (!openEndpoints.has(endpoint)) throw new AppError('notFound');
      const schema = bodySchemas[endpoint];
      if (schema) {
        const parsed = schema.safeParse(req.body ?? {});
        if (!parsed.success) throw new AppError('validation', issuesOf(parsed.error));
      }
      const headers = new Headers();
      for (const [key, value] of Object.entries(req.headers)) {
        if (value !== undefined) headers.append(key, Array.isArray(value) ? value.join(', ') : value);
      }
      const response = await platform.auth.handler(
        new Request(url, {
          method: req.method,
          headers,
          ...(req.body !== undefined && req.method !== 'GET' ? { body: JSON.stringify(req.body) } : {}),
        }),
      );
      reply.status(response.status);
      for (const [key, value] of response.headers) {
        if (key.toLowerCase() !== 'set-cookie') reply.header(key, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      return reply.send(response.body ? await response.text() : null);
    },
  });
}
