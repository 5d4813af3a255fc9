import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { translate, type Language } from '@copro/domain';
import { buildApp } from '../app';
import { rowsOf } from '../db/client';
import { moneyInSetup, type MoneyInSetup } from '../modules/receivables/test-fixtures';
import { createHarness, type Harness } from '../test/harness';
import { personBody } from '../test/registry-fixtures';
import { publicRoute } from './routes';

let h: Harness;
let s: MoneyInSetup;
beforeAll(async () => {
  h = await createHarness();
  s = await moneyInSetup(h);
});
afterAll(async () => h.close());

const headerOf: Record<Language, string> = { en: 'en-CA', fr: 'fr-CA' };

/** One request as the building's admin, in `language`. */
const call = (
  language: Language,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
  app: FastifyInstance = h.app,
) =>
  app.inject({
    method,
    url,
    headers: { cookie: s.admin.cookie, 'accept-language': headerOf[language] },
    ...(payload ? { payload } : {}),
  });

/** Routes of different areas, each with one string of its body to spoil. */
const bodyRoutes = () => [
  {
    name: 'a registry record',
    method: 'POST' as const,
    url: `${s.base}/people`,
    body: (text: string) => personBody(text),
  },
  {
    name: 'a payment',
    method: 'POST' as const,
    url: `${s.base}/unit-payments`,
    body: (text: string) => ({
      unitUuid: s.units[0]?.uuid,
      date: '2026-03-05',
      amount: 1_000,
      paymentMethod: 'cash',
      bankUuid: s.bank.uuid,
      notes: text,
    }),
  },
  {
    name: 'a building edit',
    method: 'PATCH' as const,
    url: `/api/buildings/${s.b.ref}`,
    body: (text: string) => ({ name: text }),
  },
];

describe('strings that cannot be stored', () => {
  // A NUL, or half of a surrogate pair, somewhere in an otherwise ordinary string.
  const spoiled = fc
    .tuple(
      fc
        .string({ minLength: 1, maxLength: 12 })
        .filter((t) => t.trim().length > 0 && !/[\uD800-\uDFFF\0]/.test(t)),
      fc.constantFrom('\u0000', '\uD800', '\uDFFF', '\uDBFF\u0041'),
      fc.nat(12),
    )
    .map(([text, bad, at]) => `A${text.slice(0, at)}${bad}${text.slice(at)}`);

  it('are refused with 400 and a message in the reader’s language on every kind of route, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        spoiled,
        fc.nat(bodyRoutes().length - 1),
        fc.constantFrom<Language>('en', 'fr'),
        async (text, index, language) => {
          const route = bodyRoutes()[index];
          if (!route) throw new Error('no route');
          const res = await call(language, route.method, route.url, route.body(text));
          expect(res.statusCode, `${route.name}: ${res.body}`).toBe(400);
          expect(res.json()).toMatchObject({
            code: 'validation',
            message: translate(language, 'validation.invalidCharacters'),
            issues: [{ key: 'validation.invalidCharacters' }],
          });
        },
      ),
      { numRuns: 30 },
    );
  });

  it('names the field in a body, and the query or path part otherwise', async () => {
    const body = await call(
      'en',
      'POST',
      `${s.base}/people`,
      personBody('Tremblay', ['a@example.test'], {
        address: { street: 'rue\u0000' },
      }),
    );
    expect(body.statusCode).toBe(400);
    expect(body.json().issues).toEqual([
      { path: ['address', 'street'], key: 'validation.invalidCharacters' },
    ]);

    const query = await call('fr', 'GET', `${s.base}/deposits?from=%00`);
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({
      message: translate('fr', 'validation.invalidCharacters'),
      issues: [{ path: ['querystring', 'from'] }],
    });

    const param = await call('en', 'GET', `${s.base}/people/%00`);
    expect(param.statusCode).toBe(400);
    expect(param.json().issues).toEqual([{ path: ['params', 'uuid'], key: 'validation.invalidCharacters' }]);
  });

  it('still takes every real character, emoji and accents included', async () => {
    const res = await call('en', 'POST', `${s.base}/people`, personBody('Côté 🏢 \u00e9\u0301'));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().lastName).toBe('Côté 🏢 \u00e9\u0301');
  });
});

