import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, type Harness } from './test/harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

/** Who can reach what, in one reviewable file: a change of permission shows in the diff. */
it('lists every route with its declared permission', async () => {
  const lines = [...h.routeTable.entries()]
    .filter(([route]) => !route.startsWith('GET /api/docs/'))
    .map(([route, permission]) => `${route.padEnd(62)} ${permission}`)
    .sort();
  await expect(lines.join('\n') + '\n').toMatchFileSnapshot('./routes.snapshot.txt');
});

it('documents every route in the OpenAPI document', async () => {
  const doc = (await h.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, object>;
  };
  const documented = new Set(
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    ),
  );
  const missing = [...h.routeTable.keys()].filter(
    (r) => !r.startsWith('GET /api/docs') && !documented.has(r),
  );
  expect(missing).toEqual([]);
});

/** DESIGN 4: every route declares its response schema, so OpenAPI shows it and the web is typed from it. */
it('declares a response schema for every route', async () => {
  const doc = (await h.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { responses?: Record<string, { content?: object }> }>>;
  };
  const undeclared = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, operation]) => {
        const responses = Object.entries(operation.responses ?? {});
        return !responses.some(([status, r]) => /^2\d\d$/.test(status) && (r.content || status === '204'));
      })
      .map(([method]) => `${method.toUpperCase()} ${path}`),
  );
  expect(undeclared.filter((r) => !r.includes('/api/docs'))).toEqual([]);
});
