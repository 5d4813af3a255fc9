import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { outbox, signInFailure } from '../../db/schema/index';
import {
  as,
  createHarness,
  createUser,
  disableUser,
  signIn,
  testPassword,
  type Harness,
} from '../../test/harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ signInMaxFailures: 3 });
});
afterAll(async () => h.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'POST', url, payload, headers });

async function lastMailTo(email: string) {
  const [mail] = await h.platform.db
    .select()
    .from(outbox)
    .where(eq(outbox.to, email))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
}

const tokenIn = (text: string, mode: string): string => {
  const match = new RegExp(`/_auth\\?mode=${mode}&token=([^\\s&]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${mode} link in: ${text}`);
  return decodeURIComponent(match[1]);
};

describe('sign-up and email verification', () => {
  it('refuses sign-in until the emailed link is followed, in the user language', async () => {
    const email = 'new-person@example.test';
    const signUp = await post('/api/auth/sign-up/email', {
      name: 'Nouvelle',
      email,
      password: 'long-enough-1',
      locale: 'fr-CA',
    });
    expect(signUp.statusCode).toBe(200);

    const refused = await post('/api/auth/sign-in/email', { email, password: 'long-enough-1' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('EMAIL_NOT_VERIFIED');

    const mail = await lastMailTo(email);
    expect(mail.subject).toBe('Confirmez votre adresse courriel');
    expect(mail.status).toBe('held');
    const verify = await h.app.inject({
      method: 'GET',
      url: `/api/auth/verify-email?token=${tokenIn(mail.text, 'verifyEmail')}`,
    });
    expect(verify.statusCode).toBe(200);

    const cookie = await signIn(h, email, 'long-enough-1');
    const me = await h.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ email, name: 'Nouvelle', locale: 'fr-CA', emailVerified: true });
  });

  it('validates the sign-up body with the shared schema', async () => {
    const res = await post('/api/auth/sign-up/email', { name: '', email: 'not-an-email', password: 'short' });
    expect(res.statusCode).toBe(400);
    const keys = res
      .json()
      .issues.map((i: { path: string[]; key: string }) => `${i.path.join('.')}:${i.key}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        'name:validation.required',
        'email:validation.enterValidEmail',
        'password:validation.tooShort',
      ]),
    );
  });

  it('answers a taken email like a new one, so sign-up cannot probe accounts, and changes nothing', async () => {
    const u = await createUser(h, 'taken');
    const res = await post('/api/auth/sign-up/email', {
      name: 'Again',
      email: u.email,
      password: 'long-enough-1',
    });
    expect(res.statusCode).toBe(200);
    const hijack = await post('/api/auth/sign-in/email', { email: u.email, password: 'long-enough-1' });
    expect(hijack.statusCode).toBe(401);
    await signIn(h, u.email);
  });
});

describe('sign-in failures', () => {
  it('gives the same answer for an unknown email and a wrong password', async () => {
    const u = await createUser(h, 'probe');
    const wrong = await post('/api/auth/sign-in/email', { email: u.email, password: 'not-the-password' });
    const unknown = await post('/api/auth/sign-in/email', {
      email: 'nobody-here@example.test',
      password: 'not-the-password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json().code).toBe('INVALID_EMAIL_OR_PASSWORD');
  });

  it('refuses with a localized too-many-requests after repeated failures, even with the right password', async () => {
    const u = await createUser(h, 'limited');
    for (let i = 0; i < 3; i++) {
      expect(
        (await post('/api/auth/sign-in/email', { email: u.email, password: 'bad-password' })).statusCode,
      ).toBe(401);
    }
    const limited = await post(
      '/api/auth/sign-in/email',
      { email: u.email, password: testPassword },
      { 'accept-language': 'fr-CA' },
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      code: 'tooManyRequests',
      message: 'Trop de tentatives. Veuillez patienter quelques minutes avant de réessayer.',
    });
    // Another person is not affected.
    const other = await createUser(h, 'other');
    expect(other.cookie).toContain('session_token');
  });

  it('forgets failures older than the window, so the table does not grow forever', async () => {
    await h.platform.db
      .insert(signInFailure)
      .values({ email: 'long-ago@example.test', at: new Date(Date.now() - 60 * 60_000) });
    await post('/api/auth/sign-in/email', { email: 'someone-now@example.test', password: 'wrong-password' });
    const left = await h.platform.db
      .select()
      .from(signInFailure)
      .where(eq(signInFailure.email, 'long-ago@example.test'));
    expect(left).toEqual([]);
  });

  it('tells a disabled account so', async () => {
    const u = await createUser(h, 'disabled');
    await disableUser(h, u);
    const res = await post('/api/auth/sign-in/email', { email: u.email, password: testPassword });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('USER_DISABLED');
  });
});

describe('sessions', () => {
  it('accepts the session cookie or a bearer token, and sign-out ends the session', async () => {
    const u = await createUser(h, 'session');
    const signInRes = await post('/api/auth/sign-in/email', { email: u.email, password: testPassword });
    const token = signInRes.headers['set-auth-token'];
    expect(typeof token).toBe('string');
    const viaBearer = await h.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${String(token)}` },
    });
    expect(viaBearer.json().email).toBe(u.email);

    expect((await as(h, u).get('/api/me')).statusCode).toBe(200);
    const out = await h.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: u.cookie },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    const after = await as(h, u).get('/api/me');
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('unauthenticated');
  });

  it('cookies are httpOnly', async () => {
    const u = await createUser(h, 'cookie');
    const res = await post('/api/auth/sign-in/email', { email: u.email, password: testPassword });
    const session = res.cookies.find((c) => c.name.endsWith('session_token'));
    expect(session?.httpOnly).toBe(true);
  });

  it('refuses a text/plain body, which a cross-site form could send with the cookies', async () => {
    const u = await createUser(h, 'csrf');
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/invitations/some-token/accept',
      headers: { cookie: u.cookie, 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(res.statusCode).toBe(415);
  });

  it('keeps unused better-auth endpoints closed', async () => {
    const u = await createUser(h, 'closed');
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { cookie: u.cookie },
      payload: { locale: 'x'.repeat(5000) },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('password reset', () => {
  it('resets by the emailed link, once, and ends the old sessions', async () => {
    const u = await createUser(h, 'reset');
    const ask = await post('/api/auth/request-password-reset', { email: u.email });
    expect(ask.statusCode).toBe(200);
    const token = tokenIn((await lastMailTo(u.email)).text, 'resetPassword');

    const reset = await post('/api/auth/reset-password', { newPassword: 'brand-new-pass', token });
    expect(reset.statusCode).toBe(200);
    expect((await as(h, u).get('/api/me')).statusCode).toBe(401);
    await signIn(h, u.email, 'brand-new-pass');

    const again = await post('/api/auth/reset-password', { newPassword: 'another-pass-1', token });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_TOKEN');
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const res = await post('/api/auth/request-password-reset', { email: 'ghost@example.test' });
    expect(res.statusCode).toBe(200);
    await expect(lastMailTo('ghost@example.test')).rejects.toThrow();
  });
});

describe('account', () => {
  it('edits name, locale and signature with the shared schema', async () => {
    const u = await createUser(h, 'account');
    const ok = await as(h, u).patch('/api/me', {
      name: 'Renamed',
      locale: 'fr-CA',
      signature: 'Cordialement',
    });
    expect(ok.json()).toMatchObject({ name: 'Renamed', locale: 'fr-CA', signature: 'Cordialement' });
    const bad = await as(h, u).patch('/api/me', { name: 'x'.repeat(81), locale: 'de-DE' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Veuillez remplir le formulaire');
    expect(
      bad
        .json()
        .issues.map((i: { key: string }) => i.key)
        .sort(),
    ).toEqual(['validation.invalidEnum', 'validation.tooLong']);
  });

  it('changes the password only with the current one', async () => {
    const u = await createUser(h, 'change');
    const wrong = await h.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie: u.cookie },
      payload: { currentPassword: 'not-it', newPassword: 'changed-pass-1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('INVALID_PASSWORD');
    const ok = await h.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie: u.cookie },
      payload: { currentPassword: testPassword, newPassword: 'changed-pass-1' },
    });
    expect(ok.statusCode).toBe(200);
    await signIn(h, u.email, 'changed-pass-1');
  });
});
