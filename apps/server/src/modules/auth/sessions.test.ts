import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { currentSessionSchema, emailVerifiedSchema, signedInSchema } from '@copro/domain';
import { outbox } from '../../db/schema/index';
import { createUser, createHarness, signIn, testPassword, type Harness } from '../../test/harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

/** Signs in through the page's endpoint, as the sign-in page does, and keeps the session cookie. */
async function signInWith(email: string, body: object = {}, headers: Record<string, string> = {}) {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password: testPassword, ...body },
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

const get = (cookie: string, url: string) => h.app.inject({ method: 'GET', url, headers: { cookie } });
const put = (cookie: string, url: string, payload: object) =>
  h.app.inject({ method: 'PUT', url, payload, headers: { cookie } });
/** A signed-in answer with a message: an unknown building is "not found" in the session's language. */
const notFoundMessage = async (cookie: string) =>
  (await get(cookie, '/api/buildings/no-such-building')).json().message as string;

describe('the session language', () => {
  it('is the sign-in page’s; switching it in one session leaves the other session’s answers alone', async () => {
    const u = await createUser(h, 'two-tabs', { locale: 'en-CA' });
    const laptop = await signInWith(u.email, { language: 'en' });
    const phone = await signInWith(u.email, { language: 'fr' });
    expect(await notFoundMessage(laptop)).toBe('Not found.');
    expect(await notFoundMessage(phone)).toBe('Introuvable.');

    const switched = await put(laptop, '/api/session/language', { language: 'fr' });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toEqual({ language: 'fr' });
    expect(await notFoundMessage(laptop)).toBe('Introuvable.');
    await put(phone, '/api/session/language', { language: 'en' });
    expect(await notFoundMessage(phone)).toBe('Not found.');
    expect(await notFoundMessage(laptop)).toBe('Introuvable.');

    // get-session tells the web which language to show after a reload.
    const session = currentSessionSchema.parse((await get(laptop, '/api/auth/get-session')).json());
    expect(session?.session.language).toBe('fr');
    // The user's own locale (their mails' language) stays the profile's.
    expect((await get(laptop, '/api/me')).json().locale).toBe('en-CA');
  });

  it('follows the user’s locale when the sign-in said nothing, and Accept-Language when that is all it said', async () => {
    const u = await createUser(h, 'quiet', { locale: 'fr-CA' });
    expect(await notFoundMessage(await signIn(h, u.email))).toBe('Introuvable.');
    const english = await signInWith(u.email, {}, { 'accept-language': 'en-CA,en;q=0.9' });
    expect(await notFoundMessage(english)).toBe('Not found.');
  });

  it('is changed only by a signed-in caller, to a language the app speaks', async () => {
    const anonymous = await h.app.inject({
      method: 'PUT',
      url: '/api/session/language',
      payload: { language: 'fr' },
    });
    expect(anonymous.statusCode).toBe(401);
    const u = await createUser(h, 'bad-language');
    const bad = await put(u.cookie, '/api/session/language', { language: 'de' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual([
      expect.objectContaining({ path: ['language'], key: 'validation.invalidEnum' }),
    ]);
  });

  it('is not set through a better-auth body', async () => {
    const u = await createUser(h, 'sneaky');
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: u.email, password: testPassword, language: 'x'.repeat(50) },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('what the sign-in endpoints answer', () => {
  it('answers sign-in and get-session through their schemas, without the session token in the page’s reach', async () => {
    const u = await createUser(h, 'contract');
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: u.email, password: testPassword, language: 'fr' },
    });
    expect(signedInSchema.strict().parse(res.json()).user.email).toBe(u.email);
    const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const session = (await get(cookie, '/api/auth/get-session')).json();
    expect(currentSessionSchema.parse(session)).toEqual(session);
    expect(session.session).not.toHaveProperty('token');
    expect(session.session).not.toHaveProperty('ipAddress');
    expect(session.session.language).toBe('fr');
    // A visitor gets null, not a 401.
    const visitor = await h.app.inject({ method: 'GET', url: '/api/auth/get-session' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toBeNull();
  });
});

describe('passwords and the other sessions and tokens', () => {
  it('changing the password ends the other sessions; this one stays, in its language', async () => {
    const u = await createUser(h, 'changer', { locale: 'en-CA' });
    const here = await signInWith(u.email, { language: 'fr' });
    const elsewhere = await signInWith(u.email, { language: 'en' });
    const refused = await h.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie: here },
      payload: { currentPassword: 'not-the-password', newPassword: 'changed-pass-1' },
    });
    expect(refused.statusCode).toBe(400);
    // A refused change ends nothing.
    expect((await get(elsewhere, '/api/me')).statusCode).toBe(200);
    const changed = await h.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie: here },
      // Asking better-auth to keep the other sessions changes nothing.
      payload: { currentPassword: testPassword, newPassword: 'changed-pass-1', revokeOtherSessions: false },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().token).toBeNull();
    expect((await get(here, '/api/me')).statusCode).toBe(200);
    expect(await notFoundMessage(here)).toBe('Introuvable.');
    expect((await get(elsewhere, '/api/me')).statusCode).toBe(401);
    expect((await get(u.cookie, '/api/me')).statusCode).toBe(401);
  });

  it('using a reset link ends the other links still in the mailbox', async () => {
    const u = await createUser(h, 'two-links');
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      const ask = await h.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email: u.email },
      });
      expect(ask.statusCode).toBe(200);
      const [mail] = await h.platform.db
        .select()
        .from(outbox)
        .where(eq(outbox.to, u.email))
        .orderBy(desc(outbox.createdAt), desc(outbox.id))
        .limit(1);
      const match = /mode=resetPassword&token=([^\s&]+)/.exec(mail?.text ?? '');
      if (!match?.[1]) throw new Error('no reset link');
      tokens.push(decodeURIComponent(match[1]));
    }
    expect(new Set(tokens).size).toBe(2);
    const [older, newer] = tokens as [string, string];
    const reset = await h.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { newPassword: 'reset-pass-22', token: newer },
    });
    expect(reset.statusCode).toBe(200);
    const stale = await h.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { newPassword: 'attacker-pass-1', token: older },
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().code).toBe('INVALID_TOKEN');
    await signIn(h, u.email, 'reset-pass-22');
  });

  it('confirms an address by the emailed link and opens a session in the page’s language', async () => {
    const email = 'confirm-me@example.test';
    const signUp = await h.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Confirm', email, password: 'long-enough-1', locale: 'en-CA' },
    });
    expect(signUp.statusCode).toBe(200);
    const [mail] = await h.platform.db.select().from(outbox).where(eq(outbox.to, email)).limit(1);
    const token = /mode=verifyEmail&token=([^\s&]+)/.exec(mail?.text ?? '')?.[1];
    if (!token) throw new Error('no verification link');
    const verified = await h.app.inject({
      method: 'GET',
      url: `/api/auth/verify-email?token=${token}`,
      headers: { 'accept-language': 'fr' },
    });
    expect(verified.statusCode).toBe(200);
    expect(emailVerifiedSchema.parse(verified.json())).toEqual({ status: true, user: null });
    const cookie = verified.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    expect(await notFoundMessage(cookie)).toBe('Introuvable.');
  });
});
