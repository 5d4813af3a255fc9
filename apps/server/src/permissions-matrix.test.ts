import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { buildingRoles, cents, type BuildingRole } from '@copro/domain';
import { eq } from 'drizzle-orm';
import { buildingUser, invitation, registryRecord } from './db/schema/index';
import { applyBudget, saveBudget } from './modules/receivables';
import { postTransaction } from './modules/ledger';
import {
  as,
  createBuildingFixture,
  createHarness,
  createUser,
  grantBillingAdmin,
  grantBuildingRole,
  grantGroupRole,
  type BuildingFixture,
  type Harness,
  type TestUser,
} from './test/harness';
import {
  bankBody,
  categoryBody,
  createDirectly,
  freshNumber,
  lockerBody,
  parkingBody,
  pdfUpload,
  personBody,
  supplierBody,
  unitBody,
  yearPath,
} from './test/registry-fixtures';
import {
  allActors,
  buildingMembers,
  financeReaders,
  financeWriters,
  managers,
  selfServiceUsers,
  signedInActors,
  unitReaders,
  yearRoute,
  type Actor,
  type Case,
  type MatrixContext,
} from './test/matrix/actors';
import { closingCases } from './test/matrix/closing';
import { automaticMailCases } from './test/matrix/automatic-mails';
import { paymentCases } from './test/matrix/payments';
import { payablesCases } from './test/matrix/payables';
import { penaltyCases } from './test/matrix/penalties';
import { postCases } from './test/matrix/posts';
import { unitAccountCases } from './test/matrix/unit-accounts';
import { requestCases } from './test/matrix/requests';
import { requestMailCases } from './test/matrix/request-mail';
import { otonomOrderCases } from './test/matrix/otonom-orders';
import { otonomAgreementCases } from './test/matrix/otonom-agreements';
import { otonomFileCases } from './test/matrix/otonom-files';

let h: Harness;
let b: BuildingFixture;
let other: BuildingFixture;
/** Where accepted invitations lead, so accepting changes no role the matrix depends on. */
let elsewhere: BuildingFixture;
let victim: TestUser;
const users = new Map<Actor, TestUser>();

beforeAll(async () => {
  h = await createHarness();
  b = await createBuildingFixture(h, { name: 'Secret Tower', selfServiceEditAccess: 'edit' });
  other = await createBuildingFixture(h, { name: 'Other Place' });
  elsewhere = await createBuildingFixture(h, { name: 'Elsewhere' });
  for (const role of buildingRoles) {
    const u = await createUser(h, role);
    await grantBuildingRole(h, b, u, role);
    users.set(role, u);
  }
  const groupAdmin = await createUser(h, 'groupAdmin');
  await grantGroupRole(h, b, groupAdmin, 'admin');
  users.set('groupAdmin', groupAdmin);
  const groupAccountant = await createUser(h, 'groupAccountant');
  await grantGroupRole(h, b, groupAccountant, 'accountant');
  users.set('groupAccountant', groupAccountant);
  const banned = await createUser(h, 'bannedAdmin');
  await grantBuildingRole(h, b, banned, 'admin', true);
  users.set('bannedAdmin', banned);
  const billing = await createUser(h, 'billingAdmin');
  await grantBillingAdmin(h, b, billing);
  users.set('billingAdmin', billing);
  const outsider = await createUser(h, 'outsider');
  await grantBuildingRole(h, other, outsider, 'admin');
  users.set('outsider', outsider);
  victim = await createUser(h, 'victim');
  // The vote-share screen and its route are behind their flag (SPEC 2).
  await h.platform.remoteConfig.set({ featureFlags: { voteShareEditing: true } });
  for (const [collection, body] of Object.entries(registryBodies)) {
    readable.set(collection, await freshRecord(collection, body()));
  }
  // The unit that GET units/:uuid reads is the owner's own, with an insurance proof on file.
  const ownerPerson = await freshRecord('people', personBody('Owner', [users.get('owner')?.email ?? '']));
  const ownerUnit = await freshRecord(
    'units',
    unitBody(freshNumber(), { owners: [{ personUuid: ownerPerson }] }),
  );
  readable.set('units', ownerUnit);
  matrixOwnerUnit = ownerUnit;
  await as(h, registryAdmin()).put(`${yearPath(b)}/units/${ownerUnit}/insurance-proof`, pdfUpload());
});
afterAll(async () => h.close());

