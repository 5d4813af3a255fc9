import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '@copro/server/config';
import { startFakePartner, type FakePartner } from '@copro/server/modules/otonom/partner/fake-partner';
import { DataDirLockedError } from '@copro/server/platform/lock';
import { rideOutDatabaseOutages, startServer } from '@copro/server/server';
import { copyDatabaseTemplate } from './db-template';
import { demoPassword, demoUsers, seedDemo } from './demo';
import { listenNotice } from './listen-notice';
import { webAppState } from './web-app';

const t0 = performance.now();
const since = (): string => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

// The install builds the web app (postinstall); WEB_DIST serves one built elsewhere. Nothing is
// built here: a build takes longer than the whole start, so start says what to run instead.
if (!process.env.WEB_DIST) {
  const state = webAppState();
  if (state === 'missing')
    console.log('The web app is not built: run npm run build (the API answers meanwhile).');
  if (state === 'stale') console.log('The web app is older than its sources: npm run build rebuilds it.');
}
// The demo's pre-authorized debits need a payment partner to send to: without OTONOM_URL, the
// local stand-in (it answers like the partner, and nothing leaves this machine). Started before the
// configuration is read, which then names it.
let testPartner: FakePartner | null = null;
const before = loadConfig();
if (before.seedDemo && !before.otonomUrl) {
  testPartner = await startFakePartner({ host: '127.0.0.1' });
  process.env.OTONOM_URL = testPartner.url;
}
const config = loadConfig();
const dbDir = path.join(config.dataDir, 'db');
if (!config.databaseUrl && copyDatabaseTemplate(dbDir)) {
  console.log(`New embedded database in ${dbDir}, from the one prepared at install.`);
}
console.log(
  config.databaseUrl
    ? 'Opening the PostgreSQL database and applying the migrations…'
    : `Opening the embedded database (${dbDir}) and applying the migrations…`,
);

/** The addresses of this machine's network interfaces, when the server listens on all of them. */
const networkUrls = (): string[] =>
  config.host === '0.0.0.0' && !config.publicUrlSet
    ? Object.values(os.networkInterfaces())
        .flat()
        .filter((i) => i && i.family === 'IPv4' && !i.internal)
        .map((i) => `http://${i?.address}:${config.port}`)
    : [];

try {
  let seeded = false;
  const demoYear: { write: (() => Promise<void>) | null } = { write: null };
  const server = await startServer(config, {
    logger: false,
    beforeListen: async (platform) => {
      console.log(`Database ready (${since()}).`);
      if (!config.seedDemo) return;
      seeded = await seedDemo(platform, {
        year: true,
        onStep: (step) => console.log(`Creating the demo: ${step}…`),
        deferYear: (write) => (demoYear.write = write),
      });
      if (seeded) console.log(`Demo created (${since()}).`);
    },
    beforeJobs: async () => {
      if (!demoYear.write) return;
      // The year of history is written while Copro already answers (in short transactions),
      // and before the daily jobs start, which would otherwise bill the year at once, as of today.
      const began = Date.now();
      console.log(
        `Listening on ${config.publicUrl}; writing the demo year (budget, fees, payments, bills, writings)…`,
      );
      await demoYear.write();
      console.log(`Demo year written (${((Date.now() - began) / 1000).toFixed(1)} s).`);
    },
  });
  // Once started: a database missing at the start is a failure to report, not an outage to ride out.
  rideOutDatabaseOutages();
  const url = config.publicUrl;
  console.log(`\nCopro ${seeded ? 'started with a new demo building' : 'started'} on ${url} (${since()})`);
  for (const other of networkUrls()) console.log(`  also on ${other}`);
  for (const line of listenNotice(config)) console.log(line);
  console.log(`Database: ${config.databaseUrl ? 'PostgreSQL' : `embedded (${dbDir})`}`);
  if (testPartner) {
    console.log(`Payment partner: local test partner at ${testPartner.url} (nothing leaves this computer)`);
  }
  if (config.seedDemo) {
    console.log(`\nDemo sign-ins (password: ${demoPassword}):`);
    for (const u of demoUsers) console.log(`  ${u.email.padEnd(30)} ${u.role}`);
  }
  if (config.demoMailbox !== 'off') {
    const who = config.demoMailbox === 'loopback' ? ' (open from this computer only)' : '';
    console.log(`\nOutgoing mail is kept in the demo mailbox${who}: ${url}/demo/mailbox`);
  }
  const stop = (): void =>
    void server
      .close()
      .then(() => testPartner?.close())
      .then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(`\n${error.message}`);
    process.exit(1);
  }
  throw error;
}
