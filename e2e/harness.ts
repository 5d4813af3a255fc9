import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { loadConfig } from '@copro/server/config';
import { startServer, type RunningServer } from '@copro/server/server';
import { copyDatabaseTemplate } from '@copro/scripts/db-template';
import { demoPassword, seedDemo } from '@copro/scripts/demo';
import { freePort } from '@copro/scripts/free-port';

export { demoPassword };

export interface E2E {
  server: RunningServer;
  browser: Browser;
  baseUrl: string;
  close(): Promise<void>;
}

/** The domain of the buildings' request addresses when the e2e server receives mail. */
export const e2eMailDomain = 'mail.copro.test';

/**
 * The real server on a fresh embedded database with the demo seed, and the system Chromium.
 * `year`: also the demo's year of finances up to today, as `npm start` shows it (a few seconds more).
 * `smtpIn`: also the inbound SMTP listener for requests by email, on a port of the system's
 * choosing (`server.smtpIn.port`), for `{buildingRef}@${e2eMailDomain}`.
 */
export async function startE2E(options: { year?: boolean; smtpIn?: boolean } = {}): Promise<E2E> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'copro-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    JOBS_POLL_MS: '200',
    ...(options.smtpIn ? { SMTP_IN_PORT: '0', MAIL_IN_DOMAIN: e2eMailDomain } : {}),
  });
  if (!fs.existsSync(path.join(config.webDist, 'index.html')))
    throw new Error('Build the web app first: npx vite build apps/web');
  // The empty database the install prepared, as `npm start` takes it: initdb and the migrations
  // were several seconds of each file's start. Without it (no install), the server makes its own.
  copyDatabaseTemplate(path.join(dataDir, 'db'));
  const server = await startServer(config, {
    logger: false,
    beforeListen: async (p) => void (await seedDemo(p, { year: options.year })),
  });
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
    async close() {
      await browser.close();
      await server.close();
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
  const page = await context.newPage();
  return { context, page };
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
