import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { billingAccount, building } from '../db/schema/index';
import {
  as,
  createBuildingFixture,
  createHarness,
  createUser,
  grantBuildingRole,
  type BuildingFixture,
  type Harness,
  type TestUser,
} from '../test/harness';

const day = 24 * 60 * 60 * 1000;

let h: Harness;
let admin: TestUser;
let resident: TestUser;
beforeAll(async () => {
  h = await createHarness();
  [admin, resident] = await Promise.all([createUser(h, 'admin'), createUser(h, 'resident')]);
});
afterAll(async () => h.close());

/** A building where `admin` is administrator and `resident` a resident. */
async function buildingWithMembers(): Promise<BuildingFixture> {
  const b = await createBuildingFixture(h);
  await grantBuildingRole(h, b, admin, 'admin');
  await grantBuildingRole(h, b, resident, 'resident');
  return b;
}

const setAccount = (b: BuildingFixture, values: Partial<typeof billingAccount.$inferInsert>) =>
  h.platform.db.update(billingAccount).set(values).where(eq(billingAccount.id, b.billingAccountId));

const paid = (b: BuildingFixture, headers: Record<string, string> = {}) =>
  as(h, resident).get(`/api/billing-accounts/paid?buildingRef=${b.ref}`, headers);

describe('conditional GET of the building logo', () => {
  it('answers 304 with no body while the building is unchanged, and the new logo once it changes', async () => {
    const b = await buildingWithMembers();
    const url = `/api/buildings/logo?buildingRef=${b.ref}`;

    const first = await as(h, resident).get(url);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ logoUrl: null });
    const lastModified = first.headers['last-modified'] as string;
    expect(lastModified).toMatch(/GMT$/);
    const [row] = await h.platform.db
      .select({ updatedAt: building.updatedAt })
      .from(building)
      .where(eq(building.id, b.id));
    expect(Date.parse(lastModified)).toBe(Math.floor(row!.updatedAt.getTime() / 1000) * 1000);

    const again = await as(h, resident).get(url, { 'if-modified-since': lastModified });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['last-modified']).toBe(lastModified);

    // An older copy, or a date the server cannot read, gets the full answer.
    const older = await as(h, resident).get(url, {
      'if-modified-since': new Date(Date.parse(lastModified) - 1000).toUTCString(),
    });
    expect(older.statusCode).toBe(200);
    const unreadable = await as(h, resident).get(url, { 'if-modified-since': 'yesterday' });
    expect(unreadable.statusCode).toBe(200);

    const edit = await as(h, admin).patch(`/api/buildings/${b.ref}`, {
      logoUrl: 'https://example.com/logo.png',
    });
    expect(edit.statusCode).toBe(200);
    // Last-Modified counts whole seconds: move the edit past the second of the first answer instead of sleeping.
    await h.platform.db.execute(
      sql`update buildings set updated_at = updated_at + interval '2 seconds' where id = ${b.id}`,
    );

    const changed = await as(h, resident).get(url, { 'if-modified-since': lastModified });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ logoUrl: 'https://example.com/logo.png' });
    const newLastModified = changed.headers['last-modified'] as string;
    expect(Date.parse(newLastModified)).toBeGreaterThan(Date.parse(lastModified));
    expect((await as(h, resident).get(url, { 'if-modified-since': newLastModified })).statusCode).toBe(304);
  });

  it('answers nothing about the building to a non-member, even with a date', async () => {
    const b = await buildingWithMembers();
    const stranger = await createUser(h, 'stranger');
    const url = `/api/buildings/logo?buildingRef=${b.ref}`;
    const res = await as(h, stranger).get(url, { 'if-modified-since': new Date().toUTCString() });
    expect(res.statusCode).toBe(404);
    expect(res.headers['last-modified']).toBeUndefined();
    expect((await as(h, null).get(url)).statusCode).toBe(401);
  });
});

describe('conditional GET of the billing status', () => {
  it('answers 304 while the account is unchanged, and the new status once it changes', async () => {
    const b = await buildingWithMembers();
    const first = await paid(b);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'paid', paidUntil: null });
    const lastModified = first.headers['last-modified'] as string;
    expect(lastModified).toMatch(/GMT$/);

    const again = await paid(b, { 'if-modified-since': lastModified });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await h.platform.db.execute(
      sql`update billing_accounts set status = 'canceled', updated_at = updated_at + interval '2 seconds' where id = ${b.billingAccountId}`,
    );
    const changed = await paid(b, { 'if-modified-since': lastModified });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ status: 'unpaid', paidUntil: null });
  });

  it('does not let a copy from before paidUntil stand once the date has passed', async () => {
    const b = await buildingWithMembers();
    const now = Date.now();
    // Last changed 10 days ago, paid until 5 days ago: a copy fetched a week ago said "paid".
    await setAccount(b, {
      status: 'active',
      updatedAt: new Date(now - 10 * day),
      paidUntil: new Date(now - 5 * day),
    });
    const weekOldCopy = new Date(now - 7 * day).toUTCString();

    const res = await paid(b, { 'if-modified-since': weekOldCopy });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('within-grace-period');
    // The status changed when paidUntil passed: that is its Last-Modified, and a copy from then on is current.
    expect(Date.parse(res.headers['last-modified'] as string)).toBe(
      Math.floor((now - 5 * day) / 1000) * 1000,
    );
    expect((await paid(b, { 'if-modified-since': res.headers['last-modified'] as string })).statusCode).toBe(
      304,
    );

    // And again when the grace period ends.
    await setAccount(b, { updatedAt: new Date(now - 40 * day), paidUntil: new Date(now - 30 * day) });
    const graceCopy = new Date(now - 20 * day).toUTCString();
    const unpaid = await paid(b, { 'if-modified-since': graceCopy });
    expect(unpaid.statusCode).toBe(200);
    expect(unpaid.json().status).toBe('unpaid');
  });

  it.each([
    { label: 'paid until a future date', status: 'active', paidUntilDays: 10, expected: 'paid' },
    {
      label: 'cancelled but paid until a future date',
      status: 'canceled',
      paidUntilDays: 10,
      expected: 'paid',
    },
    { label: '3 days past paidUntil', status: 'active', paidUntilDays: -3, expected: 'within-grace-period' },
    { label: '30 days past paidUntil', status: 'active', paidUntilDays: -30, expected: 'unpaid' },
    { label: 'trialing with no paidUntil', status: 'trialing', paidUntilDays: null, expected: 'paid' },
    { label: 'active with no paidUntil', status: 'active', paidUntilDays: null, expected: 'paid' },
    { label: 'canceled with no paidUntil', status: 'canceled', paidUntilDays: null, expected: 'unpaid' },
    {
      label: 'asked to pay now with no paidUntil',
      status: 'pay_now',
      paidUntilDays: null,
      expected: 'unpaid',
    },
  ])('answers $expected for an account $label', async ({ status, paidUntilDays, expected }) => {
    const b = await buildingWithMembers();
    const paidUntil = paidUntilDays === null ? null : new Date(Date.now() + paidUntilDays * day);
    await setAccount(b, { status, paidUntil });
    const res = await paid(b);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: expected, paidUntil: paidUntil?.toISOString() ?? null });
  });
});
