import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createHarness, createUser, disableUser, type Harness } from '../../test/harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

describe('GET /api/session', () => {
  it('answers a visitor 200 with no user, where /api/me answers 401', async () => {
    const session = await as(h, null).get('/api/session');
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({ user: null });
    expect((await as(h, null).get('/api/me')).statusCode).toBe(401);
  });

  it('answers a signed-in user with the same profile as /api/me', async () => {
    const u = await createUser(h, 'Session', { locale: 'fr-CA' });
    const session = await as(h, u).get('/api/session');
    expect(session.statusCode).toBe(200);
    const me = await as(h, u).get('/api/me');
    expect(session.json()).toEqual({ user: me.json() });
    expect(session.json().user).toMatchObject({ id: u.id, email: u.email, locale: 'fr-CA' });
  });

  it('counts a disabled account as signed out', async () => {
    const u = await createUser(h, 'Disabled');
    await disableUser(h, u);
    const session = await as(h, u).get('/api/session');
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({ user: null });
  });
});
