import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { loadConfig } from '@copro/server/config';
import { RemoteConfigStore } from '@copro/server/platform/remote-config';
import { startServer, type RunningServer } from '@copro/server/server';
import { benchBilling20k, benchBudget, type BillingScaleFigures, type BudgetFigures } from './bench-budget';
import {
  benchCommunications,
  communicationsLines,
  slowestPage,
  type CommunicationsFigures,
} from './bench-communications';
import {
  accountPagesRow,
  bankPageRow,
  benchAccountPages,
  benchLedgerScale,
  journalRow,
  ledgerScaleLines,
  statementsRow,
  trialBalanceRow,
  type AccountPagesFigures,
  type LedgerScaleFigures,
} from './bench-ledger';
import {
  benchMoneyIn,
  benchPenalties20k,
  type MoneyInFigures,
  type PenaltyScaleFigures,
} from './bench-money-in';
import { benchOtonom, otonomLine, otonomRows, type OtonomFigures } from './bench-otonom';
import { benchPayables, type PayablesFigures } from './bench-payables';
import { benchRegistry, type RegistryFigures } from './bench-registry';
import { benchRequestPath, type RequestPathFigures } from './bench-request';
import { benchStart, startLines } from './bench-start';
import { ms, part, rowOf, tableLines, type Part, type TargetRow } from './bench-table';
import { benchWeb, type WebFigures } from './bench-web';
import { demoBuildings, demoPassword, seedDemo } from './demo';
import { freePort } from './free-port';
import { buildWebApp, webAppState } from './web-app';

/**
 * `npm run bench`: the issue 14 targets, each measured in this run on this machine, printed as the
 * figures of each part and then one table (what | measured | target | met?). Servers run on
 * loopback: one on a fresh embedded database, one on a scratch database of the PostgreSQL server
 * named by BENCH_DATABASE_URL (default: the local one, if it answers; `none` to skip).
 */

const embeddedLabel = 'PGlite (embedded)';
/** The demo building the registry, money-in and account pages parts fill; the other takes the ledger's scale data. */
const [demoBuilding, scaleBuilding] = demoBuildings;

interface PlatformFigures {
  startMs: number;
  signInMs: number;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
}

interface RunFigures {
  label: string;
  platform: Part<PlatformFigures>;
  web: Part<WebFigures>;
  registry: Part<RegistryFigures>;
  budget: Part<BudgetFigures>;
  moneyIn: Part<MoneyInFigures>;
  payables: Part<PayablesFigures>;
  communications: Part<CommunicationsFigures>;
  accountPages: Part<AccountPagesFigures>;
  ledger: Part<LedgerScaleFigures>;
  peakRssMb: number;
}

interface RunOptions {
  label: string;
  databaseUrl: string | undefined;
  /** Postings the ledger part posts before timing its reports. */
  ledgerPostings: number;
  /** hledger's time on the exported journal too, within this many seconds (0: not run). */
  hledgerTimeoutS: number;
  /** Also the parts that run on one database only: the web app and the demo building's first pages. */
  singleDatabaseParts: boolean;
  /** Which parts: all of them, all but the ledger at scale, or only the ledger or communications. */
  parts: 'all' | 'all but ledger' | 'ledger' | 'communications';
}

