import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  authStatusSchema,
  currentSessionSchema,
  emailSchema,
  emailVerifiedSchema,
  languageSchema,
  locales,
  nameSchema,
  passwordChangedSchema,
  passwordResetRequestedSchema,
  passwordSchema,
  signedInSchema,
  signedOutSchema,
  signedUpSchema,
  translate,
} from '@copro/domain';
import { trustedOriginsOf } from '../../platform/auth';
import type { Platform } from '../../platform/platform';
import { publicRoute } from '../../platform/routes';
import { sessionLanguageRoutes } from './session-language';
import { createThrottle, type SignInOutcome, type Throttle } from './throttle';

/** How an endpoint is throttled: sign-in failures, or the emailed links it sends. */
type Throttling =
  | { kind: 'signIn' }
  /** `silent`: the usual answer, sent without forwarding once the account's hourly limit is reached. */
  | { kind: 'mail'; silent?: unknown };

interface Endpoint {
  method: 'GET' | 'POST';
  url: string;
  body?: z.ZodType;
  /** What better-auth answers on success; the answer is parsed through it on the way out. */
  response: z.ZodType;
  throttle?: Throttling;
}

/**
 * The better-auth endpoints Copro uses, each its own route so it is documented and listed with
 * its permission. Others (update-user, change-email, delete-user, social sign-in, the reset link's
 * redirect…) stay closed: profile edits go through /api/me and its shared schema. Bodies better-auth
 * would accept too loosely are checked first with the shared schemas.
 */
const endpoints: Endpoint[] = [
  { method: 'GET', url: '/api/auth/get-session', response: currentSessionSchema },
  { method: 'GET', url: '/api/auth/verify-email', response: emailVerifiedSchema },
  {
    method: 'POST',
    url: '/api/auth/sign-up/email',
    body: z.object({
      name: nameSchema,
      email: emailSchema,
      password: passwordSchema,
      locale: z.enum(locales).optional(),
    }),
    response: signedUpSchema,
    // A taken address gets no mail and a new one becomes taken: only the address's limit applies.
    throttle: { kind: 'mail' },
  },
  // SPEC 5 "Sign-in": email valid, password a string. `language`: the sign-in page's, the session's.
  {
    method: 'POST',
    url: '/api/auth/sign-in/email',
    body: z.object({
      email: emailSchema,
      password: z.string().min(1).max(200),
      language: languageSchema.optional(),
    }),
    response: signedInSchema,
    throttle: { kind: 'signIn' },
  },
  { method: 'POST', url: '/api/auth/sign-out', response: signedOutSchema },
  {
    method: 'POST',
    url: '/api/auth/send-verification-email',
    body: z.object({ email: emailSchema }),
    response: authStatusSchema,
    throttle: { kind: 'mail', silent: { status: true } },
  },
  {
    method: 'POST',
    url: '/api/auth/request-password-reset',
    body: z.object({ email: emailSchema }),
    response: passwordResetRequestedSchema,
    throttle: {
      kind: 'mail',
      // better-auth's own answer for any address.
      silent: {
        status: true,
        message: 'If this email exists in our system, check your email for the reset link',
      },
    },
  },
  {
    method: 'POST',
    url: '/api/auth/reset-password',
    body: z.object({ newPassword: passwordSchema, token: z.string().min(1).max(200) }),
    response: authStatusSchema,
  },
  // Other sessions always end (platform/auth.ts); better-auth's revokeOtherSessions is not passed on.
  {
    method: 'POST',
    url: '/api/auth/change-password',
    body: z.object({ currentPassword: z.string().min(1).max(200), newPassword: passwordSchema }),
    response: passwordChangedSchema,
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

const bodyOf = (req: FastifyRequest): Record<string, unknown> =>
  req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function signInOutcome(status: number, answer: unknown): SignInOutcome {
  if (status >= 200 && status < 300) return 'signedIn';
  const code = (answer as { code?: unknown } | undefined)?.code;
  return code === 'INVALID_EMAIL_OR_PASSWORD' ? 'wrongCredentials' : 'other';
}

/** Hands the request to better-auth as a Fetch Request and copies its answer back. */
async function forward(
  platform: Platform,
  throttle: Throttle,
  endpoint: Endpoint,
  req: FastifyRequest,
  reply: FastifyReply,
) {
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
  const { language, ...body } = bodyOf(req);
  const email = typeof body.email === 'string' ? body.email : '';
  let attempt: number | null = null;
  if (endpoint.throttle?.kind === 'signIn') attempt = await throttle.beginSignIn(req.ip, email);
  if (endpoint.throttle?.kind === 'mail') {
    const perAccount = endpoint.throttle.silent !== undefined;
    if ((await throttle.mailRequest(req.ip, email, perAccount)) === 'silent')
      return reply.status(200).send(endpoint.throttle.silent);
  }

  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.append(key, Array.isArray(value) ? value.join(', ') : value);
  }
  // The session a sign-in opens speaks the sign-in page's language (platform/auth.ts reads it here).
  if (typeof language === 'string') headers.set('accept-language', language);
  const response = await platform.auth.handler(
    new Request(url, {
      method: req.method,
      headers,
      ...(req.method !== 'GET' ? { body: JSON.stringify(body) } : {}),
    }),
  );
  const text = response.body ? await response.text() : '';
  const answer = text ? parseJson(text) : undefined;
  if (attempt !== null) {
    await throttle.settleSignIn(attempt, req.ip, email, signInOutcome(response.status, answer));
  }

  reply.status(response.status);
  for (const [key, value] of response.headers) {
    // Fastify sets the length of what it sends, which is not better-auth's once parsed.
    if (!['set-cookie', 'content-length'].includes(key.toLowerCase())) reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  // A success goes out through the route's response schema (parsed once, serialized once): what
  // the schema does not list (the session's token, its address…) is not sent. Anything else as is.
  if (response.ok && answer !== undefined) return reply.send(answer);
  return reply.send(text || null);
}

export function authRoutes(app: FastifyInstance, platform: Platform): void {
  const throttle = createThrottle(platform.db, platform.config);
  for (const endpoint of endpoints) {
    app.route({
      method: endpoint.method,
      url: endpoint.url,
      config: { permission: publicRoute },
      schema: {
        ...(endpoint.body ? { body: endpoint.body } : {}),
        response: { 200: endpoint.response },
      },
      handler: (req, reply) => forward(platform, throttle, endpoint, req, reply),
    });
  }
  sessionLanguageRoutes(app, platform);
}
