import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import pg from 'pg';
import { migrationsFolder, openDatabase, openTestDatabase, rowsOf, type Database } from '../db/client';
import { startServer, type RunningServer } from '../server';
import { eventStreams, sleep } from '../test/event-streams';
import {
  createBuildingFixture,
  grantBuildingRole,
  testPassword,
  type BuildingFixture,
  type Harness,
  type TestUser,
} from '../test/harness';
import { enqueueForEveryBuilding, registerBuildingJob } from './building-jobs';
import { FixedClock } from './clock';
import { createUserWithPassword } from './users';

/**
 * docs/operations.md "Several instances": two servers started as `npm start` starts one
 * (migrations, live events, jobs, listening), on one PostgreSQL database, share nothing but it.
 * Each is reached on its own port, as a load balancer would send one request here, the next there.
 */
const postgres = process.env.TEST_DATABASE_URL;
// Both behind one public address, as behind a load balancer.
const publicUrl = 'http://copro.test';
const today = '2026-03-02';

let database: Database;
let filesDir: string;
let a: RunningServer;
let b: RunningServer;
let building: BuildingFixture;
let admin: TestUser;
let owner: TestUser;
const streams = eventStreams();

/**
 * What the test itself writes with (fixtures, checks): an operator's connection, neither
 * instance's. The fixtures read only the harness's database.
 */
const operator = (): Harness => ({ platform: { db: database.db } }) as unknown as Harness;

async function startInstance(): Promise<RunningServer> {
  return startServer(
    {
      ...loadConfig({ DATA_DIR: filesDir, PORT: '0', HOST: '127.0.0.1', PUBLIC_URL: publicUrl }),
      databaseUrl: database.url,
      // One shared directory for uploads, as operations.md asks of instances (an NFS mount, say).
      filesDir,
      jobsPollMs: 50,
    },
    { logger: false, clock: new FixedClock(`${today}T17:00:00Z`) },
  );
}