const quantile = (sorted: number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

const progress = (line: string) => console.log(`… ${line}`);

const skipped = (why: string) => ({ notMeasured: why });

/** Signs a demo user in (the admin unless told): the session cookie. */
async function signIn(
  server: RunningServer,
  origin: string,
  email = 'admin@example.com',
): Promise<{ cookie: string; ms: number }> {
  const t0 = performance.now();
  const res = await fetch(`${server.address}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password: demoPassword }),
  });
  const elapsed = performance.now() - t0;
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, ms: elapsed };
}

/** 2000 authenticated GET /api/buildings/:ref, 20 at a time, through fetch (issue 1's figure). */
async function platformLoad(server: RunningServer, cookie: string) {
  const url = `${server.address}/api/buildings/${demoBuilding.ref}`;
  const latencies: number[] = [];
  const total = 2000;
  let next = 0;
  const w0 = performance.now();
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (next < total) {
        next++;
        const r0 = performance.now();
        const res = await fetch(url, { headers: { cookie } });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`GET building answered ${res.status}`);
        latencies.push(performance.now() - r0);
      }
    }),
  );
  const seconds = (performance.now() - w0) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    requestsPerSecond: latencies.length / seconds,
    p50Ms: quantile(latencies, 0.5),
    p95Ms: quantile(latencies, 0.95),
  };
}

/** A run whose server did not start or sign in: every part says why. */
function everyPart(run: RunFigures, why: { notMeasured: string }): RunFigures {
  for (const key of Object.keys(run) as (keyof RunFigures)[])
    if (key !== 'label' && key !== 'peakRssMb') Object.assign(run, { [key]: why });
  return run;
}

/** Every part on one database, in an order where each finds what the earlier ones left. */
async function bench(options: RunOptions): Promise<RunFigures> {
  const { label } = options;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'copro-bench-'));
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
  const notHere = skipped(`not run on ${label}`);
  const run: RunFigures = {
    label,
    platform: notHere,
    web: notHere,
    registry: notHere,
    budget: notHere,
    moneyIn: notHere,
    payables: notHere,
    communications: notHere,
    accountPages: notHere,
    ledger: notHere,
    peakRssMb: 0,
  };
  let server: RunningServer | null = null;
  try {
    progress(`${label}: server start with migrations and the demo seed`);
    const t0 = performance.now();
    const port = String(await freePort());
    const config = {
      ...loadConfig({
        DATA_DIR: dataDir,
        PORT: port,
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
      }),
      databaseUrl: options.databaseUrl,
      seedDemo: true,
    };
    const started = await part('server start', label, () =>
      startServer(config, { logger: false, beforeListen: async (p) => void (await seedDemo(p)) }),
    );
    if ('notMeasured' in started) return everyPart(run, started);
    server = started.figures;
    const s = server;
    const startMs = performance.now() - t0;
    const signedIn = await part('sign-in', label, () => signIn(s, config.publicUrl));
    if ('notMeasured' in signedIn) return everyPart(run, signedIn);
    const session = signedIn.figures;
    const { cookie } = session;
    const mainParts = options.parts === 'all' || options.parts === 'all but ledger';
    if (mainParts) {
      run.platform = await part('platform', label, async () => ({
        startMs,
        signInMs: session.ms,
        ...(await platformLoad(s, cookie)),
      }));
      if (options.singleDatabaseParts) {
        progress(`${label}: the web app in Chromium`);
        run.web =
          webAppState() === 'missing'
            ? skipped('the web app is not built (npm run build)')
            : await part('web', label, () => benchWeb(s.address, { buildingRef: demoBuilding.ref }));
      }
      progress(`${label}: registry`);
      run.registry = await part('registry', label, async () => {
        // The registry part saves every vote share, which the flag allows.
        const flags = new RemoteConfigStore(s.platform.db);
        const current = await flags.get();
        await flags.set({ ...current, featureFlags: { ...current.featureFlags, voteShareEditing: true } });
        return benchRegistry(s, demoBuilding.ref, cookie);
      });
      progress(`${label}: budget and monthly fees of 200 buildings`);
      run.budget = await part('budget', label, () => benchBudget(s.platform.db));
      progress(`${label}: money in`);
      run.moneyIn = await part('money in', label, () => benchMoneyIn(s, demoBuilding.ref, cookie));
      progress(`${label}: payables`);
      run.payables = await part('payables', label, () => benchPayables(s, demoBuilding.ref, cookie));
      if (options.singleDatabaseParts) {
        run.accountPages = await part('account pages', label, () =>
          benchAccountPages(s, demoBuilding.ref, cookie),
        );
      }
    }
    if (mainParts || options.parts === 'communications') {
      progress(`${label}: 10,000 requests, 30,000 request emails, 5,000 posts`);
      run.communications = await part('communications', label, async () => {
        const owner = await signIn(s, config.publicUrl, 'owner@example.com');
        return benchCommunications(
          s,
          demoBuilding.ref,
          { manager: cookie, owner: owner.cookie },
          { admin: 'admin@example.com', handler: 'handler@example.com', owner: 'owner@example.com' },
        );
      });
    }
    if (options.parts !== 'all' && options.parts !== 'ledger') return run;
    progress(
      `${label}: ${options.ledgerPostings.toLocaleString('en-US')} postings, trial balance and journal`,
    );
    run.ledger = await part('ledger', label, () =>
      benchLedgerScale(s, scaleBuilding.ref, cookie, {
        postings: options.ledgerPostings,
        hledgerTimeoutS: options.hledgerTimeoutS,
        // On PostgreSQL only: a page's query that outlives its limit can be cancelled there.
        ...(options.databaseUrl ? { bankPages: { databaseUrl: options.databaseUrl } } : {}),
        onProgress: progress,
      }),
    );
    return run;
  } finally {
    clearInterval(sampler);
    run.peakRssMb = peakRss / 1024 / 1024;
    await server?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A throwaway database on the benchmark server, dropped afterwards. */
async function withScratchDatabase<T>(serverUrl: string, run: (url: string) => Promise<T>): Promise<T> {
  const name = `copro_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

interface JobsFigures {
  billing20k: Part<BillingScaleFigures>;
  penalties20k: Part<PenaltyScaleFigures>;
}

/**
 * The jobs of one building of 20,000 units, on a fresh embedded database of their own: what the
 * job costs, not what the other parts left in the database. (After them, on tables PGlite never
 * analyzed, the penalty run did not end in 15 minutes: issue 14's notes.)
 */
async function benchJobs(): Promise<JobsFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'copro-bench-jobs-'));
  const port = String(await freePort());
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: port,
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  });
  const started = await part('server start', embeddedLabel, () =>
    startServer({ ...config, databaseUrl: undefined }, { logger: false }),
  );
  if ('notMeasured' in started) return { billing20k: started, penalties20k: started };
  const { db } = started.figures.platform;
  try {
    progress(`${embeddedLabel}: monthly fees of one building of 20,000 units`);
    const billing20k = await part('monthly fees 20,000 units', embeddedLabel, () => benchBilling20k(db));
    progress(`${embeddedLabel}: daily penalties of 20,000 units owing`);
    const penalties20k = await part('penalties 20,000 units', embeddedLabel, () => benchPenalties20k(db));
    return { billing20k, penalties20k };
  } finally {
    await started.figures.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The PostgreSQL server the bench runs on: BENCH_DATABASE_URL, or the local one when it answers
 * (`none` skips PostgreSQL). Its label names its version and host.
 */
async function postgresServer(): Promise<{ url: string; label: string } | { why: string }> {
  const given = process.env.BENCH_DATABASE_URL;
  if (given === 'none') return { why: 'BENCH_DATABASE_URL=none' };
  const url = given || 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ server_version: string }>('show server_version');
    const host = new URL(url);
    return { url, label: `PostgreSQL ${rows[0]?.server_version.split(' ')[0] ?? ''} on ${host.host}` };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      why: given
        ? `BENCH_DATABASE_URL did not answer (${message})`
        : `no PostgreSQL answered at ${url} (set BENCH_DATABASE_URL)`,
    };
  } finally {
    await client.end().catch(() => undefined);
  }
}

