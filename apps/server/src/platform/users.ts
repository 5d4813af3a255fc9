import type { Auth } from './auth';

/**
 * Creates an account with a password through better-auth's own adapter and hasher — for the
 * demo seed and tests, which need verified users without going through the emailed link.
 */
export async function createUserWithPassword(
  auth: Auth,
  input: { email: string; name: string; password: string; locale?: string; verified?: boolean },
  /** The password's hash when the caller already has it: scrypt is slow by design. */
  passwordHash?: string,
): Promise<string> {
  const ctx = await auth.$context;
  const created = await ctx.internalAdapter.createUser(
    {
      email: input.email.toLowerCase(),
      name: input.name,
      emailVerified: input.verified ?? true,
      ...(input.locale ? { locale: input.locale } : {}),
    },
    { method: 'email-password' },
  );
  await ctx.internalAdapter.linkAccount({
    userId: created.id,
    providerId: 'credential',
    accountId: created.id,
    password: passwordHash ?? (await ctx.password.hash(input.password)),
  });
  return created.id;
}
