import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { cents, fiscalMonths, type DebitAmountBasis, type PadChannel } from '@copro/domain';
import {
  feeBilling,
  fiscalYear,
  padAgreement,
  padOrder,
  padSetting,
  registryRecord,
  type building,
} from '../../../db/schema/index';
import { postTransactions } from '../../ledger';
import type { FixedClock } from '../../../platform/clock';
import { as, type Harness, type TestUser } from '../../../test/harness';
import { moneyInSetup, type MoneyInSetup } from '../../receivables/test-fixtures';

/**
 * What the orders' tests share: the money-in building (a bank, two units with owners), its
 * pre-authorized debit settings, and units switched to automatic payment with their agreement,
 * notice and bank details written straight to their tables (the agreements' own rules are
 * tested with them).
 */
export interface OrdersSetup extends MoneyInSetup {
  clock: FixedClock;
  debitAmount: DebitAmountBasis;
  /** The building's otonom routes. */
  otonom: string;
}

export async function ordersSetup(
  h: Harness,
  clock: FixedClock,
  options: {
    building?: Partial<typeof building.$inferInsert>;
    channel?: PadChannel;
    debitAmount?: DebitAmountBasis;
  } = {},
): Promise<OrdersSetup> {
  const s = await moneyInSetup(h, options.building ?? {});
  await h.platform.db.insert(padSetting).values({
    buildingId: s.b.id,
    channel: options.channel ?? 'otonom',
    debitAmount: options.debitAmount ?? 'monthlyFee',
    bankUuid: s.bank.uuid,
  });
  return {
    ...s,
    clock,
    debitAmount: options.debitAmount ?? 'monthlyFee',
    otonom: `/api/buildings/${s.b.ref}/otonom`,
  };
}

export interface AutomaticUnit {
  paymentDay: number;
  monthlyFee?: number;
  firstDebitOn?: string | null;
  signed?: boolean;
  flag?: 'revoked' | 'accountClosed' | null;
  bankDetails?: boolean;
}

/**
 * Switches the unit (in every year it is in) to automatic payment on `paymentDay` with its monthly
 * fee, and files its agreement: signed, its notice announcing `firstDebitOn` (none when null).
 */
export async function automaticUnit(s: OrdersSetup, unitUuid: string, unit: AutomaticUnit): Promise<void> {
  const rows = await s.h.platform.db
    .select()
    .from(registryRecord)
    .where(and(eq(registryRecord.buildingId, s.b.id), eq(registryRecord.uuid, unitUuid)));
  for (const row of rows) {
    await s.h.platform.db
      .update(registryRecord)
      .set({
        data: {
          ...row.data,
          automaticPayment: true,
          paymentDay: unit.paymentDay,
          monthlyContributions: unit.monthlyFee ?? 45_000,
        },
      })
      .where(
        and(
          eq(registryRecord.buildingId, s.b.id),
          eq(registryRecord.fiscalYear, row.fiscalYear),
          eq(registryRecord.uuid, unitUuid),
        ),
      );
  }
  // A monthly-fee debit takes the month's bill: each month of the unit's years is billed its fee.
  if (s.debitAmount === 'monthlyFee') await billEveryMonth(s, rows, unit.monthlyFee ?? 45_000);
  const firstDebitOn = unit.firstDebitOn === undefined ? '2026-01-01' : unit.firstDebitOn;
  await s.h.platform.db.insert(padAgreement).values({
    buildingId: s.b.id,
    unitUuid,
    signedFile:
      unit.signed === false
        ? null
        : { fileId: 'signed', fileName: 'agreement.pdf', size: 1000, uploadedAt: '2025-12-01T12:00:00Z' },
    notice: firstDebitOn
      ? { sentAt: '2025-12-01T12:00:00Z', recipients: ['owner@example.test'], firstDebitOn }
      : null,
    flag: unit.flag ?? null,
  });
  if (unit.bankDetails !== false) {
    const res = await as(s.h, s.admin).put(`/api/buildings/${s.b.ref}/units/${unitUuid}/bank-details`, {
      institution: '815',
      transit: '12345',
      account: '1234567',
      holderName: 'Owner',
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

/** The monthly run as of `asOf`, asked by `by` (the admin) through the route, on the clock's day. */
export async function runAsOf(s: OrdersSetup, asOf?: string, by: TestUser = s.admin) {
  const res = await as(s.h, by).post(`${s.otonom}/debit-run`, asOf ? { asOf } : {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { created: number; total: number };
}

/** The building's orders, by due date then unit. */
export const ordersOf = (s: OrdersSetup) =>
  s.h.platform.db
    .select()
    .from(padOrder)
    .where(eq(padOrder.buildingId, s.b.id))
    .orderBy(asc(padOrder.dueDate), asc(padOrder.createdAt));

/**
 * Bills the unit `fee` each month of each of its years, as the monthly billing does (a
 * `unitMonthlyFee` on the 1st, Dr the unit, Cr the condo fees, and its `fee_billings` row).
 */
async function billEveryMonth(
  s: OrdersSetup,
  rows: readonly { fiscalYear: string; uuid: string; aid: number | null }[],
  fee: number,
): Promise<void> {
  const db = s.h.platform.db;
  if (fee === 0) return;
  for (const row of rows) {
    if (row.aid === null) continue;
    const aid = row.aid;
    const [year] = await db
      .select()
      .from(fiscalYear)
      .where(and(eq(fiscalYear.buildingId, s.b.id), eq(fiscalYear.startDate, row.fiscalYear)));
    if (!year) continue;
    const months = fiscalMonths(year.startDate).filter((month) => month <= year.endDate);
    const scope = { buildingId: s.b.id, fiscalYear: row.fiscalYear };
    await db.transaction(async (tx) => {
      const posted = await postTransactions(
        tx,
        scope,
        { kind: 'system', id: 'backend' },
        months.map((month) => ({
          input: {
            date: month,
            description: `Monthly fee ${month}`,
            kind: 'unitMonthlyFee' as const,
            taxes: [],
            indexes: [],
            subtransactions: [
              { aid, amount: cents(fee) },
              { aid: s.revenue.aid, amount: cents(-fee) },
            ],
          },
        })),
      );
      const budgetUuid = randomUUID();
      await tx.insert(feeBilling).values(
        posted.map((view, i) => ({
          buildingId: s.b.id,
          budgetUuid,
          memberUuid: row.uuid,
          month: months[i] ?? '',
          kind: 'unitMonthlyFee' as const,
          transactionUuid: view.uuid,
        })),
      );
    });
  }
}