const t0 = performance.now();
/** The machine's load when the bench began: other work on it weighs on every figure. */
const loadAtStart = os.loadavg()[0] ?? 0;
const postgres = await postgresServer();

/**
 * `BENCH_ONLY=ledger`: only the ledger at scale (its trial balance, statements and journal);
 * `BENCH_ONLY=communications`: only the requests, request emails and posts lists;
 * `BENCH_ONLY=otonom`: only the pre-authorized debits of a building of 2,000 units.
 */
const onlyLedger = process.env.BENCH_ONLY === 'ledger';
const onlyCommunications = process.env.BENCH_ONLY === 'communications';
const onlyOtonom = process.env.BENCH_ONLY === 'otonom';
const onlyOnePart = onlyLedger || onlyCommunications || onlyOtonom;
const notAsked = skipped(`BENCH_ONLY=${process.env.BENCH_ONLY ?? ''}`);

// The web app as the install builds it: the start and web parts measure what ships.
if (!onlyOnePart && webAppState() !== 'built') {
  progress(`the web app is ${webAppState()}: npm run build`);
  buildWebApp();
}

/** With BENCH_ONLY=communications, the parts a run skipped say so. */
function onlyCommunicationsOf(run: RunFigures): RunFigures {
  for (const key of Object.keys(run) as (keyof RunFigures)[])
    if (key !== 'label' && key !== 'peakRssMb' && key !== 'communications')
      Object.assign(run, { [key]: notAsked });
  return run;
}

