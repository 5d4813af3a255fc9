import { z } from 'zod';
import { emailSchema, limits, nameSchema, timestampSchema } from './common';
import { languageOf, locales, type Language } from '../locale';

export const passwordSchema = z.string().min(limits.password.min).max(limits.password.max);

/**
 * "Passwords do not match" is shown with the form's other messages: zod skips an object's
 * refinements while any field fails, unless told when to run them.
 */
const passwordsMatch = <K extends string>(password: K) => ({
  path: ['confirmPassword'],
  message: 'validation.passwordsDoNotMatch',
  when: (payload: { value: unknown }) => {
    const value = payload.value as Record<string, unknown>;
    return typeof value[password] === 'string' && typeof value.confirmPassword === 'string';
  },
});

/** SPEC 5 "Sign-in": email valid, password a string. */
export const signInSchema = z.object({ email: emailSchema, password: z.string().min(1) });
export type SignIn = z.infer<typeof signInSchema>;

export const signUpSchema = z
  .object({
    name: nameSchema,
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string(),
    acceptTerms: z.literal(true, { message: 'validation.mustAgree' }),
  })
  .refine((v) => v.password === v.confirmPassword, passwordsMatch('password'));
export type SignUp = z.infer<typeof signUpSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z
  .object({ newPassword: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, passwordsMatch('newPassword'));

export const changePasswordSchema = z
  .object({ currentPassword: z.string().min(1), newPassword: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, passwordsMatch('newPassword'));

/** /account: name, locale and email signature. */
export const profileSchema = z.object({
  name: nameSchema,
  locale: z.enum(locales),
  signature: z.string().max(limits.signature).optional(),
});
export type Profile = z.infer<typeof profileSchema>;

// ---- Answers of the sign-in endpoints (better-auth's, parsed through these on the way out) ----

export const languages = ['en', 'fr'] as const satisfies readonly Language[];
export const languageSchema = z.enum(languages);

/** The person as the sign-in endpoints answer it. A locale the app does not know reads as none. */
export const authUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  locale: z.enum(locales).nullish().catch(null),
  signature: z.string().nullish(),
  disabled: z.boolean().nullish(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type AuthUser = z.output<typeof authUserSchema>;

/**
 * One signed-in session, without its token (the cookie carries it, out of the page's reach).
 * `language` is the session's own interface language; null: the user's locale applies.
 */
export const authSessionSchema = z.object({
  id: z.string(),
  userId: z.string(),
  expiresAt: timestampSchema,
  language: languageSchema.nullish().catch(null),
});

/** GET /api/auth/get-session: the session and its user, or null for a visitor. */
export const currentSessionSchema = z.object({ session: authSessionSchema, user: authUserSchema }).nullable();
export type CurrentSession = z.output<typeof currentSessionSchema>;

/** POST /api/auth/sign-in/email. `token` is the session's, for a client that sends it as a bearer. */
export const signedInSchema = z.object({
  redirect: z.boolean(),
  token: z.string(),
  url: z.string().nullish(),
  user: authUserSchema,
});

/** POST /api/auth/sign-up/email: the same answer whether the address was new or taken. */
export const signedUpSchema = z.object({ token: z.string().nullable(), user: authUserSchema });

export const signedOutSchema = z.object({ success: z.boolean() });

/** Reset-password and send-verification-email: done, and nothing said about the account. */
export const authStatusSchema = z.object({ status: z.boolean() });

/** POST /api/auth/request-password-reset: the same neutral answer for any address. */
export const passwordResetRequestedSchema = z.object({ status: z.boolean(), message: z.string() });

/** GET /api/auth/verify-email (which also signs in): `user` only when an address change is confirmed. */
export const emailVerifiedSchema = z.object({ status: z.boolean(), user: authUserSchema.nullable() });

/** POST /api/auth/change-password: the session stays the same, so no new token. */
export const passwordChangedSchema = z.object({ token: z.string().nullable(), user: authUserSchema });

/** PUT /api/session/language: this session's interface language (the user's locale is the profile's). */
export const sessionLanguageSchema = z.object({ language: languageSchema });
export type SessionLanguage = z.output<typeof sessionLanguageSchema>;

/**
 * The language a session speaks: the one chosen for it (sign-in page, language switch), else its
 * user's locale, else none (the caller's Accept-Language decides).
 */
export function languageOfSession(
  sessionLanguage: string | null | undefined,
  userLocale: string | null | undefined,
): Language | null {
  if (sessionLanguage === 'en' || sessionLanguage === 'fr') return sessionLanguage;
  return userLocale ? languageOf(userLocale) : null;
}
