import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import {
  activityLog,
  billingAccount,
  buildingUser,
  invitation,
  outbox,
  remoteConfig,
} from '../../db/schema/index';
import {
  as,
  createBuildingFixture,
  createHarness,
  createUser,
  disableUser,
  grantBillingAdmin,
  grantBuildingRole,
  grantGroupRole,
  type BuildingFixture,
  type Harness,
  type TestUser,
} from '../../test/harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

async function buildingWithAdmin(settings = {}): Promise<{ b: BuildingFixture; admin: TestUser }> {
  const b = await createBuildingFixture(h, settings);
  const admin = await createUser(h, 'admin');
  await grantBuildingRole(h, b, admin, 'admin');
  return { b, admin };
}

const logsOf = (b: BuildingFixture, event: string) =>
  h.platform.db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.buildingId, b.id), eq(activityLog.event, event)))
    .orderBy(desc(activityLog.date));

const tokenIn = (text: string): string => {
  const match = /mode=acceptInvitation&token=([A-Za-z0-9]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no invitation link in ${text}`);
  return match[1];
};

describe('building settings', () => {
  it('answers every SPEC field with its defaults and the first fiscal year', async () => {
    const { b, admin } = await buildingWithAdmin();
    const res = await as(h, admin).get(`/api/buildings/${b.ref}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().building).toMatchObject({
      buildingRef: b.ref,
      type: 'condo',
      currency: 'CAD',
      ownersFinancesAccess: 'none',
      selfServiceEditAccess: 'none',
      numberOfApprovalsRequired: 0,
      creatingFiscalYear: false,
      fiscalYears: [Date.UTC(2026, 0, 1) / 1000],
      unarchivedFiscalYears: [Date.UTC(2026, 0, 1) / 1000],
    });
    expect(res.json().role).toBe('admin');
    expect(res.json().fiscalYearList).toEqual([
      { startDate: '2026-01-01', endDate: '2026-12-31', archived: false },
    ]);
    expect(res.json().permissions).toEqual(
      expect.arrayContaining(['building.edit', 'users.edit', 'finance.write']),
    );
  });

  it("answers each role's own permissions, so the web shows only what the server allows", async () => {
    const { b } = await buildingWithAdmin({ ownersFinancesAccess: 'self' });
    const owner = await createUser(h, 'perm-owner');
    await grantBuildingRole(h, b, owner, 'owner');
    const permissions: string[] = (await as(h, owner).get(`/api/buildings/${b.ref}`)).json().permissions;
    expect(permissions).toContain('transactions.read.unit');
    expect(permissions).not.toContain('building.edit');
    expect(permissions).not.toContain('transactions.read');
  });

  it('edits settings and logs "building edited" with each field before and after, in the same transaction', async () => {
    const { b, admin } = await buildingWithAdmin({ name: 'Old Name' });
    const res = await as(h, admin).patch(`/api/buildings/${b.ref}`, {
      name: 'New Name',
      numberOfApprovalsRequired: 2,
      ownersFinancesAccess: 'self',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'New Name',
      numberOfApprovalsRequired: 2,
      ownersFinancesAccess: 'self',
    });
    const [entry] = await logsOf(b, 'buildingEdited');
    expect(entry).toMatchObject({ schemaVersion: 1, source: { kind: 'user', id: admin.id } });
    expect(entry?.changes).toEqual([
      { field: 'name', before: 'Old Name', after: 'New Name' },
      { field: 'numberOfApprovalsRequired', before: 0, after: 2 },
      { field: 'ownersFinancesAccess', before: 'none', after: 'self' },
    ]);
    // Fields the edit did not name keep their values.
    expect((await as(h, admin).get(`/api/buildings/${b.ref}`)).json().building).toMatchObject({
      type: 'condo',
      currency: 'CAD',
      rolesThatReceiveAlerts: ['admin'],
    });
    // Saving the same values again changes nothing and logs nothing.
    await as(h, admin).patch(`/api/buildings/${b.ref}`, { name: 'New Name' });
    expect(await logsOf(b, 'buildingEdited')).toHaveLength(1);
  });

  it('refuses values outside the SPEC limits with field messages, and writes nothing', async () => {
    const { b, admin } = await buildingWithAdmin({ name: 'Kept' });
    const res = await as(h, admin).patch(`/api/buildings/${b.ref}`, {
      name: 'Changed',
      numberOfApprovalsRequired: 5,
      lowBalanceWarningThreshold: -1,
      type: 'castle',
      email: 'not-an-email',
      taxes: [{ id: 'QC', isActive: true, rate: 1.5 }],
      otonom: { clientId: 'x'.repeat(51) },
    });
    expect(res.statusCode).toBe(400);
    const issues = Object.fromEntries(
      res.json().issues.map((i: { path: (string | number)[]; key: string }) => [i.path.join('.'), i.key]),
    );
    expect(issues).toMatchObject({
      numberOfApprovalsRequired: 'validation.numberTooLarge',
      lowBalanceWarningThreshold: 'validation.numberTooSmall',
      type: 'validation.invalidEnum',
      email: 'validation.enterValidEmail',
      'taxes.0.rate': 'validation.mustBeLessThan100',
      'otonom.clientId': 'validation.tooLong',
    });
    const after = await as(h, admin).get(`/api/buildings/${b.ref}`);
    expect(after.json().building.name).toBe('Kept');
    expect(await logsOf(b, 'buildingEdited')).toHaveLength(0);
  });

  it('removes an optional setting sent as null, and logs it', async () => {
    const { b, admin } = await buildingWithAdmin({ email: 'board@example.test', floors: 12 });
    const res = await as(h, admin).patch(`/api/buildings/${b.ref}`, { email: null, floors: null });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBeUndefined();
    expect(res.json().floors).toBeUndefined();
    const [entry] = await logsOf(b, 'buildingEdited');
    expect(entry?.changes).toEqual([
      { field: 'email', before: 'board@example.test', after: null },
      { field: 'floors', before: 12, after: null },
    ]);
    // A required setting cannot be removed that way.
    expect((await as(h, admin).patch(`/api/buildings/${b.ref}`, { name: null })).statusCode).toBe(400);
  });

  it('answers errors in the user language', async () => {
    const { b } = await buildingWithAdmin();
    const owner = await createUser(h, 'owner', { locale: 'fr-CA' });
    await grantBuildingRole(h, b, owner, 'owner');
    await as(h, owner).patch('/api/me', { name: 'Owner', locale: 'fr-CA' });
    const res = await as(h, owner).patch(`/api/buildings/${b.ref}`, { name: 'Mine' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'forbidden',
      message: "Vous n'avez pas la permission de faire ceci.",
    });
  });

  it('creates a building with its first fiscal year for a billing-account admin', async () => {
    const { b } = await buildingWithAdmin();
    const billing = await createUser(h, 'billing');
    await grantBillingAdmin(h, b, billing);
    const res = await as(h, billing).post(`/api/billing-accounts/${b.billingAccountId}/buildings`, {
      name: 'Annex',
      buildingRef: `annex-${b.ref}`,
      buildingGroupId: b.buildingGroupId,
      fiscalYearStart: '2026-05-01',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Annex',
      fiscalYears: [Date.UTC(2026, 4, 1) / 1000],
      currency: 'CAD',
      type: 'condo',
    });
    const again = await as(h, billing).post(`/api/billing-accounts/${b.billingAccountId}/buildings`, {
      name: 'Annex 2',
      buildingRef: `annex-${b.ref}`,
      buildingGroupId: b.buildingGroupId,
      fiscalYearStart: '2026-05-01',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('buildingRefTaken');
    const reserved = await as(h, billing).post(`/api/billing-accounts/${b.billingAccountId}/buildings`, {
      name: 'Logo',
      buildingRef: 'logo',
      buildingGroupId: b.buildingGroupId,
      fiscalYearStart: '2026-05-01',
    });
    expect(reserved.json().issues).toEqual([{ path: ['buildingRef'], key: 'validation.invalidIdentifier' }]);
  });
});

