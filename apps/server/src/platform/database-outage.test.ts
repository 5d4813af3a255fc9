import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { translate } from '@copro/domain';
import {
  createBuildingFixture,
  createHarness,
  createUser,
  grantBuildingRole,
  testPassword,
  type BuildingFixture,
  type Harness,
  type TestUser,
} from '../test/harness';
import { isDatabaseUnavailable } from './database-errors';
import type { LiveEvent } from './events';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A TCP relay to PostgreSQL that the test can bring down (every connection cut, new ones refused,
 * as during a restart) and up again on the same port.
 */
async function databaseRelay(target: URL) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    async down() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    async up() {
      if (server.listening) return;
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
  };
}

const realUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!realUrl)('a PostgreSQL restart', () => {
  let h: Harness;
  let relay: Awaited<ReturnType<typeof databaseRelay>>;
  let b: BuildingFixture;
  let admin: TestUser;
  const events: LiveEvent[] = [];
  let jobRuns = 0;

  beforeAll(async () => {
    relay = await databaseRelay(new URL(realUrl ?? ''));
    // The harness opens its database through the relay, so the test can cut it.
    const relayed = new URL(realUrl ?? '');
    relayed.host = `127.0.0.1:${relay.port}`;
    process.env.TEST_DATABASE_URL = relayed.toString();
    try {
      h = await createHarness();
    } finally {
      process.env.TEST_DATABASE_URL = realUrl;
    }
    b = await createBuildingFixture(h);
    admin = await createUser(h, 'admin');
    await grantBuildingRole(h, b, admin, 'admin');
    await h.platform.events.start(h.platform.database);
    h.platform.events.subscribe(b.id, (event) => events.push(event));
    h.platform.jobs.register('outage-probe', async () => {
      jobRuns++;
    });
    h.platform.jobs.start();
  });
  afterAll(async () => {
    await relay?.up();
    await h?.close();
  });

  const getBuilding = (language = 'en') =>
    h.app.inject({
      method: 'GET',
      url: `/api/buildings/${b.ref}`,
      headers: { cookie: admin.cookie, 'accept-language': language },
    });

  /**
   * Whether a change reaches the live events within a few seconds. The LISTEN connection comes
   * back a second after it is lost; a change made before that is not relayed, so the building is
   * renamed again until one is.
   */
  const liveEventsFlowAgain = async (name: string): Promise<boolean> => {
    const deadline = Date.now() + 5000;
    for (let i = 0; Date.now() < deadline; i++) {
      events.length = 0;
      const renamed = await h.app.inject({
        method: 'PATCH',
        url: `/api/buildings/${b.ref}`,
        headers: { cookie: admin.cookie },
        payload: { name: `${name} ${i}` },
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      await sleep(250);
      if (events.some((e) => e.collection === 'building' && e.buildingId === b.id)) return true;
    }
    return false;
  };

  it('answers 503 while the database is down, and serves again once it is back', async () => {
    expect((await getBuilding()).statusCode).toBe(200);

    // A transaction under way when the connections are cut: its connection is checked out of the
    // pool, so before the fix its error had no listener and ended the process.
    const inFlight = h.platform.db
      .transaction(async (tx) => {
        await tx.execute(sql`select pg_sleep(10)`);
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    await sleep(200);
    await relay.down();
    const failure = await inFlight;
    expect(failure).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(failure)).toBe(true);

    for (const language of ['en', 'fr-CA'] as const) {
      const res = await getBuilding(language);
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        code: 'databaseUnavailable',
        message: translate(language === 'en' ? 'en' : 'fr', 'errors.databaseUnavailable'),
      });
    }
    // Signing in goes through the authentication library, which answers its own failures.
    const signIn = await h.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: admin.email, password: testPassword },
    });
    expect(signIn.statusCode, signIn.body).toBe(503);
    expect(signIn.json()).toMatchObject({ code: 'databaseUnavailable' });
    // The job loop meets the outage on each poll and goes on polling.
    await sleep(300);

    await relay.up();
    const back = await getBuilding();
    expect(back.statusCode, back.body).toBe(200);

    // The job loop and the live events' LISTEN connection came back on their own.
    await h.platform.jobs.enqueue(h.platform.db, 'outage-probe', {});
    expect(await liveEventsFlowAgain('After the restart')).toBe(true);
    expect(jobRuns).toBe(1);
  });

  it('rides out its sessions being ended by the server (pg_terminate_backend), as a restart does', async () => {
    const url = h.platform.database.url;
    if (!url) throw new Error('no database URL');
    expect((await getBuilding()).statusCode).toBe(200);
    const inFlight = h.platform.db
      .transaction(async (tx) => {
        await tx.execute(sql`select pg_sleep(10)`);
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    await sleep(200);
    const killer = new pg.Client({ connectionString: url });
    await killer.connect();
    const { rows } = await killer.query<{ ended: boolean }>(
      `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    await killer.end();
    // The pool's connections, the transaction's and the LISTEN connection at least.
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const failure = await inFlight;
    expect(isDatabaseUnavailable(failure)).toBe(true);

    await sleep(100);
    // The process is still up and the pool opens new connections: the next request is served.
    const res = await getBuilding();
    expect(res.statusCode, res.body).toBe(200);
    expect(await liveEventsFlowAgain('After the terminations')).toBe(true);
  });
});