const registryBodies: Record<string, () => object> = {
  units: () => unitBody(),
  people: () => personBody('Someone'),
  parkings: () => parkingBody(),
  lockers: () => lockerBody(),
  suppliers: () => supplierBody('Supplier'),
  banks: () => bankBody('Bank'),
  categories: () => categoryBody('Category'),
};
/** A record of each collection that the read routes read. */
const readable = new Map<string, string>();

const registryAdmin = (): TestUser => {
  const u = users.get('admin');
  if (!u) throw new Error('no admin');
  return u;
};

/** A new record, written straight through the service, so no call depends on another. */
const freshRecord = (collection: string, body: object): Promise<string> =>
  createDirectly(h, b, collection, body);

let matrixOwnerUnit = '';
/** What the area case files (test/matrix/) use; read lazily, once beforeAll has run. */
const matrix: MatrixContext = {
  get h() {
    return h;
  },
  get b() {
    return b;
  },
  users,
  freshRecord,
  ownerUnit: () => matrixOwnerUnit,
};

/** A new unit the caller's person is a proxy of: what the self-service routes need to be theirs. */
async function unitProxiedBy(u: TestUser | null): Promise<string> {
  const person = await freshRecord('people', personBody('Proxy', u ? [u.email] : []));
  return freshRecord('units', unitBody(freshNumber(), { proxies: [{ personUuid: person }] }));
}

/** Who reads each registry collection (SPEC 6 "Data by role"); owners see no finances here. */
const registryReaders: Record<string, Actor[]> = {
  units: unitReaders,
  people: buildingMembers,
  parkings: financeReaders,
  lockers: financeReaders,
  suppliers: financeReaders,
  banks: financeReaders,
  categories: financeReaders,
};

/** Two category accounts of the matrix building and a fresh transaction between them, posted directly. */
let ledgerAccounts: { debit: number; credit: number } | null = null;
async function freshTransaction(): Promise<string> {
  if (!ledgerAccounts) {
    const aidOf = async (name: string) => {
      const uuid = await freshRecord('categories', { name, parent: name === 'Cash' ? 'assets' : 'revenues' });
      const [row] = await h.platform.db.select().from(registryRecord).where(eq(registryRecord.uuid, uuid));
      return row?.aid ?? 0;
    };
    ledgerAccounts = { debit: await aidOf('Cash'), credit: await aidOf('Income') };
  }
  const { debit, credit } = ledgerAccounts;
  const view = await h.platform.db.transaction((tx) =>
    postTransaction(
      tx,
      { buildingId: b.id, fiscalYear: '2026-01-01' },
      { kind: 'system', id: 'backend' },
      {
        date: '2026-02-01',
        description: 'Matrix',
        kind: 'categorySimple',
        taxes: [],
        indexes: [],
        subtransactions: [
          { aid: debit, amount: cents(100) },
          { aid: credit, amount: cents(-100) },
        ],
      },
    ),
  );
  return view.uuid;
}

