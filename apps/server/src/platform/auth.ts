import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { bearer } from 'better-auth/plugins';
import { and, eq, like, ne } from 'drizzle-orm';
import { languageOf, limits, resolveLanguage, type Language } from '@copro/domain';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { account, rateLimit, session, user, verification } from '../db/schema/index';
import { actionMail, type Mailer } from './mail';

export interface AuthDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  secret: string;
}

/**
 * The language of the page that opened a session: the sign-in page sends the one it shows (the auth
 * routes pass it on as Accept-Language), a bare client whatever its Accept-Language says, else none.
 */
const requestLanguageOf = (headers: Headers | undefined): Language | null => {
  const accept = headers?.get('accept-language');
  return accept ? resolveLanguage(null, accept) : null;
};

/**
 * The origins whose pages may call the auth endpoints: PUBLIC_URL's. Without PUBLIC_URL (the address
 * is then a guess, localhost), also the address the request reached, so a browser that opened Copro
 * at 127.0.0.1 or at the machine's network address is same-origin. The auth routes give better-auth
 * that address as the request's URL, built from its Host (X-Forwarded-Host only behind a trusted proxy).
 */
export function trustedOriginsOf(config: Config, requestUrl: string | undefined): string[] {
  const publicOrigin = new URL(config.publicUrl).origin;
  if (config.publicUrlSet || !requestUrl) return [publicOrigin];
  return [publicOrigin, new URL(requestUrl).origin];
}

/**
 * better-auth does the password hashing, sessions (httpOnly cookies, or a bearer token) and the
 * emailed tokens. Our mails link to /_auth so the web app handles the action in the user's language.
 */
export function createAuth({ config, db, mailer, secret }: AuthDeps) {
  return betterAuth({
    appName: 'Copro',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: (request) => trustedOriginsOf(config, request?.url),
    database: drizzleAdapter(db, {
      provider: 'pg',
      transaction: false,
      schema: { user, session, account, verification, rateLimit },
    }),
    user: {
      additionalFields: {
        locale: { type: 'string', required: false },
        signature: { type: 'string', required: false },
        disabled: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: limits.password.min,
      maxPasswordLength: limits.password.max,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      // A used link ends the other links still in the user's mailbox: a leaked older one is worthless.
      onPasswordReset: async ({ user: u }) => {
        await db
          .delete(verification)
          .where(and(eq(verification.value, u.id), like(verification.identifier, 'reset-password:%')));
      },
      sendResetPassword: async ({ user: u, token }) => {
        const url = `${config.publicUrl}/_auth?mode=resetPassword&token=${encodeURIComponent(token)}`;
        await mailer.queue(
          db,
          actionMail(languageOf(localeOf(u)), { to: u.email, name: u.name, key: 'mail.reset', url }),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user: u, token }) => {
        const url = `${config.publicUrl}/_auth?mode=verifyEmail&token=${encodeURIComponent(token)}`;
        await mailer.queue(
          db,
          actionMail(languageOf(localeOf(u)), { to: u.email, name: u.name, key: 'mail.verify', url }),
        );
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      additionalFields: {
        // Set when the session opens and by PUT /api/session/language, never by a better-auth body.
        language: { type: 'string', required: false, input: false },
      },
    },
    rateLimit: { enabled: false },
    plugins: [bearer()],
    databaseHooks: {
      session: {
        create: {
          before: async (s, ctx) => {
            const [row] = await db
              .select({ disabled: user.disabled })
              .from(user)
              .where(eq(user.id, s.userId));
            if (row?.disabled)
              throw new APIError('FORBIDDEN', {
                code: 'USER_DISABLED',
                message: 'Account has been disabled',
              });
            return { data: { ...s, language: requestLanguageOf(ctx?.headers ?? ctx?.request?.headers) } };
          },
        },
      },
    },
    hooks: {
      // Changing a password ends the user's other sessions (another device may be the reason for the
      // change); this one stays, with its language. better-auth's own revokeOtherSessions would
      // replace this session too, so the route does not pass it on.
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/change-password' || ctx.context.returned instanceof Error) return;
        const current = ctx.context.session?.session;
        if (!current) return;
        await db.delete(session).where(and(eq(session.userId, current.userId), ne(session.id, current.id)));
      }),
    },
    advanced: { cookiePrefix: 'copro' },
  });
}

const localeOf = (u: unknown): string | null => {
  const locale = (u as { locale?: unknown }).locale;
  return typeof locale === 'string' ? locale : null;
};

export type Auth = ReturnType<typeof createAuth>;