/** Signs in on `server` through the real endpoint, from a page of the public address; the session cookie. */
async function signInOn(server: RunningServer, email: string): Promise<string> {
  const res = await fetch(`${server.address}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: publicUrl },
    body: JSON.stringify({ email, password: testPassword }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** A request to `server` from a signed-in page of the public address; `body` is sent as JSON. */
const call = (server: RunningServer, cookie: string, url: string, method = 'GET', body?: object) =>
  fetch(`${server.address}${url}`, {
    method,
    headers: { cookie, origin: publicUrl, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

async function user(label: string): Promise<TestUser> {
  const email = `${label}@scale-out.test`;
  const id = await createUserWithPassword(a.platform.auth, { email, name: label, password: testPassword });
  return { id, email, cookie: '' };
}

/** Waits until `check` holds, or fails after `ms`. */
async function until(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(25);
  }
}

describe.skipIf(!postgres)('several instances on one PostgreSQL database', () => {
  beforeAll(async () => {
    database = await openTestDatabase();
    filesDir = mkdtempSync(path.join(tmpdir(), 'copro-scale-out-'));
    building = await createBuildingFixture(operator(), {}, { chart: true });
    // Both start at once: the secret that signs sessions and the daily jobs' catch-up at start
    // (every instance queues each building's run of the day) are raced for, as when an
    // orchestrator starts replicas together.
    [a, b] = await Promise.all([startInstance(), startInstance()]);
    [admin, owner] = [await user('admin'), await user('owner')];
    await grantBuildingRole(operator(), building, admin, 'admin');
    await grantBuildingRole(operator(), building, owner, 'owner');
  });

  afterAll(async () => {
    await streams.closeAll();
    for (const server of [a, b]) {
      server?.app.server.closeAllConnections();
      await server?.close();
    }
    await database?.close();
    rmSync(filesDir, { recursive: true, force: true });
  });

  it('applies the migrations once when instances start together on a new database', async () => {
    const admin = new pg.Client({ connectionString: postgres });
    await admin.connect();
    const name = `copro_scale_out_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(postgres ?? '');
    url.pathname = `/${name}`;
    const opened: Database[] = [];
    try {
      // As a rolling upgrade with a new migration, or replicas started together on a new database.
      opened.push(...(await Promise.all([1, 2, 3].map(() => openDatabase({ url: url.toString() })))));
      const [applied] = await rowsOf<{ n: number }>(
        opened[0]?.db ?? database.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
        entries: unknown[];
      };
      expect(applied?.n).toBe(journal.entries.length);
    } finally {
      await Promise.all(opened.map((d) => d.close()));
      // A closed pool's connections end a moment later; dropped before, they would say they were lost.
      const connections = async () =>
        (await admin.query(`select 1 from pg_stat_activity where datname = $1`, [name])).rowCount === 0;
      await until(connections).catch(() => {});
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });

  it('runs a building job once, when both instances queue it for the same day', async () => {
    const runs: { instance: string; buildingId: string; asOf: string }[] = [];
    for (const [instance, server] of [
      ['a', a],
      ['b', b],
    ] as const) {
      registerBuildingJob(server.platform, 'scaleOutProbe', async (buildingId, asOf) => {
        runs.push({ instance, buildingId, asOf });
        // Long enough for the other instance to poll meanwhile.
        await sleep(300);
        return {};
      });
    }
    // As the daily schedule fires on every instance at the same minute.
    const queued = await Promise.all([
      enqueueForEveryBuilding(a.platform, 'scaleOutProbe'),
      enqueueForEveryBuilding(b.platform, 'scaleOutProbe'),
    ]);
    expect(queued.reduce((x, y) => x + y)).toBe(1);
    const done = async () =>
      (
        await rowsOf<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from jobs where name = 'scaleOutProbe' and status = 'done'`,
        )
      )[0]?.n === 1;
    await until(done);
    // Again, the same day: the run of the day is not queued twice.
    expect(await enqueueForEveryBuilding(b.platform, 'scaleOutProbe')).toBe(0);
    await sleep(300);
    expect(runs.map(({ buildingId, asOf }) => ({ buildingId, asOf }))).toEqual([
      { buildingId: building.id, asOf: today },
    ]);
  });

  it('ran each daily job that both instances queued at their start once', async () => {
    const jobs = () =>
      rowsOf<{ name: string; status: string; attempts: number }>(
        database.db,
        sql`select name, status, attempts from jobs where building_id = ${building.id} and name <> 'scaleOutProbe'`,
      );
    await until(async () => (await jobs()).every((j) => j.status === 'done'));
    const ran = await jobs();
    // The monthly fees, the penalty run, the arrears alerts: each once, at the first attempt.
    expect(ran.length).toBeGreaterThanOrEqual(3);
    expect(new Set(ran.map((j) => j.name)).size).toBe(ran.length);
    expect(ran.every((j) => j.status === 'done' && j.attempts === 1)).toBe(true);
  });

  it('relays a change made through one instance to a page listening on the other', async () => {
    const cookie = await signInOn(b, admin.email);
    const stream = await streams.open(`${b.address}/api/events?buildingRef=${building.ref}`, {
      ...admin,
      cookie,
    });
    expect(stream.status).toBe(200);
    const renamed = await call(a, await signInOn(a, admin.email), `/api/buildings/${building.ref}`, 'PATCH', {
      name: 'Renamed on instance A',
    });
    expect(renamed.status).toBe(200);
    expect(await stream.next((c) => c.collection === 'building')).toEqual({
      collection: 'building',
      ids: [building.id],
    });
    stream.close();
  });

  it('keeps a session made on one instance valid on the other, and ended on both by a sign-out on one', async () => {
    const cookie = await signInOn(a, owner.email);
    const onB = await call(b, cookie, `/api/buildings/${building.ref}`);
    expect(onB.status).toBe(200);
    expect(await onB.json()).toMatchObject({ building: { buildingRef: building.ref }, role: 'owner' });
    // B now holds the session in its memory; A ends it.
    expect((await call(a, cookie, '/api/auth/sign-out', 'POST', {})).status).toBe(200);
    expect((await call(b, cookie, `/api/buildings/${building.ref}`)).status).toBe(401);
  });

  it('takes a role away on every instance when one instance removes it', async () => {
    const cookie = await signInOn(a, owner.email);
    expect((await call(b, cookie, `/api/buildings/${building.ref}`)).status).toBe(200);
    const adminCookie = await signInOn(a, admin.email);
    const removed = await call(a, adminCookie, `/api/buildings/${building.ref}/users/${owner.id}`, 'DELETE');
    expect(removed.status).toBe(200);
    expect((await call(b, cookie, `/api/buildings/${building.ref}`)).status).toBe(404);
  });
});