const ledgerCases = (): Case[] => [
  {
    route: yearRoute('GET', 'accounts'),
    allowed: financeReaders,
    call: (u) => as(h, u).get(`${yearPath(b)}/accounts`),
  },
  {
    route: yearRoute('GET', 'accounts/:aid/transactions'),
    // The building keeps its finances from owners (ownersFinancesAccess none).
    allowed: financeReaders,
    call: async (u) => {
      await freshTransaction();
      return as(h, u).get(`${yearPath(b)}/accounts/${ledgerAccounts?.debit}/transactions`);
    },
  },
  {
    route: yearRoute('GET', 'transactions/:uuid'),
    allowed: financeReaders,
    call: async (u) => as(h, u).get(`${yearPath(b)}/transactions/${await freshTransaction()}`),
  },
  {
    route: yearRoute('POST', 'transactions'),
    allowed: financeWriters,
    call: async (u) => {
      await freshTransaction();
      return as(h, u).post(`${yearPath(b)}/transactions`, {
        date: '2026-02-02',
        description: 'Writing',
        kind: 'accountantWriting',
        taxes: [],
        indexes: [],
        subtransactions: [
          { aid: ledgerAccounts?.debit, amount: 5 },
          { aid: ledgerAccounts?.credit, amount: -5 },
        ],
      });
    },
  },
  {
    route: yearRoute('POST', 'transactions/:uuid/cancel'),
    allowed: financeWriters,
    call: async (u) =>
      as(h, u).post(`${yearPath(b)}/transactions/${await freshTransaction()}/cancel`, { reason: 'Matrix' }),
  },
  {
    route: yearRoute('POST', 'transactions/:uuid/comments'),
    allowed: financeWriters,
    call: async (u) =>
      as(h, u).post(`${yearPath(b)}/transactions/${await freshTransaction()}/comments`, { comment: 'Seen' }),
  },
  {
    route: yearRoute('GET', 'trial-balance'),
    allowed: financeReaders,
    call: (u) => as(h, u).get(`${yearPath(b)}/trial-balance`),
  },
  {
    route: yearRoute('GET', 'journal'),
    allowed: financeReaders,
    call: (u) => as(h, u).get(`${yearPath(b)}/journal`),
  },
];

/** Fiscal-year routes, called so that an allowed call changes nothing the other cases need. */
const fiscalYearCases = (): Case[] => [
  {
    route: 'POST /api/buildings/new-fiscal-year',
    allowed: financeWriters,
    // A start before the current year is refused after the permission check: no year is queued.
    call: (u) =>
      as(h, u).post(`/api/buildings/new-fiscal-year?buildingRef=${b.ref}`, { newYear: '2020-01-01' }),
  },
  {
    route: yearRoute('POST', 'archive'),
    allowed: financeWriters,
    // Reopening the open year is allowed and changes nothing.
    call: (u) => as(h, u).post(`${yearPath(b)}/archive`, { archived: false }),
  },
  {
    route: 'PATCH /api/buildings/:buildingRef/fiscal-years/:fiscalYear',
    allowed: financeWriters,
    call: (u) => as(h, u).patch(yearPath(b), { endDate: '2026-12-31' }),
  },
];

const emptyBudget = { contributions: [], budgetedAmounts: {}, budgetedComments: {} };
const yearScope = () => ({ buildingId: b.id, fiscalYear: '2026-01-01' });
/** A fresh budget of the matrix building, applied or still a draft. */
async function freshBudget(applied = false): Promise<string> {
  const { uuid } = await h.platform.db.transaction((tx) =>
    saveBudget(tx, yearScope(), { kind: 'system', id: 'backend' }, emptyBudget, null),
  );
  if (applied) {
    await h.platform.db.transaction((tx) =>
      applyBudget(tx, yearScope(), { kind: 'system', id: 'backend' }, uuid, '2026-01-01'),
    );
  }
  return uuid;
}

