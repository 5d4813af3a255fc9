import {
  authStatusSchema,
  emailVerifiedSchema,
  passwordResetRequestedSchema,
  signedInSchema,
  signedUpSchema,
  type Language,
  type Locale,
} from '@copro/domain';
import { api } from '../../app/api';

/** The better-auth endpoints the auth pages call; failures arrive as ApiError with our codes. */
export const authApi = {
  /** `language`: the sign-in page's, which becomes the new session's. */
  signIn: (body: { email: string; password: string; language: Language }) =>
    api('/api/auth/sign-in/email', { method: 'POST', body, response: signedInSchema }),
  signUp: (body: { name: string; email: string; password: string; locale: Locale }) =>
    api('/api/auth/sign-up/email', { method: 'POST', body, response: signedUpSchema }),
  requestPasswordReset: (body: { email: string }) =>
    api('/api/auth/request-password-reset', { method: 'POST', body, response: passwordResetRequestedSchema }),
  resetPassword: (body: { newPassword: string; token: string }) =>
    api('/api/auth/reset-password', { method: 'POST', body, response: authStatusSchema }),
  verifyEmail: (token: string) =>
    api(`/api/auth/verify-email?token=${encodeURIComponent(token)}`, { response: emailVerifiedSchema }),
};
