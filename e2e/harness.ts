import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { loadConfig } from '@copro/server/config';
import { startFakePartner, type FakePartner } from '@copro/server/modules/otonom/partner/fake-partner';
import { enqueueForEveryBuilding } from '@copro/server/platform/building-jobs';
import { FixedClock } from '@copro/server/platform/clock';
import { startServer, type RunningServer } from '@copro/server/server';
import { copyDatabaseTemplate } from '@copro/scripts/db-template';
import { demoPassword, seedDemo } from '@copro/scripts/demo';
import { freePort } from '@copro/scripts/free-port';

export { demoPassword };

export interface E2E {
  server: RunningServer;
  browser: Browser;
  baseUrl: string;
  /** With `otonom`: the local fake payment partner the server sends to (OTONOM_URL). */
  partner: FakePartner | null;
  /** With `now`: the server's clock, which the test moves (`setNow`); null: the real time. */
  clock: FixedClock | null;
  close(): Promise<void>;
}

/** The domain of the buildings' request addresses when the e2e server receives mail. */
export const e2eMailDomain = 'mail.copro.test';

/**
 * The real server on a fresh embedded database with the demo seed, and the system Chromium.
 * `year`: also the demo's year of finances up to today, as `npm start` shows it (a few seconds more).
 * `smtpIn`: also the inbound SMTP listener for requests by email, on a port of the system's
 * choosing (`server.smtpIn.port`), for `{buildingRef}@${e2eMailDomain}`.
 * `otonom`: also the local fake payment partner on 127.0.0.1 (`e.partner`), the server's OTONOM_URL:
 * the files sent reach it, and a test pins a debit's answer (an NSF) with `e.partner.setStatus`.
 * `now`: the time the server reads, and the browser pages of `newPage` (an ISO instant), instead
 * of the real one; the demo is written up to it, the test moves it with `setNow`, and the daily
 * jobs run only when the test runs them (`runJob`).
 */
export async function startE2E(
  options: { year?: boolean; smtpIn?: boolean; otonom?: boolean; now?: string } = {},
): Promise<E2E> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'copro-e2e-'));
  const port = await freePort();
  const partner = options.otonom ? await startFakePartner({ host: '127.0.0.1' }) : null;
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    JOBS_POLL_MS: '200',
    ...(options.smtpIn ? { SMTP_IN_PORT: '0', MAIL_IN_DOMAIN: e2eMailDomain } : {}),
    ...(partner ? { OTONOM_URL: partner.url } : {}),
  });
  if (!fs.existsSync(path.join(config.webDist, 'index.html')))
    throw new Error('Build the web app first: npx vite build apps/web');
  // The empty database the install prepared, as `npm start` takes it: initdb and the migrations
  // were several seconds of each file's start. Without it (no install), the server makes its own.
  copyDatabaseTemplate(path.join(dataDir, 'db'));
  const clock = options.now ? new FixedClock(options.now) : null;
  const server = await startServer(config, {
    logger: false,
    ...(clock ? { clock } : {}),
    beforeListen: async (p) => void (await seedDemo(p, { year: options.year })),
  }).catch(async (error: unknown) => {
    // A server that did not start leaves no partner listening behind it.
    await partner?.close();
    throw error;
  });
  if (clock) {
    // The queue's schedules follow the real time: a daily job firing in the middle of a test that
    // holds the time would do the test's next step behind its back. The queue stops once its
    // catch-up runs of the start are done; the test runs a job when its story says (`runJob`).
    await server.platform.jobs.stop();
    await server.platform.jobs.drain();
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  return {
    server,
    browser,
    baseUrl,
    partner,
    clock,
    async close() {
      await browser.close();
      await server.close();
      await partner?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A new browser context (its own cookies) at a given width, in English unless told otherwise. */
export async function newPage(
  e: E2E,
  options: { width?: number; locale?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await e.browser.newContext({
    baseURL: e.baseUrl,
    viewport: { width: options.width ?? 1280, height: 860 },
    locale: options.locale ?? 'en-CA',
  });
  // The pages' today is the server's (`now`), their time flowing from there: the dates they
  // default to are the server's dates.
  if (e.clock) await context.clock.install({ time: e.clock.now() });
  const page = await context.newPage();
  return { context, page };
}

/**
 * With `now`: a daily job runs for every building as of the server's today, as its schedule would
 * have run it that morning, with whatever else is queued (mails); answers once all of it ran.
 */
export async function runJob(e: E2E, name: string): Promise<void> {
  if (!e.clock) throw new Error('runJob: start the e2e server with `now`');
  await enqueueForEveryBuilding(e.server.platform, name);
  await e.server.platform.jobs.drain();
}

/** Moves the server's time (`now`) and that of the open pages' browser contexts: days pass. */
export async function setNow(e: E2E, at: string, contexts: readonly BrowserContext[]): Promise<void> {
  if (!e.clock) throw new Error('setNow: start the e2e server with `now`');
  e.clock.set(at);
  for (const context of contexts) await context.clock.setSystemTime(e.clock.now());
}

/** Screenshots go to e2e/screenshots when COPRO_SCREENSHOTS is set (for looking at pages, not for asserting). */
export async function shot(page: Page, name: string): Promise<void> {
  if (!process.env.COPRO_SCREENSHOTS) return;
  const dir = path.resolve(import.meta.dirname, 'screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** Signs a demo user in through the real page and waits for their dashboard. */
export async function signInAs(page: Page, email: string): Promise<void> {
  await page.goto('/signin');
  await page
    .locator('input[type="email"], input[autocomplete="email"], input[autocomplete="username"]')
    .first()
    .fill(email);
  await page.locator('input[type="password"]').first().fill(demoPassword);
  await page.locator('input[type="password"]').first().press('Enter');
  await page.waitForURL('**/dashboard');
}