const budgetCases = (): Case[] => [
  {
    route: yearRoute('GET', 'budgets'),
    // SPEC 6 budgets.view: owners read the budget that sets their fees.
    allowed: [...financeReaders, 'owner'],
    call: (u) => as(h, u).get(`${yearPath(b)}/budgets`),
  },
  {
    route: yearRoute('POST', 'budgets'),
    allowed: financeWriters,
    call: (u) => as(h, u).post(`${yearPath(b)}/budgets`, emptyBudget),
  },
  {
    route: yearRoute('PUT', 'budgets/:uuid'),
    allowed: financeWriters,
    call: async (u) => as(h, u).put(`${yearPath(b)}/budgets/${await freshBudget()}`, emptyBudget),
  },
  {
    route: yearRoute('GET', 'budgets/:uuid/preview'),
    allowed: financeReaders,
    call: async (u) => as(h, u).get(`${yearPath(b)}/budgets/${await freshBudget()}/preview`),
  },
  {
    route: yearRoute('POST', 'budgets/:uuid/apply'),
    allowed: financeWriters,
    call: async (u) =>
      as(h, u).post(`${yearPath(b)}/budgets/${await freshBudget()}/apply`, { applicationDate: '2026-01-01' }),
  },
  {
    route: yearRoute('POST', 'budgets/:uuid/unapply'),
    allowed: financeWriters,
    call: async (u) => as(h, u).post(`${yearPath(b)}/budgets/${await freshBudget(true)}/unapply`),
  },
];

const registryCases = (): Case[] => [
  ...Object.entries(registryBodies).flatMap(([collection, body]): Case[] => [
    {
      route: yearRoute('GET', collection),
      allowed: registryReaders[collection] ?? [],
      call: (u) => as(h, u).get(`${yearPath(b)}/${collection}`),
    },
    {
      route: yearRoute('GET', `${collection}/:uuid`),
      allowed: registryReaders[collection] ?? [],
      call: (u) => as(h, u).get(`${yearPath(b)}/${collection}/${readable.get(collection)}`),
    },
    {
      route: yearRoute('POST', collection),
      allowed: financeWriters,
      call: (u) => as(h, u).post(`${yearPath(b)}/${collection}`, body()),
    },
    {
      route: yearRoute('PUT', `${collection}/:uuid`),
      allowed: financeWriters,
      call: async (u) =>
        as(h, u).put(`${yearPath(b)}/${collection}/${await freshRecord(collection, body())}`, body()),
    },
    {
      route: yearRoute('POST', `${collection}/:uuid/archive`),
      allowed: financeWriters,
      call: async (u) =>
        as(h, u).post(`${yearPath(b)}/${collection}/${await freshRecord(collection, body())}/archive`, {
          archived: true,
        }),
    },
  ]),
  {
    route: yearRoute('GET', 'people/mine'),
    allowed: buildingMembers,
    call: (u) => as(h, u).get(`${yearPath(b)}/people/mine`),
  },
  {
    route: yearRoute('PUT', 'people/:uuid/self'),
    allowed: selfServiceUsers,
    call: async (u) => {
      const person = await freshRecord('people', personBody('Self', u ? [u.email] : []));
      return as(h, u).put(`${yearPath(b)}/people/${person}/self`, {
        lastName: 'Myself',
        phones: [],
        address: {},
        emergencyContact: {},
      });
    },
  },
  {
    route: yearRoute('PUT', 'units/:uuid/self'),
    allowed: selfServiceUsers,
    call: async (u) =>
      as(h, u).put(`${yearPath(b)}/units/${await unitProxiedBy(u)}/self`, {
        insurance: { provider: 'Insurer' },
        waterHeater: {},
      }),
  },
  {
    route: yearRoute('GET', 'units/:uuid/insurance-proof'),
    allowed: unitReaders,
    call: (u) => as(h, u).get(`${yearPath(b)}/units/${readable.get('units')}/insurance-proof`),
  },
  {
    // Finance writers, and owners and proxies of the unit who may read units and edit their own data.
    route: yearRoute('PUT', 'units/:uuid/insurance-proof'),
    allowed: [...financeWriters, 'approver', 'owner'],
    call: async (u) =>
      as(h, u).put(`${yearPath(b)}/units/${await unitProxiedBy(u)}/insurance-proof`, pdfUpload()),
  },
  {
    route: yearRoute('DELETE', 'units/:uuid/insurance-proof'),
    allowed: [...financeWriters, 'approver', 'owner'],
    call: async (u) => as(h, u).delete(`${yearPath(b)}/units/${await unitProxiedBy(u)}/insurance-proof`),
  },
  {
    route: yearRoute('GET', 'reports/:report'),
    allowed: financeReaders,
    call: (u) => as(h, u).get(`${yearPath(b)}/reports/roster?format=json`),
  },
  {
    route: yearRoute('PUT', 'vote-shares'),
    allowed: financeWriters,
    call: async (u) =>
      as(h, u).put(`${yearPath(b)}/vote-shares`, {
        units: [{ uuid: await freshRecord('units', unitBody()), voteShare: 0.02 }],
        parkings: [],
        lockers: [],
      }),
  },
];

