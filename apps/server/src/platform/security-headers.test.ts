import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { as, createBuildingFixture, createHarness, type Harness } from '../test/harness';
import { createMember, pdfUpload, unitBody, yearPath } from '../test/registry-fixtures';

/** A built web app of two files, so the test does not depend on `npm run build`. */
const webDist = mkdtempSync(path.join(tmpdir(), 'copro-web-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><script type="module" src="/assets/app.js"></script>',
);
writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log("app");');
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

/** The Content-Security-Policy's directives by name. */
const directives = (res: LightMyRequestResponse): Map<string, string> =>
  new Map(
    String(res.headers['content-security-policy'] ?? '')
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(' ')[0] ?? '', d.slice(d.indexOf(' ') + 1)]),
  );

function expectPageHeaders(res: LightMyRequestResponse, https: boolean): void {
  const csp = directives(res);
  expect(csp.get('default-src')).toBe("'self'");
  expect(csp.get('script-src')).toBe("'self'");
  expect(csp.get('style-src')).toBe("'self' 'unsafe-inline'");
  expect(csp.get('object-src')).toBe("'none'");
  expect(csp.get('frame-ancestors')).toBe("'none'");
  expect(csp.get('base-uri')).toBe("'self'");
  expect(csp.has('upgrade-insecure-requests')).toBe(https);
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('same-origin');
  if (https) expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
  else expect(res.headers['strict-transport-security']).toBeUndefined();
}

describe('security headers over http', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ webDist });
  });
  afterAll(async () => h.close());

  it('come with the app page, an API answer, an asset, and a not-found alike; no HSTS over http', async () => {
    const page = await h.app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expectPageHeaders(page, false);

    const deepLink = await h.app.inject({ method: 'GET', url: '/buildings/anything/units' });
    expect(deepLink.statusCode).toBe(200);
    expectPageHeaders(deepLink, false);

    const api = await h.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.statusCode).toBe(200);
    expectPageHeaders(api, false);

    const asset = await h.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toContain('javascript');
    expectPageHeaders(asset, false);

    for (const url of ['/api/nothing-here', '/assets/gone.js']) {
      const missing = await h.app.inject({ method: 'GET', url });
      expect(missing.statusCode).toBe(404);
      expectPageHeaders(missing, false);
    }

    const docs = await h.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expectPageHeaders(docs, false);
  });

  it('come with a PDF answered inline too', async () => {
    const b = await createBuildingFixture(h);
    const admin = await createMember(h, b, 'admin', 'admin');
    const base = yearPath(b);
    const unit = (await as(h, admin).post(`${base}/units`, unitBody())).json() as { uuid: string };
    const proofUrl = `${base}/units/${unit.uuid}/insurance-proof`;
    expect((await as(h, admin).put(proofUrl, pdfUpload())).statusCode).toBe(200);
    const pdf = await as(h, admin).get(proofUrl);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expectPageHeaders(pdf, false);
  });
});

describe('security headers over https', () => {
  it('add HSTS and upgrade stray http requests when the public URL is https', async () => {
    const h = await createHarness({ publicUrl: 'https://copro.example.com', webDist });
    try {
      for (const url of ['/', '/api/health', '/assets/app.js']) {
        const res = await h.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expectPageHeaders(res, true);
      }
    } finally {
      await h.close();
    }
  });
});
