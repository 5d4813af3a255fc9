import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { building, penalty } from '../../db/schema/index';
import { insertChecks } from '../../modules/receivables';
import type { MoneyInContext } from '../../modules/receivables';
import { createDeposit } from '../../modules/receivables';
import { as } from '../harness';
import { bankBody, categoryBody, unitBody, yearPath } from '../registry-fixtures';
import { financeReaders, financeWriters, yearRoute, type Case, type MatrixContext } from './actors';
import { cents } from '@copro/domain';

/**
 * Money in (DOMAIN 4): finance readers read checks, deposits and wire transfers; finance writers
 * record payments, charges, checks, deposits and returned payments. Each call works on records of
 * its own, written through the services, so an allowed call changes nothing another case needs.
 */
export const paymentCases = (m: MatrixContext): Case[] => {
  const path = (route: string) => `${yearPath(m.b)}/${route}`;
  const scope = () => ({ buildingId: m.b.id, fiscalYear: '2026-01-01' });
  let shared: { unit: string; bank: string; penalty: string } | null = null;

  /** A unit, a bank and a fee of the matrix building, made once. */
  async function records() {
    if (shared) return shared;
    const category = await m.freshRecord('categories', categoryBody('Fees', 'revenues'));
    const penaltyUuid = randomUUID();
    await m.h.platform.db.insert(penalty).values({
      buildingId: m.b.id,
      uuid: penaltyUuid,
      kind: 'customFee',
      name: 'Key copy',
      categoryUuid: category,
      amount: cents(1_000),
    });
    shared = {
      unit: await m.freshRecord('units', unitBody()),
      bank: await m.freshRecord('banks', bankBody('Matrix bank')),
      penalty: penaltyUuid,
    };
    return shared;
  }

  async function context(): Promise<MoneyInContext> {
    const [row] = await m.h.platform.db.select().from(building).where(eq(building.id, m.b.id));
    if (!row) throw new Error('no matrix building');
    return {
      scope: scope(),
      source: { kind: 'system', id: 'backend' },
      building: row,
      mailer: m.h.platform.mailer,
    };
  }

  /** A fresh check waiting for its deposit. */
  async function freshCheck(): Promise<string> {
    const { unit } = await records();
    const ctx = await context();
    const [row] = await m.h.platform.db.transaction((tx) =>
      insertChecks(tx, ctx, unit, [{ number: '100', amount: cents(500), date: '2026-02-01' }]),
    );
    if (!row) throw new Error('no check');
    return row.uuid;
  }

  /** A fresh deposit of cash. */
  async function freshDeposit(): Promise<string> {
    const { unit, bank } = await records();
    const ctx = await context();
    const view = await m.h.platform.db.transaction((tx) =>
      createDeposit(tx, ctx, {
        description: 'Matrix deposit',
        date: '2026-02-02',
        bankUuid: bank,
        checkUuids: [],
        newChecks: [],
        cash: [{ unitUuid: unit, amount: cents(700) }],
      }),
    );
    return view.uuid;
  }

  const checkBody = async () => ({
    unitUuid: (await records()).unit,
    number: '200',
    amount: 900,
    date: '2026-02-03',
  });

  return [
    {
      route: yearRoute('POST', 'unit-payments'),
      allowed: financeWriters,
      call: async (u) => {
        const { unit, bank } = await records();
        return as(m.h, u).post(path('unit-payments'), {
          unitUuid: unit,
          date: '2026-02-04',
          amount: 100,
          paymentMethod: 'cash',
          bankUuid: bank,
        });
      },
    },
    {
      route: yearRoute('POST', 'unit-charges'),
      allowed: financeWriters,
      call: async (u) => {
        const { unit } = await records();
        const category = await m.freshRecord('categories', categoryBody('Repairs', 'revenues'));
        return as(m.h, u).post(path('unit-charges'), {
          unitUuid: unit,
          kind: 'unitInvoice',
          date: '2026-02-04',
          amount: 100,
          categoryUuid: category,
          description: 'Repair',
        });
      },
    },
    {
      route: yearRoute('POST', 'unit-penalty-charges'),
      allowed: financeWriters,
      call: async (u) => {
        const { unit, penalty: penaltyUuid } = await records();
        return as(m.h, u).post(path('unit-penalty-charges'), {
          unitUuid: unit,
          penaltyUuid,
          date: '2026-02-04',
          amount: 1_000,
        });
      },
    },
    {
      route: yearRoute('GET', 'checks'),
      allowed: financeReaders,
      call: async (u) => {
        await freshCheck();
        return as(m.h, u).get(path('checks'));
      },
    },
    {
      route: yearRoute('POST', 'checks'),
      allowed: financeWriters,
      call: async (u) => as(m.h, u).post(path('checks'), await checkBody()),
    },
    {
      route: yearRoute('POST', 'checks/series'),
      allowed: financeWriters,
      call: async (u) =>
        as(m.h, u).post(path('checks/series'), {
          unitUuid: (await records()).unit,
          checks: [
            { number: '300', amount: 100, date: '2026-03-01' },
            { number: '301', amount: 100, date: '2026-04-01' },
          ],
        }),
    },
    {
      route: yearRoute('PUT', 'checks/:uuid'),
      allowed: financeWriters,
      call: async (u) => as(m.h, u).put(path(`checks/${await freshCheck()}`), await checkBody()),
    },
    {
      route: yearRoute('DELETE', 'checks/:uuid'),
      allowed: financeWriters,
      call: async (u) => as(m.h, u).delete(path(`checks/${await freshCheck()}`)),
    },
    {
      route: yearRoute('GET', 'deposits'),
      allowed: financeReaders,
      call: async (u) => {
        await freshDeposit();
        return as(m.h, u).get(path('deposits'));
      },
    },
    {
      route: yearRoute('GET', 'deposits/export'),
      allowed: financeReaders,
      call: async (u) => {
        await freshDeposit();
        return as(m.h, u).get(path('deposits/export?format=csv'));
      },
    },
    {
      route: yearRoute('GET', 'deposits/:uuid'),
      allowed: financeReaders,
      call: async (u) => as(m.h, u).get(path(`deposits/${await freshDeposit()}`)),
    },
    {
      route: yearRoute('GET', 'deposits/:uuid/slip'),
      allowed: financeReaders,
      call: async (u) => as(m.h, u).get(path(`deposits/${await freshDeposit()}/slip`)),
    },
    {
      route: yearRoute('POST', 'deposits'),
      allowed: financeWriters,
      call: async (u) =>
        as(m.h, u).post(path('deposits'), {
          description: 'Deposit',
          date: '2026-02-05',
          bankUuid: (await records()).bank,
          checkUuids: [await freshCheck()],
          newChecks: [],
          cash: [],
        }),
    },
    {
      route: yearRoute('POST', 'returned-checks'),
      allowed: financeWriters,
      call: async (u) => {
        const { unit, bank } = await records();
        return as(m.h, u).post(path('returned-checks'), {
          bankUuid: bank,
          unitUuid: unit,
          amount: 700,
          checkNumber: '400',
          date: '2026-02-06',
          chargeFee: false,
          emailOwner: false,
        });
      },
    },
    {
      route: yearRoute('GET', 'wire-transfers'),
      allowed: financeReaders,
      call: (u) => as(m.h, u).get(path('wire-transfers')),
    },
    {
      route: yearRoute('POST', 'wire-transfers'),
      allowed: financeWriters,
      call: async (u) => {
        const { unit, bank } = await records();
        return as(m.h, u).post(path('wire-transfers'), {
          unitUuid: unit,
          bankUuid: bank,
          amount: 800,
          date: '2026-02-07',
          reference: 'REF-1',
        });
      },
    },
    {
      route: yearRoute('POST', 'returned-electronic-payments'),
      allowed: financeWriters,
      call: async (u) => {
        const { unit, bank } = await records();
        return as(m.h, u).post(path('returned-electronic-payments'), {
          bankUuid: bank,
          unitUuid: unit,
          amount: 800,
          date: '2026-02-08',
          emailOwner: false,
        });
      },
    },
  ];
};
