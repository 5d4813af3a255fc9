import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, count as countRows, desc, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { cents, type TrialBalanceLine } from '@copro/domain';
import type { Db } from '@copro/server/db/client';
import { building, fiscalYear, subtransaction } from '@copro/server/db/schema/index';
import { ledgerAccountsOfKind, postTransactions, type Posting } from '@copro/server/modules/ledger/index';
import { listRecords } from '@copro/server/modules/registry/index';
import type { YearScope } from '@copro/server/platform/fiscal-year-scope';
import type { RunningServer } from '@copro/server/server';
import { ms, notMeasured, rowOf, type Part, type TargetRow } from './bench-table';

/**
 * Issue 14 "balances in SQL" figures: a year of `postings` posted through the batch door into one
 * building, then its trial balance and journal over HTTP against ledger-cli (and hledger) reading
 * the journal the app exported, and its bank account's pages. Also the first page of two accounts
 * of the demo building after `benchMoneyIn` gave it a year of fees and payments.
 */

/** One timed run of ledger or hledger over the exported journal. */
export interface ReferenceRun {
  tool: 'ledger' | 'hledger';
  /** Median wall time of the runs, spawn included. */
  ms: number;
  runs: number[];
  /** Null when the tool is not installed, failed or ran out of time: why. */
  problem: string | null;
}

export interface LedgerScaleFigures {
  transactions: number;
  /** Transactions per database transaction. */
  batch: number;
  postings: number;
  generateMs: number;
  /** Median of the warm runs (after one untimed). */
  trialBalanceMs: number;
  trialBalanceRuns: number[];
  trialBalanceAccounts: number;
  /** Copro's trial balance equals ledger's balance report, account by account (null: not compared). */
  balancesAgree: boolean | null;
  ledger: ReferenceRun;
  hledger: ReferenceRun | null;
  journalBytes: number;
  /** Time to the last byte, each export. */
  journalRuns: number[];
  /**
   * This process's resident memory (the server runs in it; curl downloads) before the export of
   * the two that grew more, its growth while the first half of the journal came in, and its growth
   * to the end.
   */
  journalRssBeforeMb: number;
  journalRssHalfGrowthMb: number;
  journalRssGrowthMb: number;
  /** Null when the bank pages were not measured (the embedded database: a query cannot be stopped). */
  bank: BankFigures | null;
  /** Issue 16: each financial statement over the year (or a period of it), timed like the trial balance. */
  statements: StatementTiming[];
}

/** One financial statement's JSON over HTTP: the median of warm runs after one untimed. */
export interface StatementTiming {
  name: string;
  /** The query string after `?`. */
  query: string;
  ms: number;
  runs: number[];
}

/** One page of an account, timed. */
export interface PageTiming {
  /** The very first request. */
  coldMs: number;
  /** The median of the warm runs after it (the first's time when it alone took the budget). */
  ms: number;
  warmRuns: number;
  /** The first request was stopped at the limit: `coldMs` and `ms` are the limit. */
  timedOut: boolean;
}

export interface BankPages {
  first: PageTiming;
  middle: PageTiming;
}

export interface BankFigures {
  aid: number;
  lines: number;
  middlePage: number;
  /** PostgreSQL's `autovacuum` setting: off, nothing analyzes the tables but the app. */
  autovacuum: string;
  /** Right after the posting, with the statistics the app leaves. */
  asLeft: BankPages;
  /** Again after an ANALYZE, as autovacuum would do on a production server. */
  analyzed: BankPages;
}

export interface AccountPageTiming extends PageTiming {
  aid: number;
  lines: number;
}

export interface AccountPagesFigures {
  units: number;
  revenue: AccountPageTiming;
  bank: AccountPageTiming;
}

export interface LedgerScaleOptions {
  /** Lines to post: two per transaction. */
  postings: number;
  /** Transactions per database transaction. */
  batch?: number;
  /** Interleaved rounds of Copro's trial balance and `ledger balance`. */
  rounds?: number;
  /** Also time hledger once, if installed, within this many seconds (0: not at all). */
  hledgerTimeoutS?: number;
  /**
   * The bank account's pages, on PostgreSQL only: its URL lets the bench stop a page's query that
   * outlives `timeoutMs` and ANALYZE. (Embedded, a query holds the one connection and the event
   * loop until it ends.)
   */
  bankPages?: { databaseUrl: string; timeoutMs?: number };
  onProgress?: (line: string) => void;
}