describe('dates out of bounds', () => {
  for (const date of ['0000-01-01', '9999-12-31', '1899-12-31']) {
    it(`refuses ${date} in a body and in a query with a message in the reader’s language`, async () => {
      for (const language of ['en', 'fr'] as const) {
        const payment = await call(language, 'POST', `${s.base}/unit-payments`, {
          unitUuid: s.units[0]?.uuid,
          date,
          amount: 1_000,
          paymentMethod: 'cash',
          bankUuid: s.bank.uuid,
        });
        expect(payment.statusCode, payment.body).toBe(400);
        expect(payment.json()).toMatchObject({
          code: 'validation',
          message: translate(language, 'validation.completeForm'),
          issues: [{ path: ['date'], key: 'validation.dateOutOfRange' }],
        });
        expect(translate(language, 'validation.dateOutOfRange')).not.toBe('validation.dateOutOfRange');

        const query = await call(language, 'GET', `${s.base}/deposits?from=${date}`);
        expect(query.statusCode, query.body).toBe(400);
        expect(query.json().issues).toEqual([{ path: ['from'], key: 'validation.dateOutOfRange' }]);
      }
    });
  }

  it('refuses a new building whose first fiscal year starts in the year 0000', async () => {
    const res = await call('en', 'POST', `/api/billing-accounts/${s.b.billingAccountId}/buildings`, {
      name: 'Year zero',
      buildingRef: 'year-zero',
      buildingGroupId: s.b.buildingGroupId,
      fiscalYearStart: '0000-01-01',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('a logo address', () => {
  it('is a web address only (http or https)', async () => {
    for (const logoUrl of ['javascript:alert(1)', 'data:image/png;base64,AAAA', 'file:///etc/passwd']) {
      const res = await call('fr', 'PATCH', `/api/buildings/${s.b.ref}`, { logoUrl });
      expect(res.statusCode, logoUrl).toBe(400);
      expect(res.json().issues).toEqual([{ path: ['logoUrl'], key: 'validation.httpUrlOnly' }]);
    }
    const ok = await call('en', 'PATCH', `/api/buildings/${s.b.ref}`, {
      logoUrl: 'https://example.com/logo.png',
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('a value the database refuses after validation let it through', () => {
  /** Routes that hand the database what validation would never let through, to test the safety net. */
  let probe: FastifyInstance;
  beforeAll(async () => {
    probe = (await buildApp(h.platform)).app;
    const values: Record<string, () => Promise<unknown>> = {
      date: () => rowsOf(h.platform.db, sql`select ${'0000-01-01'}::date as v`),
      json: () => rowsOf(h.platform.db, sql`select ${'{"a":"\\u0000"}'}::jsonb as v`),
      number: () => rowsOf(h.platform.db, sql`select ${'99999999999'}::int as v`),
      text: () => rowsOf(h.platform.db, sql`select ${'a\u0000b'}::text as v`),
    };
    probe.get('/api/probe/:kind', { config: { permission: publicRoute } }, async (req) =>
      values[(req.params as { kind: string }).kind]?.(),
    );
    await probe.ready();
  });
  afterAll(async () => probe.close());

  for (const kind of ['date', 'json', 'number', 'text']) {
    it(`answers 400, not 500, for a ${kind} PostgreSQL refuses`, async () => {
      for (const language of ['en', 'fr'] as const) {
        const res = await call(language, 'GET', `/api/probe/${kind}`, undefined, probe);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toEqual({
          code: 'validation',
          message: translate(language, 'errors.refusedValue'),
        });
      }
    });
  }
});
