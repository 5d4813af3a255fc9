import { z } from 'zod';
import { emailSchema, limits, nameSchema } from './common';
import { locales } from '../locale';

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
