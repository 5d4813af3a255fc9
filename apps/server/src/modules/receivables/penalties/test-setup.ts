import { cents, type UnitPosting } from '@copro/domain';
import type { building } from '../../../db/schema/index';
import {
  as,
  createBuildingFixture,
  createUser,
  grantBuildingRole,
  type BuildingFixture,
  type Harness,
  type TestUser,
} from '../../../test/harness';
import { createDirectly, personBody, unitBody, yearPath } from '../../../test/registry-fixtures';
import { postTransaction } from '../../ledger';
import { findRecord } from '../../registry';
import { unitPostings } from '../unit-postings';

/** The penalties tests' building: the default chart, an admin, and helpers to post on unit accounts. */
export interface PenaltyBuilding {
  b: BuildingFixture;
  admin: TestUser;
  base: string;
  scope: { buildingId: string; fiscalYear: string };
  /** Category uuid and aid by the chart's system key. */
  category: (key: string) => { uuid: string; aid: number };
  bankAid: number;
  /** A new unit (with an owner person when emails are given): uuid, aid and number. */
  unit: (
    owners?: { emails: string[]; locale?: string }[],
  ) => Promise<{ uuid: string; aid: number; number: string }>;
  /** Bills a monthly fee on a 1st, debiting the unit and crediting condo fees. */
  fee: (aid: number, date: string, amount: number) => Promise<string>;
  pay: (aid: number, date: string, amount: number) => Promise<string>;
  postings: (aid: number) => Promise<UnitPosting[]>;
}

const system = { kind: 'system', id: 'backend' } as const;

export async function penaltyBuilding(
  h: Harness,
  settings: Partial<typeof building.$inferInsert> = {},
): Promise<PenaltyBuilding> {
  const b = await createBuildingFixture(h, settings, { chart: true });
  const admin = await createUser(h, 'admin');
  await grantBuildingRole(h, b, admin, 'admin');
  const base = yearPath(b);
  const scope = { buildingId: b.id, fiscalYear: '2026-01-01' };
  const categories = new Map(
    (
      (await as(h, admin).get(`${base}/categories`)).json().items as {
        uuid: string;
        aid: number;
        systemKey: string;
      }[]
    ).map((c) => [c.systemKey, { uuid: c.uuid, aid: c.aid }]),
  );
  const banks = (await as(h, admin).get(`${base}/banks`)).json().items as { aid: number }[];
  const bankAid = banks[0]?.aid ?? 0;
  const category = (key: string) => {
    const found = categories.get(key);
    if (!found) throw new Error(`no category ${key}`);
    return found;
  };
  const post = (aid: number, date: string, amount: number, kind: 'unitMonthlyFee' | 'unitPayment') =>
    h.platform.db.transaction(async (tx) => {
      const counterpart = kind === 'unitMonthlyFee' ? category('condoFees').aid : bankAid;
      const view = await postTransaction(tx, scope, system, {
        date,
        description: kind,
        kind,
        taxes: [],
        indexes: [],
        subtransactions: [
          { aid, amount: cents(kind === 'unitMonthlyFee' ? amount : -amount) },
          { aid: counterpart, amount: cents(kind === 'unitMonthlyFee' ? -amount : amount) },
        ],
      });
      return view.uuid;
    });
  return {
    b,
    admin,
    base,
    scope,
    category,
    bankAid,
    async unit(owners = []) {
      const links = [];
      for (const [i, o] of owners.entries()) {
        const person = await createDirectly(
          h,
          b,
          'people',
          personBody(`Owner${i}`, o.emails, o.locale ? { locale: o.locale } : {}),
        );
        links.push({ personUuid: person });
      }
      const body = unitBody(undefined, { owners: links });
      const uuid = await createDirectly(h, b, 'units', body);
      const row = await findRecord(h.platform.db, scope, 'units', uuid);
      return { uuid, aid: row?.aid ?? 0, number: row?.number ?? '' };
    },
    fee: (aid, date, amount) => post(aid, date, amount, 'unitMonthlyFee'),
    pay: (aid, date, amount) => post(aid, date, amount, 'unitPayment'),
    postings: async (aid) => (await unitPostings(h.platform.db, scope, [aid])).get(aid) ?? [],
  };
}

/** A penalties building with a $25 late fee (penalties and fees) and 12 % interest (interest income), 10 grace days. */
export async function withPenalties(
  h: Harness,
  settings: Partial<typeof building.$inferInsert> = {},
): Promise<PenaltyBuilding> {
  const s = await penaltyBuilding(h, settings);
  const url = `/api/buildings/${s.b.ref}/penalties`;
  for (const body of [
    {
      kind: 'defaultLatePaymentFee',
      categoryUuid: s.category('penaltiesAndFees').uuid,
      amount: 2_500,
      gracePeriod: 10,
    },
    {
      kind: 'defaultInterests',
      categoryUuid: s.category('interestIncome').uuid,
      rate: 0.12,
      gracePeriod: 10,
    },
  ]) {
    const res = await as(h, s.admin).post(url, body);
    if (res.statusCode !== 201) throw new Error(`penalty setup failed: ${res.body}`);
  }
  return s;
}