const ensureVictim = async (role: BuildingRole = 'resident') =>
  h.platform.db
    .insert(buildingUser)
    .values({ buildingId: b.id, userId: victim.id, email: victim.email, role })
    .onConflictDoUpdate({ target: [buildingUser.buildingId, buildingUser.userId], set: { role } });

const ensureGroupVictim = async () => {
  await h.platform.db
    .insert((await import('./db/schema/index')).groupUser)
    .values({ buildingGroupId: b.buildingGroupId, userId: victim.id, email: victim.email, role: 'handler' })
    .onConflictDoNothing();
};

async function invitationFor(email: string): Promise<string> {
  const token = randomUUID().replace(/-/g, '');
  await h.platform.db.insert(invitation).values({
    token,
    scope: 'building',
    targetId: elsewhere.id,
    buildingId: elsewhere.id,
    email,
    role: 'resident',
    expiresAt: new Date(Date.now() + 60_000),
  });
  return token;
}

const cases = (): Case[] => [
  { route: 'GET /api/health', allowed: allActors, call: (u) => as(h, u).get('/api/health') },
  { route: 'GET /api/version', allowed: allActors, call: (u) => as(h, u).get('/api/version') },
  { route: 'GET /api/remote-config', allowed: allActors, call: (u) => as(h, u).get('/api/remote-config') },
  { route: 'GET /api/demo/mailbox', allowed: allActors, call: (u) => as(h, u).get('/api/demo/mailbox') },
  { route: 'GET /api/docs', allowed: allActors, call: (u) => as(h, u).get('/api/docs/json') },
  {
    route: 'GET /api/auth/get-session',
    allowed: allActors,
    call: (u) => as(h, u).get('/api/auth/get-session'),
  },
  {
    route: 'POST /api/auth/request-password-reset',
    allowed: allActors,
    call: (u) => as(h, u).post('/api/auth/request-password-reset', { email: 'nobody@example.test' }),
  },
  {
    route: 'GET /api/invitations/:token',
    allowed: allActors,
    call: async (u) =>
      as(h, u).get(
        `/api/invitations/${await invitationFor(`someone-${randomUUID().slice(0, 8)}@example.test`)}`,
      ),
  },
  {
    route: 'POST /api/invitations/:token/accept',
    allowed: signedInActors,
    call: async (u) =>
      as(h, u).post(`/api/invitations/${await invitationFor(u?.email ?? 'anon@example.test')}/accept`),
  },
  { route: 'GET /api/me', allowed: signedInActors, call: (u) => as(h, u).get('/api/me') },
  {
    route: 'PATCH /api/me',
    allowed: signedInActors,
    call: (u) => as(h, u).patch('/api/me', { name: 'Same Name', locale: 'en-CA' }),
  },
  { route: 'GET /api/memberships', allowed: signedInActors, call: (u) => as(h, u).get('/api/memberships') },
  {
    route: 'PUT /api/session/language',
    allowed: signedInActors,
    call: (u) => as(h, u).put('/api/session/language', { language: 'en' }),
  },
  {
    route: 'GET /api/buildings/:buildingRef',
    allowed: buildingMembers,
    call: (u) => as(h, u).get(`/api/buildings/${b.ref}`),
  },
  {
    route: 'PATCH /api/buildings/:buildingRef',
    allowed: managers,
    call: (u) => as(h, u).patch(`/api/buildings/${b.ref}`, { name: 'Secret Tower' }),
  },
  {
    route: 'GET /api/buildings/logo',
    allowed: buildingMembers,
    call: (u) => as(h, u).get(`/api/buildings/logo?buildingRef=${b.ref}`),
  },
  {
    route: 'GET /api/billing-accounts/paid',
    allowed: buildingMembers,
    call: (u) => as(h, u).get(`/api/billing-accounts/paid?buildingRef=${b.ref}`),
  },
  {
    route: 'GET /api/buildings/:buildingRef/users',
    allowed: [...managers, 'bannedAdmin'],
    call: (u) => as(h, u).get(`/api/buildings/${b.ref}/users`),
  },
  {
    route: 'GET /api/buildings/:buildingRef/logs',
    allowed: [...managers, 'bannedAdmin'],
    call: (u) => as(h, u).get(`/api/buildings/${b.ref}/logs`),
  },
  {
    route: 'POST /api/buildings/:buildingRef/invitations',
    allowed: managers,
    call: (u) =>
      as(h, u).post(`/api/buildings/${b.ref}/invitations`, {
        email: `inv-${randomUUID().slice(0, 8)}@example.test`,
        role: 'owner',
      }),
  },
  {
    route: 'PATCH /api/buildings/:buildingRef/users/:userId',
    allowed: managers,
    call: async (u) => {
      await ensureVictim('owner');
      return as(h, u).patch(`/api/buildings/${b.ref}/users/${victim.id}`, { role: 'resident' });
    },
  },
  {
    route: 'DELETE /api/buildings/:buildingRef/users/:userId',
    allowed: managers,
    call: async (u) => {
      await ensureVictim();
      return as(h, u).delete(`/api/buildings/${b.ref}/users/${victim.id}`);
    },
  },
  {
    route: 'GET /api/building-groups/:buildingGroupId',
    allowed: ['groupAdmin', 'groupAccountant'],
    call: (u) => as(h, u).get(`/api/building-groups/${b.buildingGroupId}`),
  },
  {
    route: 'PATCH /api/building-groups/:buildingGroupId',
    allowed: ['groupAdmin'],
    call: (u) => as(h, u).patch(`/api/building-groups/${b.buildingGroupId}`, { name: `Group ${b.ref}` }),
  },
  {
    route: 'DELETE /api/buildings/:buildingRef/invitations/:email',
    allowed: managers,
    call: async (u) => {
      const email = `cancel-${randomUUID().slice(0, 8)}@example.test`;
      await h.platform.db.insert(invitation).values({
        token: randomUUID(),
        scope: 'building',
        targetId: b.id,
        buildingId: b.id,
        email,
        role: 'owner',
        expiresAt: new Date(Date.now() + 60_000),
      });
      return as(h, u).delete(`/api/buildings/${b.ref}/invitations/${email}`);
    },
  },
  {
    route: 'DELETE /api/building-groups/:buildingGroupId/invitations/:email',
    allowed: ['groupAdmin'],
    call: async (u) => {
      const email = `gcancel-${randomUUID().slice(0, 8)}@example.test`;
      await h.platform.db.insert(invitation).values({
        token: randomUUID(),
        scope: 'group',
        targetId: b.buildingGroupId,
        email,
        role: 'handler',
        expiresAt: new Date(Date.now() + 60_000),
      });
      return as(h, u).delete(`/api/building-groups/${b.buildingGroupId}/invitations/${email}`);
    },
  },
  {
    route: 'GET /api/building-groups/:buildingGroupId/users',
    allowed: ['groupAdmin'],
    call: (u) => as(h, u).get(`/api/building-groups/${b.buildingGroupId}/users`),
  },
  {
    route: 'POST /api/building-groups/:buildingGroupId/invitations',
    allowed: ['groupAdmin'],
    call: (u) =>
      as(h, u).post(`/api/building-groups/${b.buildingGroupId}/invitations`, {
        email: `g-${randomUUID().slice(0, 8)}@example.test`,
        role: 'handler',
      }),
  },
  {
    route: 'PATCH /api/building-groups/:buildingGroupId/users/:userId',
    allowed: ['groupAdmin'],
    call: async (u) => {
      await ensureGroupVictim();
      return as(h, u).patch(`/api/building-groups/${b.buildingGroupId}/users/${victim.id}`, {
        role: 'accountant',
      });
    },
  },
  {
    route: 'DELETE /api/building-groups/:buildingGroupId/users/:userId',
    allowed: ['groupAdmin'],
    call: async (u) => {
      await ensureGroupVictim();
      return as(h, u).delete(`/api/building-groups/${b.buildingGroupId}/users/${victim.id}`);
    },
  },
  {
    route: 'GET /api/billing-accounts/:billingAccountId',
    allowed: ['billingAdmin'],
    call: (u) => as(h, u).get(`/api/billing-accounts/${b.billingAccountId}`),
  },
  {
    route: 'POST /api/billing-accounts/:billingAccountId/invitations',
    allowed: ['billingAdmin'],
    call: (u) =>
      as(h, u).post(`/api/billing-accounts/${b.billingAccountId}/invitations`, {
        email: `ba-${randomUUID().slice(0, 8)}@example.test`,
        role: 'admin',
      }),
  },
  {
    route: 'POST /api/billing-accounts/:billingAccountId/buildings',
    allowed: ['billingAdmin'],
    call: (u) =>
      as(h, u).post(`/api/billing-accounts/${b.billingAccountId}/buildings`, {
        name: 'New Wing',
        buildingRef: `wing-${randomUUID().slice(0, 8)}`,
        buildingGroupId: b.buildingGroupId,
        fiscalYearStart: '2026-01-01',
      }),
  },
  ...registryCases(),
  ...ledgerCases(),
  ...fiscalYearCases(),
  ...budgetCases(),
  ...paymentCases(matrix),
  ...payablesCases(matrix),
  ...closingCases(matrix),
  ...automaticMailCases(matrix),
  ...penaltyCases(matrix),
  ...unitAccountCases(matrix),
  ...requestCases(matrix),
  ...requestMailCases(matrix),
  ...postCases(matrix),
  ...otonomOrderCases(matrix),
  ...otonomAgreementCases(matrix),
  ...otonomFileCases(matrix),
];

