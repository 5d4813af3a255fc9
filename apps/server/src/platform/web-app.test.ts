import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';
import { hashedCache, pageCache } from './web-app';

/**
 * A built web app as the build writes it: the page and a hashed script, each with its brotli and
 * gzip copies (marked, so the test sees which one was sent), a public file without copies.
 */
const script = `console.log(${JSON.stringify('x'.repeat(2000))});`;
const page = '<!doctype html><div id="root"></div><script type="module" src="/assets/app-1a2b.js"></script>';
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'copro-web-app-'));
fs.mkdirSync(path.join(webDist, 'assets'));
function writeWithCopies(file: string, content: string): void {
  fs.writeFileSync(path.join(webDist, file), content);
  fs.writeFileSync(path.join(webDist, `${file}.br`), zlib.brotliCompressSync(`${content}//br`));
  fs.writeFileSync(path.join(webDist, `${file}.gz`), zlib.gzipSync(`${content}//gz`));
}
writeWithCopies('index.html', page);
writeWithCopies('assets/app-1a2b.js', script);
fs.writeFileSync(path.join(webDist, 'zod-config.js'), 'globalThis.__zod_globalConfig = {};');

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ webDist });
});
afterAll(async () => {
  await h.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  h.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

function decoded(res: Awaited<ReturnType<typeof get>>): string {
  const body = res.rawPayload;
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString();
  return body.toString();
}

describe('the built web app', () => {
  it('sends the brotli copy to a browser that takes it, else gzip, else the file', async () => {
    const cases: [string | undefined, string | undefined, string][] = [
      ['gzip, deflate, br, zstd', 'br', '//br'],
      ['br', 'br', '//br'],
      ['gzip, deflate', 'gzip', '//gz'],
      ['br;q=0.1, gzip;q=0.9', 'gzip', '//gz'],
      ['identity', undefined, ''],
      [undefined, undefined, ''],
    ];
    for (const [accept, encoding, mark] of cases) {
      const res = await get('/assets/app-1a2b.js', accept);
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-type'], accept).toMatch(/^application\/javascript/);
      expect(res.headers['vary'], accept).toBe('accept-encoding');
      expect(Number(res.headers['content-length']), accept).toBe(res.rawPayload.length);
      expect(decoded(res), accept).toBe(script + mark);
    }
  });

  it('lets hashed files be cached for good, and the page and public files be asked for again', async () => {
    const asset = await get('/assets/app-1a2b.js', 'br');
    expect(asset.headers['cache-control']).toBe(hashedCache);
    expect(hashedCache).toContain('immutable');
    expect(hashedCache).toContain('max-age=31536000');

    for (const url of ['/', '/dashboard', '/building/x/2026-01-01/units', '/signin?redirect=%2F']) {
      const res = await get(url, 'gzip, br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(pageCache);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(decoded(res), url).toBe(`${page}//br`);
    }
    expect(pageCache).toBe('no-cache');

    const plain = await get('/zod-config.js', 'br');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe(pageCache);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/javascript/);
  });

  it('answers a revalidation of the page with 304', async () => {
    const first = await get('/dashboard', 'br');
    const again = await h.app.inject({
      method: 'GET',
      url: '/dashboard',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('keeps the security headers on compressed answers', async () => {
    for (const url of ['/assets/app-1a2b.js', '/']) {
      const res = await get(url, 'br');
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('never sends a compressed copy under its own name, nor a missing asset as the page', async () => {
    for (const url of ['/assets/app-1a2b.js.br', '/assets/app-1a2b.js.gz', '/assets/gone-9z.js']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
    }
    // Outside assets/ it is one more path of the app's: the page, properly labelled.
    const copy = await get('/index.html.br', 'br');
    expect(copy.headers['content-type']).toMatch(/^text\/html/);
    expect(decoded(copy)).toBe(`${page}//br`);
  });
});
