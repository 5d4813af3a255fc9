import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { inject } from 'vitest';
import { newBillingAccountId, newBuildingGroupId, type BuildingRole, type GroupRole } from '@copro/domain';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openTestDatabase, type TestDatabaseTemplate } from '../db/client';
import {
  billingAccount,
  billingAccountUser,
  building,
  buildingGroup,
  buildingUser,
  fiscalYear,
  groupUser,
  user,
} from '../db/schema/index';
import { FixedClock, type Clock } from '../platform/clock';
import { createPlatform, type Platform } from '../platform/platform';
import { createUserWithPassword } from '../platform/users';
import { seedChartOfAccounts } from '../modules/accounts';
import { migrationsStamp } from './migrations-stamp';
// The names `inject` reads are declared with the setup that provides them.
import type {} from './global-setup';

const fixtureSource = { kind: 'system', id: 'backend' } as const;

export const testPassword = 'test-password-123';

export interface Harness {
  app: FastifyInstance;
  platform: Platform;
  routeTable: Map<string, string>;
  close(): Promise<void>;
}

let pgliteTemplate: Blob | undefined;

/**
 * The migrated database test/global-setup.ts made for this run, when it made one (a file run
 * outside the server project's config gets none) and its migrations are still those on disk;
 * otherwise none, and the database migrates from scratch. Read once per file.
 */
function testDatabaseTemplate(): TestDatabaseTemplate {
  const made = inject('templateMigrations');
  if (!made || made !== migrationsStamp()) return {};
  const file = inject('pgliteTemplateFile');
  if (file && !pgliteTemplate) pgliteTemplate = new Blob([readFileSync(file)]);
  return { pglite: pgliteTemplate, postgres: inject('postgresTemplate') };
}

/** A fresh database (PGlite in memory, or a new PostgreSQL database when TEST_DATABASE_URL is set) and app. */
export async function createHarness(
  overrides: Partial<Config> = {},
  clock: Clock = new FixedClock('2026-11-25T17:00:00Z'),
): Promise<Harness> {
  const database = await openTestDatabase(testDatabaseTemplate());
  const config: Config = {
    ...loadConfig({ DATA_DIR: '/nonexistent', PUBLIC_URL: 'http://localhost:3000' }),
    authSecret: 'test-secret-test-secret-test-secret-0000',
    demoMailbox: 'loopback',
    jobsPollMs: 50,
    filesDir: mkdtempSync(path.join(tmpdir(), 'copro-files-')),
    ...overrides,
  };
  const platform = await createPlatform(config, database, () => {}, clock);
  const { app, routeTable } = await buildApp(platform);
  await app.ready();
  return {
    app,
    platform,
    routeTable,
    async close() {
      await app.close();
      await platform.jobs.stop();
      await platform.events.stop();
      await database.close();
      rmSync(config.filesDir, { recursive: true, force: true });
    },
  };
}

export interface TestUser {
  id: string;
  email: string;
  cookie: string;
}

const uniqueEmail = (label: string): string =>
  `${label.toLowerCase()}-${randomUUID().slice(0, 8)}@example.test`;

/** Signs in through the real endpoint and keeps the session cookie. */
export async function signIn(h: Harness, email: string, password = testPassword): Promise<string> {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  const cookies = res.cookies.map((c) => `${c.name}=${c.value}`);
  return cookies.join('; ');
}

const passwordHashes = new WeakMap<Harness, Promise<string>>();

/** Every test user shares the test password, so a harness hashes it once (scrypt is slow by design). */
function testPasswordHash(h: Harness): Promise<string> {
  let hash = passwordHashes.get(h);
  if (!hash) {
    hash = h.platform.auth.$context.then((ctx) => ctx.password.hash(testPassword));
    passwordHashes.set(h, hash);
  }
  return hash;
}