if (!onlyOnePart) progress('npm start on an empty data directory, then again');
const start = onlyOnePart
  ? notAsked
  : await part('npm start', embeddedLabel, () =>
      benchStart().then((figures) => {
        if (!figures) throw new Error('the web app is not built (npm run build)');
        return figures;
      }),
    );

/** Parts BENCH_ONLY leaves out: the embedded main parts, the embedded ledger at scale. */
const skipEmbeddedMain = onlyLedger || onlyOtonom;
const skipEmbeddedLedger = onlyCommunications || onlyOtonom;
const embeddedMain: RunFigures = skipEmbeddedMain
  ? {
      label: embeddedLabel,
      platform: notAsked,
      web: notAsked,
      registry: notAsked,
      budget: notAsked,
      moneyIn: notAsked,
      payables: notAsked,
      communications: notAsked,
      accountPages: notAsked,
      ledger: notAsked,
      peakRssMb: 0,
    }
  : onlyCommunications
    ? onlyCommunicationsOf(
        await bench({
          label: embeddedLabel,
          databaseUrl: undefined,
          ledgerPostings: 0,
          hledgerTimeoutS: 0,
          singleDatabaseParts: false,
          parts: 'communications',
        }),
      )
    : await bench({
        label: embeddedLabel,
        databaseUrl: undefined,
        ledgerPostings: 0,
        hledgerTimeoutS: 0,
        singleDatabaseParts: true,
        parts: 'all but ledger',
      });
// The embedded ledger at scale on a database of its own: the embedded database is analyzed when
// it opens only, and after the parts above had filled it, posting slowed batch after batch
// (2 s, then 30 s, then 60 s for 5,000 transactions; 2 s again after an ANALYZE).
const embeddedLedger = skipEmbeddedLedger
  ? embeddedMain
  : await bench({
      label: embeddedLabel,
      databaseUrl: undefined,
      ledgerPostings: 200_000,
      hledgerTimeoutS: 120,
      singleDatabaseParts: false,
      parts: 'ledger',
    });
const embedded: RunFigures = {
  ...embeddedMain,
  ledger: embeddedLedger.ledger,
  peakRssMb: Math.max(embeddedMain.peakRssMb, embeddedLedger.peakRssMb),
};

const jobs: JobsFigures = onlyOnePart ? { billing20k: notAsked, penalties20k: notAsked } : await benchJobs();

const pgRun: RunFigures | { why: string } = onlyOtonom
  ? { why: 'BENCH_ONLY=otonom' }
  : 'url' in postgres
    ? await withScratchDatabase(postgres.url, (url) =>
        bench({
          label: postgres.label,
          databaseUrl: url,
          ledgerPostings: 1_000_000,
          // hledger over a million postings takes minutes and gigabytes: ledger is the reference.
          hledgerTimeoutS: 0,
          singleDatabaseParts: false,
          parts: onlyLedger ? 'ledger' : onlyCommunications ? 'communications' : 'all',
        }).then((run) => (onlyCommunications ? onlyCommunicationsOf(run) : run)),
      ).catch((error: unknown) => ({
        why: `the scratch database failed: ${error instanceof Error ? error.message : String(error)}`,
      }))
    : postgres;

/**
 * The pre-authorized debits on a server, a fake partner and a database of their own, on each
 * database: run by the whole bench and by BENCH_ONLY=otonom.
 */
const otonomAsked = !onlyOnePart || onlyOtonom;
const otonomOn = (label: string, databaseUrl: string | undefined): Promise<Part<OtonomFigures>> =>
  part('otonom', label, () =>
    benchOtonom({ databaseUrl, onProgress: (line) => progress(`${label}: ${line}`) }),
  );