const source = { kind: 'system' as const, id: 'backend' };

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

async function timedGet(
  url: string,
  cookie: string,
  signal?: AbortSignal,
): Promise<{ ms: number; body: string }> {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { cookie }, signal });
  const body = await res.text();
  const elapsed = performance.now() - t0;
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${body.slice(0, 300)}`);
  return { ms: elapsed, body };
}

/** The server's memory around one journal export, in MB of this process's resident memory. */
interface ExportMemory {
  before: number;
  /** Highest while the first half of the journal's bytes came in. */
  firstHalfPeak: number;
  /** Highest from then to the end. */
  peak: number;
}

/**
 * Samples this process's resident memory (the server's: the download runs in curl) every 20 ms,
 * for `beforeMs` before `run` and while it runs, with how much of `file` had come in by then.
 */
async function memoryAround<T>(
  beforeMs: number,
  file: string,
  run: () => Promise<T & { bytes: number }>,
): Promise<{ result: T & { bytes: number }; memory: ExportMemory }> {
  const rssMb = () => process.memoryUsage().rss / 1024 / 1024;
  const size = () => {
    try {
      return fs.statSync(file).size;
    } catch {
      return 0;
    }
  };
  const before: number[] = [];
  const during: { bytes: number; rss: number }[] = [];
  let started = false;
  const sampler = setInterval(() => {
    if (started) during.push({ bytes: size(), rss: rssMb() });
    else before.push(rssMb());
  }, 20);
  try {
    fs.rmSync(file, { force: true });
    await new Promise((resolve) => setTimeout(resolve, beforeMs));
    started = true;
    const result = await run();
    during.push({ bytes: result.bytes, rss: rssMb() });
    const half = result.bytes / 2;
    const peakOf = (samples: typeof during) => Math.max(0, ...samples.map((s) => s.rss));
    return {
      result,
      memory: {
        before: median(before),
        firstHalfPeak: peakOf(during.filter((s) => s.bytes <= half)),
        peak: peakOf(during),
      },
    };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * The year's journal downloaded to `file` by curl, in a process of its own so that this process's
 * memory is the server's alone: time to the last byte and its size. Through fetch, streamed to
 * the file, where curl is missing.
 */
async function exportJournal(
  url: string,
  cookie: string,
  file: string,
): Promise<{ ms: number; bytes: number }> {
  const curl = await run(
    'curl',
    ['-sS', '-o', file, '-H', `cookie: ${cookie}`, '-w', '%{http_code} %{time_total}', url],
    600_000,
  );
  if (curl.code === null && /ENOENT/.test(curl.stderr)) {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    if (res.status !== 200 || !res.body)
      throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
    await pipeline(Readable.fromWeb(res.body), fs.createWriteStream(file));
    return { ms: performance.now() - t0, bytes: fs.statSync(file).size };
  }
  const [status, seconds] = curl.stdout.trim().split(' ');
  if (curl.code !== 0 || status !== '200')
    throw new Error(
      `${url} answered ${status ?? '?'}: ${curl.stderr.trim() || fs.readFileSync(file, 'utf8').slice(0, 300)}`,
    );
  return { ms: Number(seconds) * 1000, bytes: fs.statSync(file).size };
}

/** Runs `command` to its end, its output kept; wall time from spawn to exit. */
function run(
  command: string,
  args: string[],
  timeoutMs: number,
): Promise<{ ms: number; code: number | null; stdout: string; stderr: string; timedOut: boolean }> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ ms: performance.now() - t0, code: null, stdout: '', stderr: String(error), timedOut });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({
        ms: performance.now() - t0,
        code,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        timedOut,
      });
    });
  });
}

/**
 * Each account's balance in cents from ledger's `balance` report, by the `#aid` that ends a
 * journal account name (journalAccountName): leaf accounts only, those are the app's accounts.
 */
