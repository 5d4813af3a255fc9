import { randomUUID } from 'node:crypto';
import { cents, type OtonomStatus } from '@copro/domain';
import { padOrder, padSetting } from '../../db/schema/index';
import { as } from '../harness';
import { bankBody, unitBody } from '../registry-fixtures';
import { approvers, financeReaders, financeWriters, type Case, type MatrixContext } from './actors';

const route = (method: string, path: string): string =>
  `${method} /api/buildings/:buildingRef/otonom/${path}`;

/**
 * Pre-authorized debit orders (DOMAIN 8): finance readers read them, finance writers change a
 * status by hand and run the month's debits, approvers approve the debits waiting for approval.
 * Each write works on an order of its own, written straight to its table.
 */
export const otonomOrderCases = (m: MatrixContext): Case[] => {
  const base = () => `/api/buildings/${m.b.ref}/otonom`;
  let unit: string | null = null;

  /** A unit of the matrix building, and the area's settings (made once; kept if another case made them). */
  async function prepared(): Promise<string> {
    if (unit) return unit;
    const bank = await m.freshRecord('banks', bankBody('Matrix debits'));
    await m.h.platform.db
      .insert(padSetting)
      .values({ buildingId: m.b.id, channel: 'otonom', debitAmount: 'monthlyFee', bankUuid: bank })
      .onConflictDoNothing();
    unit = await m.freshRecord('units', unitBody());
    return unit;
  }

  /** A fresh order of the matrix building in `status`. */
  async function freshOrder(status: OtonomStatus = 'readyToSendToOtonom'): Promise<string> {
    const unitUuid = await prepared();
    const uuid = randomUUID();
    await m.h.platform.db.insert(padOrder).values({
      buildingId: m.b.id,
      uuid,
      fiscalYear: '2026-01-01',
      direction: 'debit',
      unitUuid,
      name: 'Matrix owner',
      amount: cents(1_000),
      dueDate: '2026-02-10',
      status,
      reference: `D${uuid.replace(/-/g, '').slice(0, 9).toUpperCase()}`,
      history: [],
    });
    return uuid;
  }

  return [
    {
      route: route('GET', 'orders'),
      allowed: financeReaders,
      call: (u) => as(m.h, u).get(`${base()}/orders`),
    },
    {
      route: route('GET', 'orders/:uuid'),
      allowed: financeReaders,
      call: async (u) => as(m.h, u).get(`${base()}/orders/${await freshOrder()}`),
    },
    {
      route: route('POST', 'orders/:uuid/status'),
      allowed: financeWriters,
      call: async (u) =>
        as(m.h, u).post(`${base()}/orders/${await freshOrder()}/status`, { status: 'administrativeHold' }),
    },
    {
      route: route('POST', 'orders/approve'),
      allowed: approvers,
      call: async (u) =>
        as(m.h, u).post(`${base()}/orders/approve`, { orderUuids: [await freshOrder('waitingApproval')] }),
    },
    {
      route: route('POST', 'debit-run'),
      allowed: financeWriters,
      call: async (u) => {
        await prepared();
        return as(m.h, u).post(`${base()}/debit-run`, {});
      },
    },
  ];
};