const otonom: { embedded: Part<OtonomFigures>; postgres: Part<OtonomFigures> } = otonomAsked
  ? {
      embedded: await otonomOn(embeddedLabel, undefined),
      postgres:
        'url' in postgres
          ? await withScratchDatabase(postgres.url, (url) => otonomOn(postgres.label, url)).catch(
              (error: unknown) => ({
                notMeasured: `the scratch database failed: ${error instanceof Error ? error.message : String(error)}`,
              }),
            )
          : { notMeasured: postgres.why },
    }
  : { embedded: notAsked, postgres: notAsked };

if (!onlyOnePart) progress('request path against a bare Fastify hello world');
const request: Part<RequestPathFigures> = onlyOnePart
  ? notAsked
  : 'url' in postgres
    ? await part('request path', postgres.label, () => benchRequestPath({ databaseUrl: postgres.url }))
    : { notMeasured: postgres.why };

const runs = 'label' in pgRun ? [embedded, pgRun] : [embedded];
const pgPart = <T>(pick: (run: RunFigures) => Part<T>): Part<T> =>
  'label' in pgRun ? pick(pgRun) : { notMeasured: pgRun.why };

/** One line of figures per database for a part, or why it was not measured there. */
function section<T>(title: string, pick: (run: RunFigures) => Part<T>, line: (figures: T) => string) {
  console.log(`\n${title}`);
  for (const run of runs) {
    const p = pick(run);
    // A part that runs on one database only is not listed for the other.
    if ('notMeasured' in p && p.notMeasured === `not run on ${run.label}`) continue;
    console.log(
      `${run.label.padEnd(28)} ${'notMeasured' in p ? `not measured: ${p.notMeasured}` : line(p.figures)}`,
    );
  }
}

