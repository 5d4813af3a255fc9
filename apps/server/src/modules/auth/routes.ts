import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { emailSchema, locales, nameSchema, passwordSchema } from '@copro/domain';
import type { Platform } from '../../platform/platform';
import { publicRoute } from '../../platform/routes';

/**
 * The better-auth endpoints Copro uses, each its own route so it is documented and listed with
 * its permission. Others (update-user, change-email, delete-user, social sign-in…) stay closed:
 * profile edits go through /api/me and its shared schema. Bodies better-auth would accept too
 * loosely are checked first with the shared schemas.
 */
const endpoints: { method: 'GET' | 'POST'; url: string; body?: z.ZodType }[] = [
  { method: 'GET', url: '/api/auth/get-session' },
  { method: 'GET', url: '/api/auth/verify-email' },
  { method: 'GET', url: '/api/auth/reset-password/:token' },
  {
    method: 'POST',
    url: '/api/auth/sign-up/email',
    body: z.object({
      name: nameSchema,
      email: emailSchema,
      password: passwordSchema,
      locale: z.enum(locales).optional(),
    }),
  },
  // SPEC 5 "Sign-in": email valid, password a string.
  {
    method: 'POST',
    url: '/api/auth/sign-in/email',
    body: z.object({ email: emailSchema, password: z.string().min(1).max(200) }),
  },
  { method: 'POST', url: '/api/auth/sign-out' },
  { method: 'POST', url: '/api/auth/send-verification-email', body: z.object({ email: emailSchema }) },
  { method: 'POST', url: '/api/auth/request-password-reset', body: z.object({ email: emailSchema }) },
  {
    method: 'POST',
    url: '/api/auth/reset-password',
    body: z.object({ newPassword: passwordSchema, token: z.string().min(1).max(200) }),
  },
  {
    method: 'POST',
    url: '/api/auth/change-password',
    body: z.object({
      currentPassword: z.string().min(1).max(200),
      newPassword: passwordSchema,
      revokeOtherSessions: z.boolean().optional(),
    }),
  },
];

/** Hands the request to better-auth as a Fetch Request and copies its answer back. */
async function forward(platform: Platform, req: FastifyRequest, reply: FastifyReply) {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.append(key, Array.isArray(value) ? value.join(', ') : value);
  }
  const response = await platform.auth.handler(
    new Request(new URL(req.url, platform.config.publicUrl), {
      method: req.method,
      headers,
      ...(req.method !== 'GET' ? { body: JSON.stringify(req.body ?? {}) } : {}),
    }),
  );
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key.toLowerCase() !== 'set-cookie') reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  return reply.send(response.body ? await response.text() : null);
}

export function authRoutes(app: FastifyInstance, platform: Platform): void {
  for (const endpoint of endpoints) {
    app.route({
      method: endpoint.method,
      url: endpoint.url,
      config: { permission: publicRoute },
      ...(endpoint.body ? { schema: { body: endpoint.body } } : {}),
      handler: (req, reply) => forward(platform, req, reply),
    });
  }
}
