import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness';

// A stand-in for the built web app: its page and one hashed asset.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'copro-web-dist-'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(path.join(webDist, 'assets', 'app-1234.js'), 'console.log(1);');

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ webDist });
});
afterAll(async () => {
  await h.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string) => h.app.inject({ method: 'GET', url });

describe('the front door (SPEC 2)', () => {
  it('serves the app at /, whose router goes on to /dashboard', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<div id="root">');
  });

  it("serves the app on every path of the app's own", async () => {
    for (const url of [
      '/dashboard',
      '/building/x/dashboard',
      '/building/x/',
      '/building/x/2026/units/transactions/abc?tab=1',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
    }
  });

  it('serves the built files themselves', async () => {
    const res = await get('/assets/app-1234.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
  });

  it('answers JSON 404 for an unknown API path and a missing asset, never the page', async () => {
    for (const url of ['/api/nope', '/api', '/api/nope?x=1', '/assets/gone-5678.js', '/assets/']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 'notFound' });
    }
    const post = await h.app.inject({ method: 'POST', url: '/api/nope', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ code: 'notFound' });
  });
});