/**
 * Routes whose allow/deny is proven in their own test file: a stream cannot be injected, and
 * the public sign-in endpoints are exercised one by one in auth.test.ts.
 */
const coveredElsewhere = new Set([
  'GET /api/events',
  'GET /api/events/memberships',
  'GET /api/auth/verify-email',
  'POST /api/auth/sign-up/email',
  'POST /api/auth/sign-in/email',
  'POST /api/auth/sign-out',
  'POST /api/auth/send-verification-email',
  'POST /api/auth/reset-password',
  'POST /api/auth/change-password',
]);

describe('every route, every role', () => {
  it('covers every route the app declares', () => {
    const covered = new Set([...cases().map((c) => c.route), ...coveredElsewhere]);
    const declared = [...h.routeTable.keys()].filter((r) => !r.startsWith('GET /api/docs/'));
    expect(declared.filter((r) => !covered.has(r))).toEqual([]);
  });

  for (const actor of allActors) {
    it(`${actor}: allowed exactly where expected, and nothing of the building leaks when denied`, async () => {
      const u = actor === 'anonymous' ? null : (users.get(actor) ?? null);
      const outcome: string[] = [];
      for (const c of cases()) {
        const res = await c.call(u);
        const denied = [401, 403, 404].includes(res.statusCode);
        const expectedAllowed = c.allowed.includes(actor);
        if (denied === expectedAllowed)
          outcome.push(`${c.route}: got ${res.statusCode} ${res.body.slice(0, 120)}`);
        if (denied) expect(res.body).not.toContain('Secret Tower');
        if (res.statusCode >= 500) outcome.push(`${c.route}: server error ${res.body}`);
      }
      expect(outcome).toEqual([]);
      // Every route of the app, one after the other: about 300 calls, some of them writes with files.
    }, 120_000);
  }
});