describe('users and invitations', () => {
  it('invites by email, grants the role on acceptance, and logs both', async () => {
    const { b, admin } = await buildingWithAdmin({ name: 'Invite Place' });
    const invitee = await createUser(h, 'invitee');
    const res = await as(h, admin).post(`/api/buildings/${b.ref}/invitations`, {
      email: invitee.email,
      role: 'accountant',
    });
    expect(res.statusCode).toBe(201);
    const [mail] = await h.platform.db.select().from(outbox).where(eq(outbox.to, invitee.email));
    expect(mail?.subject).toContain('Invite Place');
    const token = tokenIn(mail?.text ?? '');

    const preview = await as(h, null).get(`/api/invitations/${token}`);
    expect(preview.json()).toMatchObject({
      scope: 'building',
      targetName: 'Invite Place',
      role: 'accountant',
      used: false,
      expired: false,
    });

    expect((await as(h, invitee).get(`/api/buildings/${b.ref}`)).statusCode).toBe(404);
    const accepted = await as(h, invitee).post(`/api/invitations/${token}/accept`);
    expect(accepted.json()).toMatchObject({ buildingRef: b.ref, role: 'accountant' });
    expect((await as(h, invitee).get(`/api/buildings/${b.ref}`)).json().role).toBe('accountant');

    const entries = await logsOf(b, 'usersAdded');
    expect(entries.map((e) => e.metadata.status).sort()).toEqual(['accepted', 'invited']);

    const reused = await as(h, invitee).post(`/api/invitations/${token}/accept`);
    expect(reused.statusCode).toBe(410);
    expect(reused.json().code).toBe('invitationUsed');
  });

  it('refuses an expired token, an unknown one and one sent to someone else', async () => {
    const { b, admin } = await buildingWithAdmin();
    const invitee = await createUser(h, 'late');
    await as(h, admin).post(`/api/buildings/${b.ref}/invitations`, { email: invitee.email, role: 'owner' });
    const [row] = await h.platform.db.select().from(invitation).where(eq(invitation.email, invitee.email));
    await h.platform.db
      .update(invitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitation.token, row?.token ?? ''));
    const expired = await as(h, invitee).post(`/api/invitations/${row?.token}/accept`);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('invitationExpired');

    const unknown = await as(h, invitee).post('/api/invitations/doesnotexist/accept');
    expect(unknown.json().code).toBe('invitationNotFound');

    const other = await createUser(h, 'intended');
    await as(h, admin).post(`/api/buildings/${b.ref}/invitations`, { email: other.email, role: 'owner' });
    const [otherRow] = await h.platform.db.select().from(invitation).where(eq(invitation.email, other.email));
    const stolen = await as(h, invitee).post(`/api/invitations/${otherRow?.token}/accept`);
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json().code).toBe('invitationWrongEmail');
  });

  it('refuses to invite someone who already has a role', async () => {
    const { b, admin } = await buildingWithAdmin();
    const res = await as(h, admin).post(`/api/buildings/${b.ref}/invitations`, {
      email: admin.email,
      role: 'owner',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('userAlreadyMember');
  });

  it('changes a role, bans, removes — each logged — and never leaves the building without an admin', async () => {
    const { b, admin } = await buildingWithAdmin();
    const member = await createUser(h, 'member');
    await grantBuildingRole(h, b, member, 'owner');

    const changed = await as(h, admin).patch(`/api/buildings/${b.ref}/users/${member.id}`, {
      role: 'approver',
    });
    expect(changed.statusCode).toBe(200);
    const [roleLog] = await logsOf(b, 'userRoleChanged');
    expect(roleLog?.changes).toEqual([{ field: 'role', before: 'owner', after: 'approver' }]);

    await as(h, admin).patch(`/api/buildings/${b.ref}/users/${member.id}`, { banned: true });
    const bannedView = await as(h, member).get(`/api/buildings/${b.ref}`);
    expect(bannedView.json().banned).toBe(true);
    expect((await as(h, member).patch(`/api/buildings/${b.ref}`, { name: 'x' })).statusCode).toBe(403);
    expect(await logsOf(b, 'userBanned')).toHaveLength(1);

    const lastAdmin = await as(h, admin).patch(`/api/buildings/${b.ref}/users/${admin.id}`, {
      role: 'owner',
    });
    expect(lastAdmin.statusCode).toBe(409);
    expect(lastAdmin.json().code).toBe('lastAdmin');
    expect((await as(h, admin).delete(`/api/buildings/${b.ref}/users/${admin.id}`)).json().code).toBe(
      'lastAdmin',
    );

    const removed = await as(h, admin).delete(`/api/buildings/${b.ref}/users/${member.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().users.map((u: { email: string }) => u.email)).toEqual([admin.email]);
    expect(await logsOf(b, 'userRemoved')).toHaveLength(1);
    expect((await as(h, member).get(`/api/buildings/${b.ref}`)).statusCode).toBe(404);
  });

  it('a group user with no building role inherits the building role of the same name; a building role wins', async () => {
    const { b } = await buildingWithAdmin();
    const accountant = await createUser(h, 'group-accountant');
    await grantGroupRole(h, b, accountant, 'accountant');
    expect((await as(h, accountant).get(`/api/buildings/${b.ref}`)).json().role).toBe('accountant');
    const memberships = await as(h, accountant).get('/api/memberships');
    expect(memberships.json().buildings).toEqual([
      expect.objectContaining({ ref: b.ref, role: 'accountant' }),
    ]);
    expect(memberships.json().groups).toEqual([
      expect.objectContaining({ id: b.buildingGroupId, role: 'accountant' }),
    ]);

    await grantBuildingRole(h, b, accountant, 'owner');
    expect((await as(h, accountant).get(`/api/buildings/${b.ref}`)).json().role).toBe('owner');
  });

  it('group invitations grant a group role and log in each building of the group', async () => {
    const { b } = await buildingWithAdmin();
    const groupAdmin = await createUser(h, 'gadmin');
    await grantGroupRole(h, b, groupAdmin, 'admin');
    const invitee = await createUser(h, 'ghandler');
    await as(h, groupAdmin).post(`/api/building-groups/${b.buildingGroupId}/invitations`, {
      email: invitee.email,
      role: 'handler',
    });
    const [row] = await h.platform.db.select().from(invitation).where(eq(invitation.email, invitee.email));
    await as(h, invitee).post(`/api/invitations/${row?.token}/accept`);
    expect((await as(h, invitee).get(`/api/buildings/${b.ref}`)).json().role).toBe('handler');
    const users = await as(h, groupAdmin).get(`/api/building-groups/${b.buildingGroupId}/users`);
    expect(users.json().users.map((u: { email: string; role: string }) => `${u.email}:${u.role}`)).toContain(
      `${invitee.email}:handler`,
    );
    expect((await logsOf(b, 'usersAdded')).length).toBe(2);
  });
});

describe('no self-escalation (SPEC 6)', () => {
  it('an approver manages users but neither makes an admin nor touches one; an admin may', async () => {
    const { b, admin } = await buildingWithAdmin();
    const approver = await createUser(h, 'escalating-approver');
    await grantBuildingRole(h, b, approver, 'approver');
    const member = await createUser(h, 'plain-owner');
    await grantBuildingRole(h, b, member, 'owner');

    const selfPromotion = await as(h, approver).patch(`/api/buildings/${b.ref}/users/${approver.id}`, {
      role: 'admin',
    });
    expect(selfPromotion.statusCode).toBe(403);
    expect(
      (await as(h, approver).patch(`/api/buildings/${b.ref}/users/${member.id}`, { role: 'accountantWrite' }))
        .statusCode,
    ).toBe(403);
    expect((await as(h, approver).delete(`/api/buildings/${b.ref}/users/${admin.id}`)).statusCode).toBe(403);
    expect(
      (await as(h, approver).patch(`/api/buildings/${b.ref}/users/${admin.id}`, { banned: true })).statusCode,
    ).toBe(403);
    const inviteAdmin = await as(h, approver).post(`/api/buildings/${b.ref}/invitations`, {
      email: 'friend@example.test',
      role: 'admin',
    });
    expect(inviteAdmin.statusCode).toBe(403);
    expect((await as(h, approver).get(`/api/buildings/${b.ref}`)).json().role).toBe('approver');

    expect(
      (await as(h, approver).patch(`/api/buildings/${b.ref}/users/${member.id}`, { role: 'resident' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await as(h, admin).patch(`/api/buildings/${b.ref}/users/${approver.id}`, { role: 'admin' }))
        .statusCode,
    ).toBe(200);
  });

  it('two admins demoting each other at once leave one admin', async () => {
    const { b, admin } = await buildingWithAdmin();
    const other = await createUser(h, 'second-admin');
    await grantBuildingRole(h, b, other, 'admin');
    const results = await Promise.all([
      as(h, admin).patch(`/api/buildings/${b.ref}/users/${other.id}`, { role: 'owner' }),
      as(h, other).patch(`/api/buildings/${b.ref}/users/${admin.id}`, { role: 'owner' }),
    ]);
    // The second is refused: as no longer an admin (403) or as the last admin (409), by timing.
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect([403, 409]).toContain(codes[1]);
    const users = (
      await h.platform.db.select().from(buildingUser).where(eq(buildingUser.buildingId, b.id))
    ).filter((u) => u.role === 'admin');
    expect(users).toHaveLength(1);
  });
});

describe('disabled accounts', () => {
  it('lose their open sessions at once', async () => {
    const { b } = await buildingWithAdmin();
    const u = await createUser(h, 'soon-disabled');
    await grantBuildingRole(h, b, u, 'owner');
    expect((await as(h, u).get('/api/me')).statusCode).toBe(200);
    await disableUser(h, u);
    const res = await as(h, u).get(`/api/buildings/${b.ref}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('userDisabled');
  });
});

describe('building groups', () => {
  it('a group admin renames the group; each building of the group logs it; others may not', async () => {
    const { b } = await buildingWithAdmin();
    const groupAdmin = await createUser(h, 'group-editor');
    await grantGroupRole(h, b, groupAdmin, 'admin');
    const res = await as(h, groupAdmin).patch(`/api/building-groups/${b.buildingGroupId}`, {
      name: 'Renamed Group',
      logoUrl: 'https://example.com/logo.png',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Renamed Group',
      logoUrl: 'https://example.com/logo.png',
      role: 'admin',
    });
    const [entry] = await logsOf(b, 'buildingGroupEdited');
    expect(entry?.changes).toEqual([
      { field: 'name', before: `Group ${b.ref}`, after: 'Renamed Group' },
      { field: 'logoUrl', before: null, after: 'https://example.com/logo.png' },
    ]);
    const bad = await as(h, groupAdmin).patch(`/api/building-groups/${b.buildingGroupId}`, { name: '' });
    expect(bad.json().issues).toEqual([{ path: ['name'], key: 'validation.required' }]);

    const accountant = await createUser(h, 'group-accountant-2');
    await grantGroupRole(h, b, accountant, 'accountant');
    expect(
      (await as(h, accountant).patch(`/api/building-groups/${b.buildingGroupId}`, { name: 'Mine' }))
        .statusCode,
    ).toBe(403);
  });
});

describe('billing-account invitations', () => {
  it('are logged in each building of the account', async () => {
    const { b } = await buildingWithAdmin();
    const billing = await createUser(h, 'billing-inviter');
    await grantBillingAdmin(h, b, billing);
    const res = await as(h, billing).post(`/api/billing-accounts/${b.billingAccountId}/invitations`, {
      email: 'treasurer@example.test',
      role: 'admin',
    });
    expect(res.statusCode).toBe(201);
    const [entry] = await logsOf(b, 'usersAdded');
    expect(entry?.metadata).toMatchObject({ emails: ['treasurer@example.test'], scope: 'billingAccount' });
  });
});

describe('cancelling an invitation', () => {
  it('withdraws it, logs it, and its link stops working', async () => {
    const { b, admin } = await buildingWithAdmin();
    const invitee = await createUser(h, 'withdrawn');
    await as(h, admin).post(`/api/buildings/${b.ref}/invitations`, { email: invitee.email, role: 'owner' });
    const [row] = await h.platform.db.select().from(invitation).where(eq(invitation.email, invitee.email));
    const res = await as(h, admin).delete(`/api/buildings/${b.ref}/invitations/${invitee.email}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().invitations).toEqual([]);
    expect(await logsOf(b, 'invitationCancelled')).toHaveLength(1);
    expect((await as(h, invitee).post(`/api/invitations/${row?.token}/accept`)).json().code).toBe(
      'invitationNotFound',
    );
    const again = await as(h, admin).delete(`/api/buildings/${b.ref}/invitations/${invitee.email}`);
    expect(again.statusCode).toBe(404);
  });
});

describe('billing status (SPEC 4)', () => {
  it("an unpaid building's data does not load; its paid status still answers; the grace period still works", async () => {
    const { b, admin } = await buildingWithAdmin();
    const setPaidUntil = (daysAgo: number) =>
      h.platform.db
        .update(billingAccount)
        .set({ paidUntil: new Date(Date.now() - daysAgo * 86_400_000) })
        .where(eq(billingAccount.id, b.billingAccountId));
    await setPaidUntil(30);
    for (const url of [
      `/api/buildings/${b.ref}`,
      `/api/buildings/${b.ref}/users`,
      `/api/buildings/${b.ref}/logs`,
    ]) {
      const res = await as(h, admin).get(url);
      expect(res.statusCode, url).toBe(402);
      expect(res.json().code).toBe('paymentRequired');
    }
    expect((await as(h, admin).patch(`/api/buildings/${b.ref}`, { name: 'x' })).statusCode).toBe(402);
    const paid = await as(h, admin).get(`/api/billing-accounts/paid?buildingRef=${b.ref}`);
    expect(paid.json().status).toBe('unpaid');

    await setPaidUntil(3);
    expect((await as(h, admin).get(`/api/buildings/${b.ref}`)).statusCode).toBe(200);
  });
});

describe('maintenance mode', () => {
  it('blocks writes with the maintenance error and keeps reads', async () => {
    const { b, admin } = await buildingWithAdmin();
    await h.platform.remoteConfig.set({
      maintenance: { active: true, message: { en: 'Back at noon', fr: 'De retour à midi' } },
    });
    try {
      const write = await as(h, admin).patch(`/api/buildings/${b.ref}`, { name: 'During maintenance' });
      expect(write.statusCode).toBe(503);
      expect(write.json().code).toBe('maintenance');
      expect((await as(h, admin).get(`/api/buildings/${b.ref}`)).statusCode).toBe(200);
      expect((await as(h, null).get('/api/remote-config')).json().maintenance).toEqual({
        active: true,
        message: { en: 'Back at noon', fr: 'De retour à midi' },
      });
    } finally {
      await h.platform.remoteConfig.set({});
    }
    expect((await as(h, admin).patch(`/api/buildings/${b.ref}`, { name: 'After' })).statusCode).toBe(200);
  });

  it('falls back to the SPEC defaults when the stored config does not parse', async () => {
    await h.platform.db
      .insert(remoteConfig)
      .values({ id: 'main', value: { transactionsPerPage: 'many' } })
      .onConflictDoUpdate({
        target: remoteConfig.id,
        set: { value: { transactionsPerPage: 'many' } },
      });
    await new Promise((r) => setTimeout(r, 2100));
    const config = (await as(h, null).get('/api/remote-config')).json();
    expect(config).toMatchObject({
      transactionsPerPage: 20,
      latestVersion: '1.0.0',
      maintenance: { active: false },
    });
    expect(config.featureFlags).toEqual({
      ai: false,
      billingAccounts: false,
      files: false,
      importSessions: false,
      notifications: false,
      logsDisplay: false,
      voteShareEditing: false,
    });
    await h.platform.remoteConfig.set({});
  });
});
