import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { passwordResetRequestedSchema } from '@copro/domain';
import { outbox, signInFailure } from '../../db/schema/index';
import { createUser, createHarness, testPassword, type Harness } from '../../test/harness';
import { throttleLimits } from './throttle';

let h: Harness;
beforeAll(async () => {
  // The production limit: five wrong passwords.
  h = await createHarness({ signInMaxFailures: 5 });
});
afterAll(async () => h.close());

let nextAddress = 10;
/** A client address of its own for each test, as a different machine would have. */
const newAddress = (): string => `203.0.113.${nextAddress++}`;

const signInFrom = (address: string, email: string, password: string, headers: Record<string, string> = {}) =>
  h.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
    remoteAddress: address,
    headers,
  });

const postFrom = (address: string, url: string, payload: object, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'POST', url, payload, remoteAddress: address, headers });

async function mailsTo(email: string): Promise<number> {
  const [row] = await h.platform.db.select({ n: count() }).from(outbox).where(eq(outbox.to, email));
  return row?.n ?? 0;
}

describe('sign-in failures count per address and account', () => {
  it('locks the guessing address out of the account, while the owner signs in from another address', async () => {
    const owner = await createUser(h, 'targeted');
    const attacker = newAddress();
    for (let i = 0; i < 5; i++) {
      expect((await signInFrom(attacker, owner.email, `guess-${i}`)).statusCode).toBe(401);
    }
    // Even the right password is refused from the guessing address, in the caller's language.
    const locked = await signInFrom(attacker, owner.email, testPassword, { 'accept-language': 'fr-CA' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      code: 'tooManyRequests',
      message: 'Trop de tentatives. Veuillez patienter quelques minutes avant de réessayer.',
    });
    // The owner, from home, is not locked out.
    const home = await signInFrom(newAddress(), owner.email, testPassword);
    expect(home.statusCode).toBe(200);
    expect(home.cookies.some((c) => c.name.endsWith('session_token'))).toBe(true);
    // The guessing address still reaches other accounts (a shared office address is not cut off).
    const colleague = await createUser(h, 'colleague');
    expect((await signInFrom(attacker, colleague.email, testPassword)).statusCode).toBe(200);
  });

  it('counts parallel guesses against each other: never more than five passwords tried', async () => {
    const owner = await createUser(h, 'parallel');
    const attacker = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => signInFrom(attacker, owner.email, `parallel-guess-${i}`)),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    // A refused guess tried no password and does not count; the ones tried do, up to five in all.
    let tried = statuses.filter((s) => s === 401).length;
    for (let i = 0; i < 6 && tried < 6; i++) {
      const next = await signInFrom(attacker, owner.email, `one-more-${i}`);
      if (next.statusCode === 429) break;
      expect(next.statusCode).toBe(401);
      tried++;
    }
    expect(tried).toBe(5);
    expect((await signInFrom(attacker, owner.email, testPassword)).statusCode).toBe(429);
  });

  it('forgets an address’s failures for the account once it signs in', async () => {
    const owner = await createUser(h, 'typo');
    const address = newAddress();
    for (let i = 0; i < 4; i++)
      expect((await signInFrom(address, owner.email, 'typo-typo')).statusCode).toBe(401);
    expect((await signInFrom(address, owner.email, testPassword)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await signInFrom(address, owner.email, 'typo-again')).statusCode).toBe(401);
    expect((await signInFrom(address, owner.email, testPassword)).statusCode).toBe(200);
  });

  it('refuses an address that failed on too many accounts, for every account', async () => {
    const address = newAddress();
    const limit = 5 * throttleLimits.addressFailuresFactor;
    // The failures of a long guessing run over many accounts, recorded as the server records them.
    await h.platform.db
      .insert(signInFailure)
      .values(Array.from({ length: limit }, (_, i) => ({ address, email: `victim-${i}@example.test` })));
    const fresh = await createUser(h, 'fresh');
    expect((await signInFrom(address, fresh.email, testPassword)).statusCode).toBe(429);
    expect((await signInFrom(newAddress(), fresh.email, testPassword)).statusCode).toBe(200);
  });
});

describe('emailed links are limited per address and per account', () => {
  it('refuses an address past its hourly limit of mails, with a localized 429', async () => {
    const address = newAddress();
    for (let i = 0; i < throttleLimits.mailsPerAddress; i++) {
      const ask = await postFrom(address, '/api/auth/request-password-reset', {
        email: `someone-${i}@example.test`,
      });
      expect(ask.statusCode).toBe(200);
    }
    const refused = await postFrom(
      address,
      '/api/auth/request-password-reset',
      { email: 'one-more@example.test' },
      { 'accept-language': 'fr-CA' },
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'Trop de tentatives. Veuillez patienter quelques minutes avant de réessayer.',
    );
    // Verification mails and sign-ups share the address's limit.
    const verification = await postFrom(address, '/api/auth/send-verification-email', {
      email: 'one-more@example.test',
    });
    expect(verification.statusCode).toBe(429);
    const signUp = await postFrom(address, '/api/auth/sign-up/email', {
      name: 'Spam',
      email: 'spam-account@example.test',
      password: 'long-enough-1',
    });
    expect(signUp.statusCode).toBe(429);
    expect(await mailsTo('spam-account@example.test')).toBe(0);
    // Another address is not affected.
    const elsewhere = await postFrom(newAddress(), '/api/auth/request-password-reset', {
      email: 'one-more@example.test',
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('sends an account at most a few reset mails an hour, answering every request the same', async () => {
    const u = await createUser(h, 'flooded');
    const answers = [];
    for (let i = 0; i < throttleLimits.mailsPerAccount + 2; i++) {
      // From a new address each time: the account's own limit, not an address's.
      const ask = await postFrom(newAddress(), '/api/auth/request-password-reset', { email: u.email });
      expect(ask.statusCode).toBe(200);
      answers.push(ask.json());
    }
    expect(await mailsTo(u.email)).toBe(throttleLimits.mailsPerAccount);
    // The silent answers are the very answer of a sent mail, so they tell nothing about the account.
    for (const answer of answers) {
      expect(answer).toEqual(answers[0]);
      expect(passwordResetRequestedSchema.strict().parse(answer)).toEqual(answer);
    }
  });
});
