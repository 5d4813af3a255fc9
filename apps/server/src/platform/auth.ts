import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { bearer } from 'better-auth/plugins';
import { and, count, eq, gt, lt } from 'drizzle-orm';
import { languageOf, limits } from '@copro/domain';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { account, rateLimit, session, signInFailure, user, verification } from '../db/schema/index';
import { actionMail, type Mailer } from './mail';

export interface AuthDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  secret: string;
}

const emailOf = (body: unknown): string | null => {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : null;
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
  const windowMs = config.signInFailureWindowMinutes * 60 * 1000;
  const recentFailures = async (email: string): Promise<number> => {
    const [row] = await db
      .select({ n: count() })
      .from(signInFailure)
      .where(and(eq(signInFailure.email, email), gt(signInFailure.at, new Date(Date.now() - windowMs))));
    return row?.n ?? 0;
  };

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
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    rateLimit: { enabled: false },
    plugins: [bearer()],
    databaseHooks: {
      session: {
        create: {
          before: async (s) => {
            const [row] = await db
              .select({ disabled: user.disabled })
              .from(user)
              .where(eq(user.id, s.userId));
            if (row?.disabled)
              throw new APIError('FORBIDDEN', {
                code: 'USER_DISABLED',
                message: 'Account has been disabled',
              });
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/sign-in/email') return;
        const email = emailOf(ctx.body);
        if (email && (await recentFailures(email)) >= config.signInMaxFailures) {
          throw new APIError('TOO_MANY_REQUESTS', {
            code: 'TOO_MANY_REQUESTS',
            message: 'Too many requests',
          });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/sign-in/email') return;
        const returned = ctx.context.returned;
        const email = emailOf(ctx.body);
        if (email && returned instanceof APIError && returned.body?.code === 'INVALID_EMAIL_OR_PASSWORD') {
          await db.insert(signInFailure).values({ email });
          // Failures older than the window no longer count: drop them so the table stays small.
          await db.delete(signInFailure).where(lt(signInFailure.at, new Date(Date.now() - windowMs)));
        }
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
