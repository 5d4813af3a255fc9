import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { demoBuildings } from '@copro/scripts/demo';
import { type E2E, newPage, signInAs, startE2E } from './harness';

/** Issue 14, the web's payload: one language fetched, compressed files cached for good, one summary. */

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => e?.close());

/** The catalog chunks (`catalog-en-….js`, `catalog-fr-….js`) the page fetched, by language. */
function catalogsFetched(page: Page): string[] {
  const languages: string[] = [];
  page.on('request', (request) => {
    const language = /\/assets\/catalog-(\w+)-[^/]+\.js$/.exec(request.url())?.[1];
    if (language) languages.push(language);
  });
  return languages;
}

describe('the language', () => {
  it("draws a French visitor's page in French from its first paint, fetching French only", async () => {
    const { context, page } = await newPage(e, { locale: 'fr-CA' });
    // The words of every state of the page as it is drawn (texts and labels, not its styles), from
    // before the app's first module runs. A string: it runs in the page, not here.
    await page.addInitScript(`
      window.drawn = [];
      new MutationObserver(() => {
        const root = document.getElementById('root');
        if (!root) return;
        const words = [];
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        while (walker.nextNode()) {
          if (!walker.currentNode.parentElement.closest('style')) words.push(walker.currentNode.nodeValue);
        }
        for (const element of root.querySelectorAll('[aria-label], [placeholder], [title]'))
          for (const name of ['aria-label', 'placeholder', 'title']) words.push(element.getAttribute(name) ?? '');
        const text = words.join(' ').trim();
        if (text) window.drawn.push(document.documentElement.lang + ' ' + text);
      }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
    `);
    const fetched = catalogsFetched(page);
    await page.goto('/signin');
    await page.getByRole('heading', { name: 'Connexion à Copro' }).waitFor();
    const drawn = await page.evaluate<string[]>('window.drawn');
    expect(drawn.length).toBeGreaterThan(0);
    for (const state of drawn) {
      expect(state.startsWith('fr ')).toBe(true);
      expect(state).not.toMatch(/Sign in|Loading|Password|common\.loading|auth\.signIn/);
    }
    expect(fetched).toEqual(['fr']);

    // The other language comes on the switch, and only then.
    await page.getByRole('group', { name: 'Langue' }).getByRole('button', { name: 'EN' }).click();
    await page.getByRole('heading', { name: 'Sign in to Copro' }).waitFor();
    expect(fetched).toEqual(['fr', 'en']);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await context.close();
  });
});

describe('the built files', () => {
  it('sends the scripts brotli-compressed, cached for good, and the page to be asked for again', async () => {
    const { context, page } = await newPage(e);
    const scripts: { encoding?: string; cache?: string; length?: string }[] = [];
    page.on('response', (response) => {
      if (/\/assets\/[^/]+\.js$/.test(response.url()))
        scripts.push({
          encoding: response.headers()['content-encoding'],
          cache: response.headers()['cache-control'],
          length: response.headers()['content-length'],
        });
    });
    const answer = await page.goto('/signin');
    await page.getByRole('heading', { name: 'Sign in to Copro' }).waitFor();
    expect(answer?.headers()['cache-control']).toBe('no-cache');
    expect(scripts.length).toBeGreaterThan(3);
    for (const script of scripts) {
      // A file of a few bytes (a one-line chunk) is sent as it is: its brotli copy would be larger.
      if (script.encoding === undefined) expect(Number(script.length)).toBeLessThan(100);
      else expect(script.encoding).toBe('br');
      expect(script.cache).toBe('public, max-age=31536000, immutable');
    }
    await context.close();
  });
});

describe('the building dashboard', () => {
  it('asks for the receivables summary once for all its cards', async () => {
    const { context, page } = await newPage(e);
    await signInAs(page, 'admin@example.com');
    const summaries: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/receivables/summary')) summaries.push(request.url());
    });
    await page.goto(`/building/${demoBuildings[0].ref}/dashboard`);
    await page.getByText('Checks waiting for deposit').waitFor();
    await page.getByText('Owed by the units').waitFor();
    await page.getByText('Units in arrears').first().waitFor();
    expect(summaries).toHaveLength(1);
    await context.close();
  });
});
