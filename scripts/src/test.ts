import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { webAppState } from './web-app';

/**
 * `npm test`: lint, type-check, then every test — domain and server on PGlite, the server again
 * on PostgreSQL when TEST_DATABASE_URL is set, and the browser tests on a freshly built web app.
 */
const root = path.resolve(import.meta.dirname, '../..');
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedSteps: string[] = [];

function run(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): boolean {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) failedSteps = [...failedSteps, title];
  return result.status === 0;
}

/** Runs the steps at once, each one's output kept and printed whole when it ends, in order. */
async function runTogether(steps: [title: string, command: string, args: string[]][]): Promise<void> {
  const results = await Promise.all(
    steps.map(
      ([title, command, args]) =>
        new Promise<{ title: string; ok: boolean; output: string }>((resolve) => {
          const child = spawn(command, args, { cwd: root, env: process.env });
          let output = '';
          child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
          child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
          child.on('close', (code) => resolve({ title, ok: code === 0, output }));
        }),
    ),
  );
  for (const { title, ok, output } of results) {
    console.log(`\n▶ ${title}`);
    process.stdout.write(output);
    if (!ok) failedSteps = [...failedSteps, title];
  }
}

/**
 * One vitest run of `projects`, its counts added to the totals. `buffered`: its output is kept and
 * printed whole when it ends, for a run beside another one.
 */
async function vitest(
  title: string,
  projects: string[],
  env: NodeJS.ProcessEnv,
  options: { buffered?: boolean; maxWorkers?: number } = {},
): Promise<void> {
  const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'copro-test-')), 'report.json');
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    ...(options.maxWorkers ? [`--maxWorkers=${options.maxWorkers}`] : []),
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${report}`,
  ];
  if (!options.buffered) console.log(`\n▶ ${title}`);
  const ok = await new Promise<boolean>((resolve) => {
    const child = spawn('npx', args, { cwd: root, env, stdio: options.buffered ? 'pipe' : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => {
      if (options.buffered) {
        console.log(`\n▶ ${title}`);
        process.stdout.write(output);
      }
      resolve(code === 0);
    });
  });
  if (!ok) failedSteps = [...failedSteps, title];
  if (!fs.existsSync(report)) return;
  const json = JSON.parse(fs.readFileSync(report, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
  };
  totals.passed += json.numPassedTests;
  totals.failed += json.numFailedTests;
  totals.skipped += json.numPendingTests;
}

const withoutPostgres = { ...process.env };
delete withoutPostgres.TEST_DATABASE_URL;

// Lint and type-check are one single-threaded process each: side by side on two cores.
await runTogether([
  ['Lint', 'npm', ['run', '--silent', 'lint']],
  ['Type-check', 'npm', ['run', '--silent', 'typecheck']],
]);
await vitest('Domain, web and server tests (PGlite)', ['domain', 'web', 'server'], withoutPostgres);
// A fresh install (npm ci) has just built it: built after every change of its sources, it is what
// the browser tests must load, and building it again would only cost time.
const webBuilt =
  webAppState() === 'built'
    ? (console.log('\n▶ Build the web app: built after its sources last changed, kept'), true)
    : run('Build the web app', 'npx', ['vite', 'build', '--logLevel', 'warn', 'apps/web']);
// The browser tests run one file at a time and mostly wait on Chromium and their server, so the
// server tests on PostgreSQL run beside them, on the other core (one file at a time too).
await Promise.all([
  process.env.TEST_DATABASE_URL
    ? vitest('Server tests (PostgreSQL)', ['server'], process.env, { buffered: true, maxWorkers: 1 })
    : undefined,
  webBuilt ? vitest('Browser tests (Chromium)', ['e2e'], withoutPostgres) : undefined,
]);

console.log(`\n${failedSteps.length ? `Failed: ${failedSteps.join(', ')}` : 'Every step passed.'}`);
console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
