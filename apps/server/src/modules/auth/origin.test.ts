import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, createUser, testPassword, type Harness, type TestUser } from '../../test/harness';

// As `npm start` without PUBLIC_URL: the address users reach is a guess (http://localhost:3000).
let h: Harness;
let u: TestUser;
beforeAll(async () => {
  h = await createHarness({ publicUrl: 'http://localhost:3000', publicUrlSet: false });
  u = await createUser(h, 'Origin');
});
afterAll(async () => h.close());

/** A browser's sign-in from a page at `origin`, sent to the server at `host`. */
const signInFrom = (origin: string, host: string, headers: Record<string, string> = {}) =>
  h.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email: u.email, password: testPassword },
    headers: {
      origin,
      host,
      'sec-fetch-site': 'same-origin',
      'sec-fetch-mode': 'cors',
      'sec-fetch-dest': 'empty',
      ...headers,
    },
  });

describe('sign-in origin without PUBLIC_URL', () => {
  it('signs in a page opened at 127.0.0.1 or at the network address, not only at localhost', async () => {
    for (const address of ['127.0.0.1:3000', '192.168.1.20:3000', 'localhost:3000']) {
      const res = await signInFrom(`http://${address}`, address);
      expect(res.statusCode, address).toBe(200);
      expect(
        res.cookies.some((c) => c.name.startsWith('copro.session_token')),
        address,
      ).toBe(true);
    }
  });

  it('refuses a foreign origin plainly, saying which address to open, in the user language', async () => {
    const en = await signInFrom('http://evil.example', '127.0.0.1:3000');
    expect(en.statusCode).toBe(403);
    expect(en.json()).toEqual({
      code: 'originNotAllowed',
      message: 'This address is not allowed to sign in: open Copro at http://localhost:3000',
    });
    expect(en.cookies).toEqual([]);

    const fr = await signInFrom('http://evil.example', '127.0.0.1:3000', { 'accept-language': 'fr-CA' });
    expect(fr.statusCode).toBe(403);
    expect(fr.json().message).toBe(
      "Cette adresse n'est pas autorisée pour se connecter : ouvrez Copro à http://localhost:3000",
    );
  });

  it('does not take X-Forwarded-Host from a client when no proxy is trusted', async () => {
    const res = await signInFrom('http://evil.example', '127.0.0.1:3000', {
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'http',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('originNotAllowed');
  });

  it('with PUBLIC_URL set, trusts only that address', async () => {
    // The auth reads the platform's config on each request; set PUBLIC_URL for this test only.
    h.platform.config.publicUrlSet = true;
    try {
      const other = await signInFrom('http://127.0.0.1:3000', '127.0.0.1:3000');
      expect(other.statusCode).toBe(403);
      expect(other.json().code).toBe('originNotAllowed');
      const own = await signInFrom('http://localhost:3000', '127.0.0.1:3000');
      expect(own.statusCode).toBe(200);
    } finally {
      h.platform.config.publicUrlSet = false;
    }
  });
});
