import type { Locale } from '@copro/domain';
import { api } from '../../app/api';

/** The better-auth endpoints the auth pages call; failures arrive as ApiError with our codes. */
export const authApi = {
  signIn: (body: { email: string; password: string }) =>
    api<unknown>('/api/auth/sign-in/email', { method: 'POST', body }),
  signUp: (body: { name: string; email: string; password: string; locale: Locale }) =>
    api<unknown>('/api/auth/sign-up/email', { method: 'POST', body }),
  requestPasswordReset: (body: { email: string }) =>
    api<unknown>('/api/auth/request-password-reset', { method: 'POST', body }),
  resetPassword: (body: { newPassword: string; token: string }) =>
    api<unknown>('/api/auth/reset-password', { method: 'POST', body }),
  verifyEmail: (token: string) => api<unknown>(`/api/auth/verify-email?token=${encodeURIComponent(token)}`),
};