export async function createUser(
  h: Harness,
  label: string,
  options: { locale?: string } = {},
): Promise<TestUser> {
  const email = uniqueEmail(label);
  const id = await createUserWithPassword(
    h.platform.auth,
    { email, name: label, password: testPassword, ...options },
    await testPasswordHash(h),
  );
  return { id, email, cookie: await signIn(h, email) };
}

export interface BuildingFixture {
  ref: string;
  id: string;
  buildingGroupId: string;
  billingAccountId: string;
}

/**
 * A billing account, a group and a building with its first fiscal year (2026), written directly;
 * with `chart`, also the default chart of accounts a building created through the API gets.
 */
export async function createBuildingFixture(
  h: Harness,
  settings: Partial<typeof building.$inferInsert> = {},
  options: { chart?: boolean } = {},
): Promise<BuildingFixture> {
  const billingAccountId = newBillingAccountId();
  const buildingGroupId = newBuildingGroupId();
  const id = randomUUID();
  const ref = `b-${id.slice(0, 8)}`;
  await h.platform.db.transaction(async (tx) => {
    await tx.insert(billingAccount).values({ id: billingAccountId, name: `Account ${ref}` });
    await tx.insert(buildingGroup).values({ id: buildingGroupId, billingAccountId, name: `Group ${ref}` });
    await tx
      .insert(building)
      .values({ id, ref, name: `Building ${ref}`, buildingGroupId, billingAccountId, ...settings });
    await tx.insert(fiscalYear).values({ buildingId: id, startDate: '2026-01-01', endDate: '2026-12-31' });
    if (options.chart) {
      await seedChartOfAccounts(tx, { buildingId: id, fiscalYear: '2026-01-01' }, fixtureSource, 'en-CA');
    }
  });
  return { ref, id, buildingGroupId, billingAccountId };
}

export async function grantBuildingRole(
  h: Harness,
  b: BuildingFixture,
  u: TestUser,
  role: BuildingRole,
  banned = false,
) {
  await h.platform.db
    .insert(buildingUser)
    .values({ buildingId: b.id, userId: u.id, email: u.email, role, banned });
}

export async function grantGroupRole(h: Harness, b: BuildingFixture, u: TestUser, role: GroupRole) {
  await h.platform.db
    .insert(groupUser)
    .values({ buildingGroupId: b.buildingGroupId, userId: u.id, email: u.email, role });
}

export async function grantBillingAdmin(h: Harness, b: BuildingFixture, u: TestUser) {
  await h.platform.db
    .insert(billingAccountUser)
    .values({ billingAccountId: b.billingAccountId, userId: u.id, role: 'admin' });
}

export async function disableUser(h: Harness, u: TestUser) {
  await h.platform.db.update(user).set({ disabled: true }).where(eq(user.id, u.id));
}

/** Calls the API as a signed-in user (or anonymously with `null`). */
export function as(h: Harness, u: TestUser | null) {
  const call = (options: InjectOptions): Promise<LightMyRequestResponse> =>
    h.app.inject({ ...options, headers: { ...(options.headers ?? {}), ...(u ? { cookie: u.cookie } : {}) } });
  return {
    get: (url: string, headers: Record<string, string> = {}) => call({ method: 'GET', url, headers }),
    post: (url: string, payload?: object) => call({ method: 'POST', url, ...(payload ? { payload } : {}) }),
    patch: (url: string, payload: object) => call({ method: 'PATCH', url, payload }),
    put: (url: string, payload: object) => call({ method: 'PUT', url, payload }),
    delete: (url: string) => call({ method: 'DELETE', url }),
  };
}

/**
 * What the database said when `attempt` failed: node-postgres reports an error raised at commit
 * as the cause of drizzle's "Failed query: commit", PGlite as the error itself.
 */
export async function databaseRefusal(attempt: Promise<unknown>): Promise<string> {
  try {
    await attempt;
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
    return `${error instanceof Error ? error.message : String(error)} ${cause}`;
  }
  throw new Error('the database accepted it');
}