const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(0)} KB`;

console.log('\n\n=== npm run bench ===');
console.log(
  `${os.cpus().length} CPUs · ${(os.totalmem() / 1024 ** 3).toFixed(0)} GB · Node ${process.version} · load average ${loadAtStart.toFixed(1)} at the start, ${(os.loadavg()[0] ?? 0).toFixed(1)} at the end · PostgreSQL: ${'url' in postgres ? postgres.label : `not used: ${postgres.why}`}`,
);
section(
  'Platform: fresh start with migrations and demo seed, then 2000 authenticated GET /api/buildings/:ref, 20 at a time',
  (r) => r.platform,
  (f) =>
    `start ${f.startMs.toFixed(0)} ms · sign-in ${f.signInMs.toFixed(0)} ms · ${f.requestsPerSecond.toFixed(0)} req/s · p50 ${f.p50Ms.toFixed(1)} ms · p95 ${f.p95Ms.toFixed(1)} ms`,
);
for (const run of runs)
  console.log(`${run.label.padEnd(28)} peak RSS over the run ${run.peakRssMb.toFixed(0)} MB`);
section(
  'Registry: 1000 units with an owner each added to the demo building, then pages of its units list',
  (r) => r.registry,
  (g) =>
    `${g.units} units · created in ${g.createMs.toFixed(0)} ms · page of ${g.pageSize}: p50 ${g.listP50Ms.toFixed(1)} ms · p95 ${g.listP95Ms.toFixed(1)} ms · ${(g.listBytes / 1024).toFixed(1)} KiB · ${g.pageCpuMs.toFixed(1)} ms CPU · search ${g.searchCpuMs.toFixed(1)} ms CPU · whole list ${g.wholeListCpuMs.toFixed(0)} ms CPU, ${(g.wholeListBytes / 1024).toFixed(0)} KiB · vote shares saved in ${g.voteSharesSaveMs.toFixed(0)} ms`,
);
section(
  'Budget: apply 3 contributions to 2000 units, 1000 parkings and 1000 lockers; then bill one month for 200 buildings of 100 units',
  (r) => r.budget,
  (f) =>
    `apply ${f.applyMembers} members in ${f.applyMs.toFixed(0)} ms (peak RSS ${f.applyPeakRssMb.toFixed(0)} MB) · bill ${f.billTransactions} fees in ${f.billBuildings} buildings in ${seconds(f.billMs)} (${(f.billTransactions / (f.billMs / 1000)).toFixed(0)}/s, peak RSS ${f.billPeakRssMb.toFixed(0)} MB)`,
);
/** A part measured on one database only, as one line. */
function single<T>(title: string, label: string, p: Part<T>, line: (figures: T) => string) {
  console.log(`\n${title}`);
  console.log(
    `${label.padEnd(28)} ${'notMeasured' in p ? `not measured: ${p.notMeasured}` : line(p.figures)}`,
  );
}
single(
  'Monthly fees of one building of 20,000 units (a fresh database of its own), a read running beside',
  embeddedLabel,
  jobs.billing20k,
  (f) =>
    `${f.fees} fees in ${seconds(f.ms)} (peak RSS ${f.peakRssMb.toFixed(0)} MB) · longest read meanwhile ${f.longestReadMs.toFixed(0)} ms of ${f.reads}`,
);
single(
  'Daily penalties of one building whose 20,000 units owe their fee (the same database), a read running beside',
  embeddedLabel,
  jobs.penalties20k,
  (f) =>
    `${f.charges} charges in ${seconds(f.ms)} (peak RSS ${f.peakRssMb.toFixed(0)} MB) · longest read meanwhile ${f.longestReadMs.toFixed(0)} ms of ${f.reads}`,
);
section(
  "Money in: the daily late-fee and interest run over the billed buildings, 50 with penalties (on March 15), then the demo building with a year of fees and payments for each of its units: receivables aging as page and PDF, every unit's statement as one PDF",
  (r) => r.moneyIn,
  (m) =>
    `${m.penaltyCharges} charges in ${m.penaltyBuildings} buildings in ${seconds(m.penaltyMs)} (peak RSS ${m.penaltyPeakRssMb.toFixed(0)} MB) · ${m.agingUnits} units, ${m.agingPostings} postings: aging page ${m.agingJsonMs.toFixed(0)} ms, PDF ${m.agingPdfMs.toFixed(0)} ms · statements PDF ${m.statementsPdfMs.toFixed(0)} ms (${m.statementsPdfKb.toFixed(0)} KiB)`,
);
section(
  'Payables: 10,000 supplier invoices in the demo building (two in three paid by wire, one in ten held by a check waiting for approval), then a page (50) of the invoices list with its totals, the unpaid filter, the approvals list, the dashboard and the payables aging',
  (r) => r.payables,
  (f) =>
    `${f.invoices} invoices, ${f.payments} payments written in ${seconds(f.createMs)} · invoices page p50 ${ms(f.listP50Ms)} (p95 ${ms(f.listP95Ms)}) · unpaid ${ms(f.unpaidP50Ms)} · approvals ${ms(f.approvalsP50Ms)} · dashboard ${ms(f.dashboardP50Ms)} · aging ${ms(f.agingMs)}, PDF ${ms(f.agingPdfMs)}`,
);
console.log(
  '\nCommunications (issue 17): the demo building given 10,000 requests (8 tags, a third assigned to nobody), 30,050 request emails (2,000 outside requests, half unknown) and 5,000 posts to 20 addresses each, written in SQL; each page as the admin, or the owner who receives one post in 20, in ms: median of 20 warm reads (p95, first read)',
);
/** As in `section`: a run that was not to measure it is not listed. */
const communicationsRuns = runs.filter(
  (run) =>
    !('notMeasured' in run.communications && run.communications.notMeasured === `not run on ${run.label}`),
);
for (const line of communicationsLines(
  communicationsRuns.map((run) => ({ label: run.label, part: run.communications })),
))
  console.log(line);
section(
  'Account pages of the demo building after money in: first page (20 lines), the median of warm runs (first request)',
  (r) => r.accountPages,
  ({ revenue, bank }) =>
    `condo fees #${revenue.aid}, ${revenue.lines} lines: ${ms(revenue.ms)} (${ms(revenue.coldMs)}) · bank #${bank.aid}, ${bank.lines} lines: ${ms(bank.ms)} (${ms(bank.coldMs)})`,
);
console.log(
  `\nLedger at scale: two-line transactions posted through postTransactions into « ${scaleBuilding.name} » (half fees, a quarter payments, a quarter expenses); its trial balance (median of warm runs) interleaved with ledger-cli's balance report of the journal the app exported; the journal export; the bank account's pages`,
);
for (const run of runs) {
  if ('notMeasured' in run.ledger)
    console.log(`${run.label.padEnd(28)} not measured: ${run.ledger.notMeasured}`);
  else for (const line of ledgerScaleLines(run.label, run.ledger.figures)) console.log(line);
}
section(
  'Web app in headless Chromium: the sign-in page’s scripts, the building dashboard’s largest contentful paint (median of 3)',
  (r) => r.web,
  (w) =>
    `sign-in JS ${kb(w.signInJsBytesCompressed)} on the wire, ${kb(w.signInJsBytesRaw)} decoded, ${w.signInJsFiles} files · ${w.immutable ? 'immutable' : 'NOT immutable'} · dashboard LCP ${ms(w.dashboardLcpMs)}, empty cache ${ms(w.dashboardLcpColdMs)}`,
);
console.log(
  '\nStart → health: npm start on an empty data directory (migrations, demo seed), then again on it',
);
if ('notMeasured' in start) console.log(`${embeddedLabel.padEnd(20)} not measured: ${start.notMeasured}`);
else for (const line of startLines(start.figures)) console.log(line);
console.log(
  "\nPre-authorized debits (issue 18): a building of 2,000 units with bank details, signed agreements and automatic payment; the monthly debit run (then again), the units' file sent to the fake partner, the statuses refreshed (2,000 payments posted), the orders list and overview over HTTP (median of 20 warm reads, p95, first), a returns file of 200 NSF lines",
);
for (const [label, p] of [
  [embeddedLabel, otonom.embedded],
  ['url' in postgres ? postgres.label : 'PostgreSQL', otonom.postgres],
] as const)
  console.log(
    `${label.padEnd(28)} ${'notMeasured' in p ? `not measured: ${p.notMeasured}` : otonomLine(p.figures)}`,
  );
