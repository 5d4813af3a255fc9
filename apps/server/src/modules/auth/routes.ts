import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { emailSchema, locales, nameSchema, passwordSchema, translate } from '@copro/domain';
import { trustedOriginsOf } from '../../platform/auth';
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

/**
 * The address the request reached: its Host, or X-Forwarded-Host and -Proto behind a trusted proxy
 * (Fastify's trustProxy). better-auth reads it as the request's URL; see trustedOriginsOf.
 */
function addressReached(platform: Platform, req: FastifyRequest): string {
  if (platform.config.publicUrlSet) return platform.config.publicUrl;
  try {
    return new URL(`${req.protocol}://${req.host}`).origin;
  } catch {
    return platform.config.publicUrl;
  }
}

/** The page a browser's call comes from, as better-auth reads it: Origin, else Referer. */
function callerOrigin(req: FastifyRequest): string | null {
  const origin = req.headers.origin ?? req.headers.referer;
  if (!origin || origin === 'null') return null;
  try {
    return new URL(origin).origin;
  } catch {
    return origin;
  }
}

/** Hands the request to better-auth as a Fetch Request and copies its answer back. */
async function forward(platform: Platform, req: FastifyRequest, reply: FastifyReply) {
  const url = new URL(req.url, addressReached(platform, req));
  // better-auth refuses a page of another origin too, but as "Invalid origin", which the user reads
  // as any refusal: say which address to open instead.
  const caller = callerOrigin(req);
  if (req.method !== 'GET' && caller && !trustedOriginsOf(platform.config, url.href).includes(caller)) {
    return reply.status(403).send({
      code: 'originNotAllowed',
      message: translate(req.ctx.language, 'auth.originNotAllowed', { publicUrl: platform.config.publicUrl }),
    });
  }
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.append(key, Array.isArray(value) ? value.join(', ') : value);
  }
  const response = await platform.auth.handler(
    new Request(url, {
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
