import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { loadConfig } from '@copro/server/config';
import { startServer } from '@copro/server/server';
import { demoBuildings, demoPassword, seedDemo } from './demo';
import { freePort } from './free-port';
import { benchBudget, type BudgetFigures } from './bench-budget';
import { benchRegistry, type RegistryFigures } from './bench-registry';
import { benchMoneyIn, type MoneyInFigures } from './bench-money-in';
import { benchStart } from './bench-start';
import { RemoteConfigStore } from '@copro/server/platform/remote-config';

/**
 * `npm run bench`: platform figures on this machine, printed for the issue notes.
 * Each run starts a server on a fresh embedded database (and on a scratch database of the
 * PostgreSQL server named by BENCH_DATABASE_URL), on loopback, with bounded request counts.
 */
interface Figures {
  label: string;
  startMs: number;
  signInMs: number;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  peakRssMb: number;
  registry: RegistryFigures;
  budget: BudgetFigures;
  moneyIn: MoneyInFigures;
}

const quantile = (sorted: number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function bench(label: string, databaseUrl: string | undefined): Promise<Figures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'copro-bench-'));
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
  const t0 = performance.now();
  const port = String(await freePort());
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      PORT: port,
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    }),
    databaseUrl,
    seedDemo: true,
  };
  const server = await startServer(config, {
    logger: false,
    beforeListen: async (p) => void (await seedDemo(p)),
  });
  const startMs = performance.now() - t0;
  const base = server.address;
  try {
    const s0 = performance.now();
    const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: config.publicUrl },
      body: JSON.stringify({ email: 'admin@example.com', password: demoPassword }),
    });
    const signInMs = performance.now() - s0;
    if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const url = `${base}/api/buildings/${demoBuildings[0].ref}`;
    const latencies: number[] = [];
    const total = 2000;
    const concurrency = 20;
    let next = 0;
    const w0 = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
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
    const flags = new RemoteConfigStore(server.platform.db);
    const current = await flags.get();
    await flags.set({ ...current, featureFlags: { ...current.featureFlags, voteShareEditing: true } });
    const registry = await benchRegistry(server, demoBuildings[0].ref, cookie);
    const budget = await benchBudget(server.platform.db);
    const moneyIn = await benchMoneyIn(server, demoBuildings[0].ref, cookie);
    return {
      registry,
      budget,
      moneyIn,
      label,
      startMs,
      signInMs,
      requests: latencies.length,
      requestsPerSecond: latencies.length / seconds,
      p50Ms: quantile(latencies, 0.5),
      p95Ms: quantile(latencies, 0.95),
      peakRssMb: peakRss / 1024 / 1024,
    };
  } finally {
    clearInterval(sampler);
    await server.close();
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

const start = await benchStart();
const runs = [await bench('PGlite (embedded)', undefined)];
const postgres = process.env.BENCH_DATABASE_URL;
if (postgres) runs.push(await withScratchDatabase(postgres, (url) => bench('PostgreSQL', url)));
console.log(
  '\nPlatform benchmark: fresh start with migrations and demo seed, then 2000 authenticated GET /api/buildings/:ref, 20 at a time',
);
for (const r of runs) {
  console.log(
    `${r.label.padEnd(20)} start ${r.startMs.toFixed(0)} ms · sign-in ${r.signInMs.toFixed(0)} ms · ${r.requestsPerSecond.toFixed(0)} req/s · p50 ${r.p50Ms.toFixed(1)} ms · p95 ${r.p95Ms.toFixed(1)} ms · peak RSS ${r.peakRssMb.toFixed(0)} MB`,
  );
}
console.log(
  '\nRegistry: 1000 units with an owner each added to the demo building, then its units list 30 times',
);
for (const { label, registry: g } of runs) {
  console.log(
    `${label.padEnd(20)} ${g.units} units · created in ${g.createMs.toFixed(0)} ms · list p50 ${g.listP50Ms.toFixed(1)} ms · p95 ${g.listP95Ms.toFixed(1)} ms · ${(g.listBytes / 1024).toFixed(0)} KiB · vote shares saved in ${g.voteSharesSaveMs.toFixed(0)} ms`,
  );
}
console.log(
  '\nBudget: apply 3 contributions to 2000 units, 1000 parkings and 1000 lockers; then bill one month for 200 buildings of 100 units',
);
for (const { label, budget: f } of runs) {
  console.log(
    `${label.padEnd(20)} apply ${f.applyMembers} members in ${f.applyMs.toFixed(0)} ms (peak RSS ${f.applyPeakRssMb.toFixed(0)} MB) · bill ${f.billTransactions} fees in ${f.billBuildings} buildings in ${(f.billMs / 1000).toFixed(1)} s (${(f.billTransactions / (f.billMs / 1000)).toFixed(0)}/s, peak RSS ${f.billPeakRssMb.toFixed(0)} MB)`,
  );
}
console.log(
  "\nMoney in: the daily late-fee and interest run over the billed buildings, 50 with penalties (on March 15), then the demo building with a year of fees and payments for each of its units: receivables aging as page and PDF, every unit's statement as one PDF",
);
for (const { label, moneyIn: m } of runs) {
  console.log(
    `${label.padEnd(20)} ${m.penaltyCharges} charges in ${m.penaltyBuildings} buildings in ${(m.penaltyMs / 1000).toFixed(1)} s (peak RSS ${m.penaltyPeakRssMb.toFixed(0)} MB) · ${m.agingUnits} units, ${m.agingPostings} postings: aging page ${m.agingJsonMs.toFixed(0)} ms, PDF ${m.agingPdfMs.toFixed(0)} ms · statements PDF ${m.statementsPdfMs.toFixed(0)} ms (${m.statementsPdfKb.toFixed(0)} KiB)`,
  );
}
console.log(
  '\nStart → health: npm start on an empty data directory (migrations, demo seed), then again on it',
);
console.log(
  start
    ? `${'PGlite (embedded)'.padEnd(20)} first start ${(start.firstMs / 1000).toFixed(1)} s · second start ${(start.secondMs / 1000).toFixed(1)} s`
    : `${'PGlite (embedded)'.padEnd(20)} not measured: the web app is not built (npm run build), and npm start would build it`,
);