export function ledgerBalances(report: string): Map<number, number> {
  const balances = new Map<number, number>();
  for (const line of report.split('\n')) {
    const match = /^\s*(-?)([\d,]+)\.(\d\d) [A-Z]{3}\s+.*#(\d+)\s*$/.exec(line);
    if (!match) continue;
    const [, sign, whole, fraction, aid] = match;
    const amount = Number((whole ?? '').replace(/,/g, '')) * 100 + Number(fraction);
    balances.set(Number(aid), sign === '-' ? -amount : amount);
  }
  return balances;
}

export function sameBalances(
  copro: readonly TrialBalanceLine[],
  ledger: ReadonlyMap<number, number>,
): boolean {
  const ours = new Map(copro.filter((l) => Number(l.balance) !== 0).map((l) => [l.aid, Number(l.balance)]));
  if (ours.size !== ledger.size) return false;
  return [...ours].every(([aid, balance]) => ledger.get(aid) === balance);
}

interface ScaleAccounts {
  scope: YearScope;
  /** The operating account, where the scale data goes. */
  bank: number;
  banks: number[];
  revenue: number;
  expenses: number[];
  units: number[];
}

export async function scaleAccounts(db: Db, buildingRef: string): Promise<ScaleAccounts> {
  const [b] = await db.select().from(building).where(eq(building.ref, buildingRef));
  if (!b) throw new Error(`no building ${buildingRef}`);
  const latest = (await listYears(db, b.id)).at(-1);
  if (!latest) throw new Error(`${buildingRef} has no fiscal year`);
  const scope = { buildingId: b.id, fiscalYear: latest };
  const categories = await listRecords(db, scope, 'categories');
  const banks = await listRecords(db, scope, 'banks');
  const revenue = categories.find((c) => c.data.systemKey === 'condoFees')?.aid;
  const bank = banks.find((c) => c.data.systemKey === 'operating')?.aid ?? banks[0]?.aid;
  const expenses = categories
    .filter((c) =>
      ['electricity', 'maintenance', 'cleaning', 'insurance', 'snowRemoval'].includes(
        String(c.data.systemKey),
      ),
    )
    .flatMap((c) => (c.aid !== null ? [c.aid] : []));
  const units = (await ledgerAccountsOfKind(db, b.id, 'unit')).map((a) => a.aid);
  if (!revenue || !bank || expenses.length === 0 || units.length === 0)
    throw new Error(`${buildingRef} lacks a condo-fee category, a bank, expense categories or units`);
  return {
    scope,
    bank,
    banks: banks.flatMap((r) => (r.aid !== null ? [r.aid] : [])),
    revenue,
    expenses,
    units,
  };
}

/** Of `aids`, the account with the most lines in the building (the one the money went through). */
async function busiest(db: Db, buildingId: string, aids: readonly number[]): Promise<number | undefined> {
  const rows = await db
    .select({ aid: subtransaction.aid, lines: countRows() })
    .from(subtransaction)
    .where(and(eq(subtransaction.buildingId, buildingId), inArray(subtransaction.aid, [...aids])))
    .groupBy(subtransaction.aid)
    .orderBy(desc(countRows()))
    .limit(1);
  return rows[0]?.aid;
}

async function listYears(db: Db, buildingId: string): Promise<string[]> {
  const rows = await db
    .select({ start: fiscalYear.startDate })
    .from(fiscalYear)
    .where(eq(fiscalYear.buildingId, buildingId));
  return rows.map((r) => r.start).sort();
}