console.log(
  '\nRequest path: bare Fastify hello world and GET /api/buildings/:ref, each in a process of its own',
);
if ('notMeasured' in request) console.log(`not measured: ${request.notMeasured}`);
else {
  const { hello, copro, connections, transactionsPerRequest } = request.figures;
  for (const [name, side] of [
    ['Fastify hello world', hello],
    ['GET /api/buildings/:ref', copro],
  ] as const)
    console.log(
      `${name.padEnd(28)} ${side.requestsPerSecond.toFixed(0)} req/s · p50 ${side.p50Ms.toFixed(1)} ms · p99 ${side.p99Ms.toFixed(1)} ms · ${side.requests} requests, ${side.errors} not 200, ${connections} connections`,
    );
  console.log(`${''.padEnd(28)} ${transactionsPerRequest.toFixed(2)} database transactions per request`);
}

const rows: TargetRow[] = [
  trialBalanceRow(
    'trial balance, 1,000,000 postings, PostgreSQL',
    20,
    pgPart((r) => r.ledger),
  ),
  trialBalanceRow('trial balance, 200,000 postings, PGlite', 10, embedded.ledger),
  statementsRow(
    'financial statements, 1,000,000 postings, PostgreSQL',
    20,
    pgPart((r) => r.ledger),
  ),
  statementsRow('financial statements, 200,000 postings, PGlite', 20, embedded.ledger),
  journalRow(pgPart((r) => r.ledger)),
  bankPageRow(pgPart((r) => r.ledger)),
  accountPagesRow(embedded.accountPages),
  rowOf(
    'requests, request emails and posts pages (10,000 requests, 5,000 posts), PostgreSQL',
    '≤ 100 ms a page',
    pgPart((r) => r.communications),
    (f) => {
      const slowest = slowestPage(f);
      return {
        measured: `slowest: ${slowest.what}, median ${ms(slowest.p50Ms)} of ${f.pages.length} pages`,
        met: slowest.p50Ms <= 100,
      };
    },
  ),
  rowOf('monthly fees, 200 buildings × 100 units', '≤ 10 s', embedded.budget, (f) => ({
    measured: `${seconds(f.billMs)} (${f.billTransactions} fees)`,
    met: f.billMs <= 10_000,
  })),
  rowOf('monthly fees, 1 building × 20,000 units', '≤ 10 s', jobs.billing20k, (f) => ({
    measured: `${seconds(f.ms)} (${f.fees} fees; longest read meanwhile ${ms(f.longestReadMs)})`,
    met: f.ms <= 10_000,
  })),
  rowOf('daily penalties, 20,000 units owing', '≤ 10 s', jobs.penalties20k, (f) => ({
    measured: `${seconds(f.ms)} (${f.charges} charges; longest read meanwhile ${ms(f.longestReadMs)})`,
    met: f.ms <= 10_000,
  })),
  rowOf(
    'authenticated `GET /api/buildings/:ref`, 200 concurrent, PostgreSQL',
    '≥ 1/3 of hello world; p99 < 25 ms',
    request,
    (f) => ({
      measured: `1/${(1 / f.ratio).toFixed(1)} of hello world (${f.copro.requestsPerSecond.toFixed(0)} vs ${f.hello.requestsPerSecond.toFixed(0)} req/s); p99 ${f.copro.p99Ms.toFixed(1)} ms${f.copro.errors > 0 ? `; ${f.copro.errors} not 200` : ''}`,
      met: f.ratio >= 1 / 3 && f.copro.p99Ms < 25 && f.copro.errors === 0,
    }),
  ),
  rowOf(
    'figures' in embedded.registry
      ? `units list, ${embedded.registry.figures.units.toLocaleString('en-US')} units`
      : 'units list, 1,024 units',
    'paged or streamed; ≤ 5 ms CPU per page',
    embedded.registry,
    (f) => ({
      measured: `pages of ${f.pageSize}: ${(f.listBytes / 1024).toFixed(1)} KiB, ${f.pageCpuMs.toFixed(1)} ms CPU per page`,
      met: f.pageCpuMs <= 5,
    }),
  ),
  rowOf('JS for the sign-in page', '≤ 250 KB compressed, cached immutable', embedded.web, (w) => ({
    measured: `${kb(w.signInJsBytesCompressed)} compressed (${kb(w.signInJsBytesRaw)} raw), ${w.immutable ? 'immutable' : 'not immutable'}`,
    met: w.signInJsBytesCompressed <= 250_000 && w.immutable,
  })),
  rowOf('dashboard LCP on localhost', '≤ 1 s', embedded.web, (w) => ({
    measured: `${ms(w.dashboardLcpMs)} (empty cache ${ms(w.dashboardLcpColdMs)})`,
    met: Math.max(w.dashboardLcpMs, w.dashboardLcpColdMs) <= 1000,
  })),
  rowOf('fresh `npm start` after install → health', '≤ 10 s; second start ≤ 3 s', start, (f) => ({
    measured: `${seconds(f.first.healthMs)}; second start ${seconds(f.second.healthMs)}${f.first.fromSources || f.second.fromSources ? ' (ran from its sources: they changed during the bench)' : ''}`,
    met: f.first.healthMs <= 10_000 && f.second.healthMs <= 3_000,
  })),
  rowOf('idle server RSS, embedded', '≤ 500 MB', start, (f) => ({
    measured: `${f.first.idleRssMb.toFixed(0)} MB after a fresh start (${f.second.idleRssMb.toFixed(0)} MB after the second), ${f.idleSeconds} s idle`,
    met: Math.max(f.first.idleRssMb, f.second.idleRssMb) <= 500,
  })),
];

/** The pre-authorized debits' budgets: above one, the bench fails. */
const otonomTargets = [
  ...otonomRows('PGlite', otonom.embedded),
  ...otonomRows('PostgreSQL', otonom.postgres),
];
rows.push(...otonomTargets);

console.log(`\nIssue 14 targets, measured in this run (${seconds(performance.now() - t0)} in all):\n`);
// With BENCH_ONLY=otonom, only the rows it measured.
for (const line of tableLines(onlyOtonom ? otonomTargets : rows)) console.log(line);
if (otonomTargets.some((row) => row.met === false)) {
  console.log('\nPre-authorized debits: over budget (the rows met? NO above).');
  process.exitCode = 1;
}
