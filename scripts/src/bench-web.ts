import type { EntryType } from 'node:perf_hooks';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { demoBuildings, demoPassword } from './demo';

/**
 * What a browser is sent for the web app, measured in headless Chromium against a running Copro
 * (the demo seed): the sign-in page's scripts and the building dashboard's largest paint.
 */
export interface WebFigures {
  /** Bytes of JavaScript on the wire for a first visit of the sign-in page (brotli when served so). */
  signInJsBytesCompressed: number;
  /** The same scripts once decoded. */
  signInJsBytesRaw: number;
  signInJsFiles: number;
  /** Every hashed script answered `immutable` with a year's max-age. */
  immutable: boolean;
  /** Median largest contentful paint of the building dashboard, loaded anew after signing in. */
  dashboardLcpMs: number;
  /** The same with an empty browser cache (only the session cookie kept). */
  dashboardLcpColdMs: number;
}

const year = 31_536_000;
const loads = 3;

interface ScriptEntry {
  name: string;
  encodedBodySize: number;
  decodedBodySize: number;
}

/** The page's scripts as Resource Timing saw them: bodies on the wire and decoded. */
const scriptEntries = (page: Page): Promise<ScriptEntry[]> =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry as unknown as ScriptEntry)
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map(({ name, encodedBodySize, decodedBodySize }) => ({ name, encodedBodySize, decodedBodySize })),
  );

/** A browser's entry type, which Node's typings (this project's) do not list. */
const largestPaintEntry = 'largest-contentful-paint' as EntryType;

/** The latest largest-contentful-paint candidate of the current document, in ms from navigation. */
const largestPaint = (page: Page): Promise<number> =>
  page.evaluate(
    (type) =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]?.startTime ?? Number.NaN);
        }).observe({ type, buffered: true });
      }),
    largestPaintEntry,
  );

function immutableAnswer(cacheControl: string | undefined): boolean {
  const maxAge = /max-age=(\d+)/.exec(cacheControl ?? '')?.[1];
  return Boolean(cacheControl?.includes('immutable')) && Number(maxAge) >= year;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function newContext(browser: Browser, baseUrl: string): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1280, height: 860 },
    locale: 'en-CA',
  });
}

/** Loads `path` as a new document and waits for the dashboard's cards before reading its paint. */
async function dashboardPaint(page: Page, path: string): Promise<number> {
  await page.goto(path);
  // The identity card names the building: the page is drawn, then its cards' data come in.
  await page.getByRole('heading', { name: demoBuildings[0].name }).first().waitFor();
  await page.waitForLoadState('load');
  // Late cards may still take over as the largest paint: let them land before reading.
  await page.waitForTimeout(500);
  return largestPaint(page);
}

/**
 * Measures the web app served at `baseUrl` (a server started with the demo seed). Uses the
 * system Chromium; nothing is sent anywhere but `baseUrl`.
 */
export async function benchWeb(
  baseUrl: string,
  options: { email?: string; password?: string; buildingRef?: string; executablePath?: string } = {},
): Promise<WebFigures> {
  const browser = await chromium.launch({
    executablePath: options.executablePath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
    ],
  });
  try {
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    const cacheControl = new Map<string, string | undefined>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'))
        cacheControl.set(url.pathname, response.headers()['cache-control']);
    });

    // A first visit: `/` goes on to the sign-in page, whose form is what the visitor came for.
    await page.goto('/');
    await page.waitForURL('**/signin**');
    await page.locator('input[type="password"]').first().waitFor();
    await page.waitForLoadState('load');
    const scripts = await scriptEntries(page);
    const signInJsBytesCompressed = scripts.reduce((sum, s) => sum + s.encodedBodySize, 0);
    const signInJsBytesRaw = scripts.reduce((sum, s) => sum + s.decodedBodySize, 0);

    await page
      .locator('input[autocomplete="email"], input[type="email"]')
      .first()
      .fill(options.email ?? 'admin@example.com');
    await page
      .locator('input[type="password"]')
      .first()
      .fill(options.password ?? demoPassword);
    await page.locator('input[type="password"]').first().press('Enter');
    await page.waitForURL('**/dashboard');

    const dashboard = `/building/${options.buildingRef ?? demoBuildings[0].ref}/dashboard`;
    const warm: number[] = [];
    for (let i = 0; i < loads; i++) warm.push(await dashboardPaint(page, dashboard));
    const immutable = cacheControl.size > 0 && [...cacheControl.values()].every(immutableAnswer);

    const cold: number[] = [];
    const storageState = await context.storageState();
    for (let i = 0; i < loads; i++) {
      const fresh = await browser.newContext({
        baseURL: baseUrl,
        viewport: { width: 1280, height: 860 },
        locale: 'en-CA',
        storageState,
      });
      cold.push(await dashboardPaint(await fresh.newPage(), dashboard));
      await fresh.close();
    }
    await context.close();
    return {
      signInJsBytesCompressed,
      signInJsBytesRaw,
      signInJsFiles: scripts.length,
      immutable,
      dashboardLcpMs: median(warm),
      dashboardLcpColdMs: median(cold),
    };
  } finally {
    await browser.close();
  }
}
