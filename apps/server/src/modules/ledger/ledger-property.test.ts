import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  as,
  createBuildingFixture,
  createHarness,
  createUser,
  grantBuildingRole,
  type BuildingFixture,
  type Harness,
  type TestUser,
} from '../../test/harness';

/**
 * The ledger's promise through its real API and database: whatever is posted and cancelled, the
 * trial balance stays at zero and each account's balance is the sum of its non-cancelled lines.
 */
let h: Harness;
let b: BuildingFixture;
let admin: TestUser;
let base: string;
let accounts: number[];

beforeAll(async () => {
  h = await createHarness();
  b = await createBuildingFixture(h, {}, { chart: true });
  admin = await createUser(h, 'admin');
  await grantBuildingRole(h, b, admin, 'admin');
  base = `/api/buildings/${b.ref}/fiscal-years/2026-01-01`;
  accounts = ((await as(h, admin).get(`${base}/accounts`)).json() as { aid: number }[])
    .slice(0, 6)
    .map((a) => a.aid);
});
afterAll(async () => h.close());

const entryArb = fc
  .record({
    lines: fc.array(fc.record({ account: fc.nat(5), amount: fc.integer({ min: -500_000, max: 500_000 }) }), {
      minLength: 1,
      maxLength: 4,
    }),
    closing: fc.nat(5),
    cancel: fc.boolean(),
    day: fc.integer({ min: 1, max: 28 }),
  })
  .map(({ lines, closing, cancel, day }) => {
    const sum = lines.reduce((s, l) => s + l.amount, 0);
    return { lines: [...lines, { account: closing, amount: 0 - sum }], cancel, day };
  })
  .filter(({ lines }) => lines.some((l) => l.amount !== 0));

describe('ledger, through the API', () => {
  it('keeps the trial balance at zero and every balance equal to its postings', async () => {
    const expected = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fc.array(entryArb, { minLength: 1, maxLength: 5 }), async (entries) => {
        for (const entry of entries) {
          const posted = await as(h, admin).post(`${base}/transactions`, {
            date: `2026-05-${String(entry.day).padStart(2, '0')}`,
            description: 'Property',
            kind: 'accountantWriting',
            taxes: [],
            indexes: [],
            subtransactions: entry.lines.map((l) => ({ aid: accounts[l.account], amount: l.amount })),
          });
          expect(posted.statusCode, posted.body).toBe(201);
          if (entry.cancel) {
            const cancelled = await as(h, admin).post(`${base}/transactions/${posted.json().uuid}/cancel`, {
              reason: 'Property',
            });
            expect(cancelled.statusCode).toBe(200);
            continue;
          }
          for (const l of entry.lines) {
            const aid = accounts[l.account] ?? 0;
            expected.set(aid, (expected.get(aid) ?? 0) + l.amount);
          }
        }
        const rows = (await as(h, admin).get(`${base}/trial-balance`)).json() as {
          aid: number;
          debits: number;
          credits: number;
          balance: number;
        }[];
        expect(rows.reduce((s, r) => s + r.debits, 0)).toBe(rows.reduce((s, r) => s + r.credits, 0));
        for (const aid of accounts) {
          const balance = rows.find((r) => r.aid === aid)?.balance ?? 0;
          expect(balance).toBe(expected.get(aid) ?? 0);
          const page = (await as(h, admin).get(`${base}/accounts/${aid}/transactions?pageSize=1`)).json();
          expect(page.balance).toBe(expected.get(aid) ?? 0);
        }
      }),
      { numRuns: 12 },
    );
  });
});