const addDays = (isoDate: string, days: number): string => {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/**
 * `count` two-line transactions spread in date order over the year: half of them a unit's fee
 * (unit / condo fees), a quarter a payment (bank / unit), a quarter an expense (expense / bank),
 * so the bank account holds half the transactions. Posted through `postTransactions`, `batch`
 * to a database transaction.
 */
export async function generate(
  db: Db,
  accounts: ScaleAccounts,
  count: number,
  batch: number,
  onProgress?: (line: string) => void,
): Promise<number> {
  const { scope, bank, revenue, expenses, units } = accounts;
  const t0 = performance.now();
  let lastReport = t0;
  for (let start = 0; start < count; start += batch) {
    const postings: Posting[] = [];
    for (let i = start; i < Math.min(count, start + batch); i += 1) {
      const date = addDays(scope.fiscalYear, Math.floor((i * 365) / count));
      const unit = units[i % units.length] ?? 0;
      const amount = 25_000 + (i % 17) * 1_250;
      const [kind, description, debit, credit] =
        i % 2 === 0
          ? (['unitMonthlyFee', `Bench fee ${i}`, unit, revenue] as const)
          : i % 4 === 1
            ? (['unitPayment', `Bench payment ${i}`, bank, unit] as const)
            : (['categorySimple', `Bench expense ${i}`, expenses[i % expenses.length] ?? 0, bank] as const);
      postings.push({
        input: {
          date,
          description,
          kind,
          taxes: [],
          indexes: [],
          subtransactions: [
            { aid: debit, amount: cents(amount) },
            { aid: credit, amount: cents(-amount) },
          ],
        },
      });
    }
    await db.transaction((tx) => postTransactions(tx, scope, source, postings));
    if (onProgress && performance.now() - lastReport > 15_000) {
      lastReport = performance.now();
      onProgress(
        `  … ${start + postings.length} of ${count} transactions posted in ${((lastReport - t0) / 1000).toFixed(0)} s`,
      );
    }
  }
  return performance.now() - t0;
}

/**
 * The first request of `url`, then up to `runs` more while they take under `budgetMs` in all: the
 * first's time and the others' median (the first's when it alone took longer than the budget).
 * A first request still running at `limit.ms` is abandoned and `limit.stop` called (it cancels
 * the query on the server).
 */
async function coldAndWarm(
  url: string,
  cookie: string,
  runs: number,
  limit?: { ms: number; stop: () => Promise<void> },
  budgetMs = 5_000,
): Promise<PageTiming & { body: string | null }> {
  let cold: { ms: number; body: string };
  try {
    cold = await timedGet(url, cookie, limit ? AbortSignal.timeout(limit.ms) : undefined);
  } catch (error) {
    if (!limit || !(error instanceof DOMException && error.name === 'TimeoutError')) throw error;
    await limit.stop();
    return { coldMs: limit.ms, ms: limit.ms, warmRuns: 0, timedOut: true, body: null };
  }
  const warm: number[] = [];
  let spent = cold.ms;
  while (warm.length < runs && spent < budgetMs) {
    const next = await timedGet(url, cookie);
    warm.push(next.ms);
    spent += next.ms;
  }
  return {
    coldMs: cold.ms,
    ms: warm.length > 0 ? median(warm) : cold.ms,
    warmRuns: warm.length,
    timedOut: false,
    body: cold.body,
  };
}

/**
 * The bank account's first page and a middle one (20 lines a page, as the account page asks),
 * first with the statistics the posting left, then after an ANALYZE. A page's query that
 * outlives `timeoutMs` is cancelled on the server.
 */
async function bankPages(
  base: string,
  cookie: string,
  aid: number,
  lines: number,
  options: { databaseUrl: string; timeoutMs?: number },
): Promise<BankFigures> {
  const admin = new pg.Client({ connectionString: options.databaseUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ autovacuum: string }>('show autovacuum');
    const limit = {
      ms: options.timeoutMs ?? 30_000,
      // The server's queries on this database, other than this connection's: the page's.
      stop: async () =>
        void (await admin.query(
          `select pg_cancel_backend(pid) from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid() and state = 'active'`,
        )),
    };
    const middlePage = Math.max(1, Math.ceil(lines / 20 / 2));
    const url = (page: number) => `${base}/accounts/${aid}/transactions?page=${page}`;
    const pages = async (): Promise<BankPages> => ({
      first: await coldAndWarm(url(1), cookie, 5, limit),
      middle: await coldAndWarm(url(middlePage), cookie, 5, limit),
    });
    const asLeft = await pages();
    await admin.query('analyze');
    const analyzed = await pages();
    return { aid, lines, middlePage, autovacuum: rows[0]?.autovacuum ?? '?', asLeft, analyzed };
  } finally {
    await admin.end();
  }
}

/** How ledger or hledger is called on the exported journal: its balance report, no pager. */
const referenceArgs = (tool: 'ledger' | 'hledger', file: string): string[] =>
  tool === 'ledger' ? ['-f', file, '--no-pager', 'balance'] : ['-f', file, 'balance'];

/**
 * Posts `options.postings` lines into `buildingRef`'s latest year, then measures its trial
 * balance, journal export and bank account pages over HTTP on `server` (signed in as `cookie`),
 * against `ledger balance` on the exported journal.
 */
export async function benchLedgerScale(
  server: RunningServer,
  buildingRef: string,
  cookie: string,
  options: LedgerScaleOptions,
): Promise<LedgerScaleFigures> {
  const db = server.platform.db;
  const rounds = options.rounds ?? 3;
  const batch = options.batch ?? 5_000;
  const transactions = Math.floor(options.postings / 2);
  const accounts = await scaleAccounts(db, buildingRef);
  const generateMs = await generate(db, accounts, transactions, batch, options.onProgress);
  const base = `${server.address}/api/buildings/${buildingRef}/fiscal-years/${accounts.scope.fiscalYear}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'copro-bench-ledger-'));
  const file = path.join(dir, 'journal.ledger');
  try {
    // The long posting kept the event loop busy: a pooled connection may be stale; one untimed
    // request finds out before timing.
    await fetch(`${server.address}/api/version`)
      .then((res) => res.arrayBuffer())
      .catch(() => undefined);

    // The journal first: it is what the reference tools read.
    const journalRuns: number[] = [];
    let journalBytes = 0;
    let journalMemory: ExportMemory | null = null;
    for (let i = 0; i < 2; i += 1) {
      const exported = await memoryAround(500, file, () => exportJournal(`${base}/journal`, cookie, file));
      journalRuns.push(exported.result.ms);
      journalBytes = exported.result.bytes;
      const growth = (m: ExportMemory) => m.peak - m.before;
      if (!journalMemory || growth(exported.memory) > growth(journalMemory)) journalMemory = exported.memory;
    }
    options.onProgress?.(
      `  … journal exported (${(journalBytes / 1024 / 1024).toFixed(0)} MB), trial balance against ledger`,
    );

    // Copro's trial balance and ledger's balance report, interleaved so the machine's other load
    // weighs on both alike.
    const trialBalance = `${base}/trial-balance`;
    const first = await timedGet(trialBalance, cookie);
    const lines = JSON.parse(first.body) as TrialBalanceLine[];
    const trialBalanceRuns: number[] = [];
    const ledgerRuns: number[] = [];
    let ledgerProblem: string | null = null;
    let balancesAgree: boolean | null = null;
    for (let i = 0; i < rounds; i += 1) {
      trialBalanceRuns.push((await timedGet(trialBalance, cookie)).ms);
      if (ledgerProblem) continue;
      const result = await run('ledger', referenceArgs('ledger', file), 600_000);
      if (result.code !== 0) {
        ledgerProblem = result.timedOut
          ? 'ran out of time (600 s)'
          : `failed (${result.code}): ${result.stderr.trim().split('\n')[0] ?? ''}`;
        continue;
      }
      ledgerRuns.push(result.ms);
      balancesAgree ??= sameBalances(lines, ledgerBalances(result.stdout));
    }

    // Issue 16: the financial statements of the same year, each timed like the trial balance; the
    // trial balance and the income statement also for a period whose edges cut months in two.
    const statements = await timeStatements(base, cookie, accounts.scope.fiscalYear, rounds);

    let hledger: ReferenceRun | null = null;
    if ((options.hledgerTimeoutS ?? 0) > 0) {
      const result = await run(
        'hledger',
        referenceArgs('hledger', file),
        (options.hledgerTimeoutS ?? 0) * 1000,
      );
      hledger = {
        tool: 'hledger',
        ms: result.ms,
        runs: [result.ms],
        problem:
          result.code === 0
            ? null
            : result.timedOut
              ? `ran out of time (${options.hledgerTimeoutS} s)`
              : `failed (${result.code}): ${result.stderr.trim().split('\n')[0] ?? ''}`,
      };
    }

    // Half the transactions touch the bank (generate).
    const bank = options.bankPages
      ? await bankPages(base, cookie, accounts.bank, Math.ceil(transactions / 2), options.bankPages)
      : null;

    return {
      transactions,
      batch,
      postings: transactions * 2,
      generateMs,
      trialBalanceMs: median(trialBalanceRuns),
      trialBalanceRuns,
      trialBalanceAccounts: lines.length,
      balancesAgree,
      ledger: { tool: 'ledger', ms: median(ledgerRuns), runs: ledgerRuns, problem: ledgerProblem },
      hledger,
      journalBytes,
      journalRuns,
      journalRssBeforeMb: journalMemory?.before ?? 0,
      journalRssHalfGrowthMb: (journalMemory?.firstHalfPeak ?? 0) - (journalMemory?.before ?? 0),
      journalRssGrowthMb: (journalMemory?.peak ?? 0) - (journalMemory?.before ?? 0),
      bank,
      statements,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The statements `benchLedgerScale` times: the whole year, and a period cutting two months. */
export function statementRequests(year: string): { name: string; statement: string; query: string }[] {
  // `generate` spreads the postings over the 365 days from the year's start.
  const lastDay = addDays(year, 364);
  const period = `from=${year.slice(0, 4)}-02-15&to=${year.slice(0, 4)}-10-14`;
  return [
    { name: 'balance sheet', statement: 'balance-sheet', query: `to=${lastDay}` },
    { name: 'income statement, year', statement: 'income-statement', query: `from=${year}&to=${lastDay}` },
    { name: 'income statement, Feb 15–Oct 14', statement: 'income-statement', query: period },
    { name: 'trial balance, Feb 15–Oct 14', statement: 'trial-balance', query: period },
    { name: 'cash flow, year', statement: 'cash-flow', query: `from=${year}&to=${lastDay}` },
    { name: 'funds, year', statement: 'funds', query: `from=${year}&to=${lastDay}` },
  ];
}

async function timeStatements(
  base: string,
  cookie: string,
  year: string,
  rounds: number,
): Promise<StatementTiming[]> {
  const timings: StatementTiming[] = [];
  for (const request of statementRequests(year)) {
    const url = `${base}/financial-statements/${request.statement}?${request.query}&format=json`;
    await timedGet(url, cookie);
    const runs: number[] = [];
    for (let i = 0; i < rounds; i += 1) runs.push((await timedGet(url, cookie)).ms);
    timings.push({ name: request.name, query: request.query, ms: median(runs), runs });
  }
  return timings;
}

/**
 * The first page of the condo-fee revenue account and of the bank account of `buildingRef`, as
 * they are (after `benchMoneyIn` wrote a year of fees and payments for its units).
 */
export async function benchAccountPages(
  server: RunningServer,
  buildingRef: string,
  cookie: string,
): Promise<AccountPagesFigures> {
  const db = server.platform.db;
  const { scope, revenue, bank: operating, banks, units } = await scaleAccounts(db, buildingRef);
  const bank = (await busiest(db, scope.buildingId, banks)) ?? operating;
  const base = `${server.address}/api/buildings/${buildingRef}/fiscal-years/${scope.fiscalYear}`;
  const page = async (aid: number): Promise<AccountPageTiming> => {
    const { body, ...timing } = await coldAndWarm(`${base}/accounts/${aid}/transactions?page=1`, cookie, 5);
    return { aid, lines: (JSON.parse(body ?? '{}') as { total?: number }).total ?? 0, ...timing };
  };
  return { units: units.length, revenue: await page(revenue), bank: await page(bank) };
}

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const count = (n: number): string => n.toLocaleString('en-US');

/** How many times faster Copro is than the reference: "23.4× faster" or "2.3× slower". */
const faster = (reference: number, copro: number): string =>
  reference >= copro
    ? `${(reference / copro).toFixed(1)}× faster`
    : `${(copro / reference).toFixed(1)}× slower`;

/** Rows 1 and 2: a trial balance against `ledger balance` on the same data. */
export function trialBalanceRow(what: string, target: number, run: Part<LedgerScaleFigures>): TargetRow {
  const targetText = `≥ ${target}× faster than ledger`;
  if ('figures' in run && run.figures.ledger.problem)
    return notMeasured(what, targetText, `ledger ${run.figures.ledger.problem}`);
  return rowOf(what, targetText, run, (f) => ({
    measured: `${faster(f.ledger.ms, f.trialBalanceMs)} than ledger: Copro ${ms(f.trialBalanceMs)}, ledger ${ms(f.ledger.ms)}, ${count(f.postings)} postings${f.balancesAgree === false ? ', BALANCES DIFFER' : ''}`,
    met: f.ledger.ms / f.trialBalanceMs >= target && f.balancesAgree !== false,
  }));
}

/**
 * Flat: the server's memory does not grow with the journal. A stream holds a cursor's batch and
 * socket buffers whatever the journal's size, and V8's young generation grows to its full size
 * (some 50 MB) early on: the second half of the journal adds at most 16 MB to the first half's
 * peak, and the growth stays under 128 MB (a journal built in memory grows by gigabytes before
 * its first byte).
 */
export const flatGrowth = (f: LedgerScaleFigures): boolean =>
  f.journalRssGrowthMb - f.journalRssHalfGrowthMb <= 16 && f.journalRssGrowthMb < 128;

/** Row 3: the journal export against `ledger balance`, and the server's memory meanwhile. */
export function journalRow(run: Part<LedgerScaleFigures>): TargetRow {
  const what = 'journal export, 1M postings';
  const target = 'no slower than ledger balance; memory flat (streamed)';
  if ('figures' in run && run.figures.ledger.problem)
    return notMeasured(what, target, `ledger ${run.figures.ledger.problem}`);
  return rowOf(what, target, run, (f) => {
    const exportMs = f.journalRuns.at(-1) ?? Number.NaN;
    return {
      measured: `${ms(exportMs)} to the last byte of ${mb(f.journalBytes)} (${count(f.postings)} postings) vs ledger balance ${ms(f.ledger.ms)}; server RSS +${f.journalRssHalfGrowthMb.toFixed(0)} MB by half, +${f.journalRssGrowthMb.toFixed(0)} MB by the end (${flatGrowth(f) ? 'flat' : 'not flat'})`,
      met: exportMs <= f.ledger.ms && flatGrowth(f),
    };
  });
}

const pageTime = (t: PageTiming): string => (t.timedOut ? `> ${ms(t.ms)} (cancelled)` : ms(t.ms));
const slowest = (p: BankPages): number => Math.max(p.first.ms, p.middle.ms);

/**
 * Row 4: the bank account's first page and a middle one, with the statistics the posting left and
 * after an ANALYZE; met when both are (a page must not wait for autovacuum).
 */
export function bankPageRow(run: Part<LedgerScaleFigures>): TargetRow {
  const bank = 'figures' in run ? run.figures.bank : null;
  const what = `bank account page, ${bank ? count(bank.lines) : '250,000'} lines, PostgreSQL`;
  if ('figures' in run && !bank) return notMeasured(what, '≤ 100 ms', 'not on this database');
  return rowOf(what, '≤ 100 ms', run, () => {
    if (!bank) throw new Error('no bank figures');
    const pages = (p: BankPages) =>
      `first page ${pageTime(p.first)}, page ${bank.middlePage} ${pageTime(p.middle)}`;
    return {
      measured: `${pages(bank.asLeft)}; after ANALYZE ${pages(bank.analyzed)}`,
      met: Math.max(slowest(bank.asLeft), slowest(bank.analyzed)) <= 100,
    };
  });
}

/** Row 5: two accounts' first page in the embedded database. */
export function accountPagesRow(run: Part<AccountPagesFigures>): TargetRow {
  const what =
    'figures' in run
      ? `an account’s first page, embedded, ${count(run.figures.units)}-unit building: fee revenue (${count(run.figures.revenue.lines)} lines) / bank (${count(run.figures.bank.lines)} lines)`
      : 'an account’s first page, embedded, 1,000-unit building: fee revenue / bank';
  return rowOf(what, '≤ 100 ms each', run, ({ revenue, bank }) => ({
    measured: `${ms(revenue.ms)} / ${ms(bank.ms)}`,
    met: Math.max(revenue.ms, bank.ms) <= 100,
  }));
}

function bankLine(b: BankFigures): string {
  const page = (t: PageTiming) =>
    t.timedOut ? pageTime(t) : `${ms(t.ms)} (first request ${ms(t.coldMs)}, ${t.warmRuns} more)`;
  const pages = (p: BankPages) => `first page ${page(p.first)} · page ${b.middlePage} ${page(p.middle)}`;
  return `${''.padEnd(28)} bank account #${b.aid}, ${count(b.lines)} lines, as posted (autovacuum ${b.autovacuum}): ${pages(b.asLeft)} · after ANALYZE: ${pages(b.analyzed)}`;
}

/** The figures behind the rows, for the lines above the table. */
export function ledgerScaleLines(label: string, f: LedgerScaleFigures): string[] {
  const reference = (r: ReferenceRun) =>
    r.problem ? `${r.tool} ${r.problem}` : `${r.tool} balance ${ms(r.ms)} (${r.runs.map(ms).join(', ')})`;
  return [
    `${label.padEnd(28)} ${f.transactions.toLocaleString('en-US')} transactions, ${f.postings.toLocaleString('en-US')} postings posted in ${(f.generateMs / 1000).toFixed(1)} s (${((f.postings / f.generateMs) * 1000).toFixed(0)} postings/s; postTransactions, ${f.batch.toLocaleString('en-US')} transactions a database transaction)`,
    `${''.padEnd(28)} trial balance (${f.trialBalanceAccounts} accounts) ${ms(f.trialBalanceMs)} (${f.trialBalanceRuns.map(ms).join(', ')}) · ${reference(f.ledger)}${f.hledger ? ` · ${reference(f.hledger)}` : ''} · balances ${f.balancesAgree === null ? 'not compared' : f.balancesAgree ? 'equal ledger’s' : 'DIFFER from ledger’s'}`,
    `${''.padEnd(28)} journal ${mb(f.journalBytes)}: ${f.journalRuns.map(ms).join(', ')} to the last byte · server RSS ${f.journalRssBeforeMb.toFixed(0)} MB before, +${f.journalRssHalfGrowthMb.toFixed(0)} MB by half the journal, +${f.journalRssGrowthMb.toFixed(0)} MB by the end (${flatGrowth(f) ? 'flat' : 'not flat'}: flat when the second half adds ≤ 16 MB and the growth stays under 128 MB)`,
    ...(f.bank ? [bankLine(f.bank)] : []),
    ...f.statements.map(
      (st) =>
        `${''.padEnd(28)} ${st.name}: ${ms(st.ms)} (${st.runs.map(ms).join(', ')})${f.ledger.problem ? '' : ` · ${faster(f.ledger.ms, st.ms)} than ledger balance`}`,
    ),
  ];
}

/** Issue 16's target: every statement over the year ≥ `target`× faster than `ledger balance`. */
export function statementsRow(what: string, target: number, run: Part<LedgerScaleFigures>): TargetRow {
  const targetText = `each ≥ ${target}× faster than ledger`;
  if ('figures' in run && run.figures.ledger.problem)
    return notMeasured(what, targetText, `ledger ${run.figures.ledger.problem}`);
  return rowOf(what, targetText, run, (f) => {
    const slowest = [...f.statements].sort((a, b) => b.ms - a.ms)[0];
    if (!slowest) return { measured: 'no statement timed', met: false };
    return {
      measured: `slowest ${slowest.name} ${ms(slowest.ms)}: ${faster(f.ledger.ms, slowest.ms)} than ledger ${ms(f.ledger.ms)} (${count(f.postings)} postings)`,
      met: f.ledger.ms / slowest.ms >= target,
    };
  });
}
