import { and, eq } from 'drizzle-orm';
import {
  agreementFlagOf,
  buildingToday,
  canMove,
  debitPaymentMethod,
  isReturned,
  languageOf,
  moneyEffect,
  translate,
  type MoneyEffect,
  type OtonomStatus,
  type ReturnCode,
} from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { padOrder, type OrderHistoryEntry } from '../../../db/schema/index';
import { writeLog } from '../../../platform/audit';
import { AppError } from '../../../platform/errors';
import { publish } from '../../../platform/events';
import { yearContaining, type YearScope } from '../../../platform/fiscal-year-scope';
import { cancelUnpaidSupplierPayment } from '../../payables';
import { postDebitReceived, postDebitReturned, type MoneyInContext } from '../../receivables';
import { flagAgreement } from '../agreements';
import type { OtonomContext } from '../context';
import { padSettingsRow } from '../settings/settings';
import type { PadOrderRow } from './order-view';

export interface MoveHow {
  /** The bank's reason, for a return (`processedNSF`, `processedError`). */
  returnCode?: ReturnCode | null;
  /** The day it happened; the building's today when omitted. */
  date?: string;
  chargeFee?: boolean;
  emailOwner?: boolean;
  note?: string;
}

const refused = (key: string, params?: Record<string, string>) =>
  new AppError('validation', [{ path: ['status'], key, ...(params ? { params } : {}) }]);

/** The settings' bank and the payment method of the building's channel. */
async function moneyRoute(tx: DbOrTx, buildingId: string) {
  const settings = await padSettingsRow(tx, buildingId);
  if (!settings?.bankUuid) throw refused('otonom.validation.noBank');
  return { bankUuid: settings.bankUuid, method: debitPaymentMethod(settings.channel) };
}

/**
 * Why a credit's supplier payment is cancelled, in the building's language (payables keeps it as
 * the cancellation's reason): the bank returned the money, the supplier refunded it, or it never left.
 */
function creditCancelReason(
  ctx: OtonomContext,
  order: PadOrderRow,
  effect: MoneyEffect,
  returnCode: ReturnCode | null,
): string {
  const language = languageOf(ctx.building.locale);
  const params = { reference: order.reference };
  if (effect === 'return' && returnCode)
    return translate(language, 'otonom.orders.creditCancel.returned', {
      ...params,
      reason: translate(language, `otonom.returnCodes.${returnCode}`),
    });
  if (effect === 'refund') return translate(language, 'otonom.orders.creditCancel.refunded', params);
  return translate(language, 'otonom.orders.creditCancel.notSent', params);
}

async function yearOfDate(tx: DbOrTx, buildingId: string, date: string): Promise<YearScope> {
  const scope = await yearContaining(tx, buildingId, date);
  // The ledger refuses a date outside every year; say which date.
  if (!scope)
    throw new AppError('validation', [
      { path: ['date'], key: 'otonom.validation.noFiscalYear', params: { date } },
    ]);
  return scope;
}

const moneyIn = (ctx: OtonomContext, scope: YearScope): MoneyInContext => ({
  scope,
  source: ctx.source,
  building: ctx.building,
  mailer: ctx.mailer,
});

/**
 * THE one door for an order's status (DOMAIN 8, SPEC 4; the rule is `statuses.ts`'s): refuses a
 * transition the lifecycle forbids, and does the ledger's move of the ones that move money. A
 * unit's debit: into a status where the building holds the funds, the payment is posted (dated the
 * debit's day, into the settings' bank); out of one, it is reversed (dated the return) with the
 * returned-payment fee and the owners' mail for a return, and the agreement flagged when the
 * bank's reason says it no longer holds. A supplier's credit moved no money here (payables posted
 * it when approved): when the money came back (a return, a refund) or never left (cancelled), the
 * supplier payment is cancelled, so its invoices are unpaid again and the bank's balance is right.
 * The caller holds the order's row lock (`lockedOrder`). Logged; live pages refresh.
 */
export async function moveOrder(
  tx: DbOrTx,
  ctx: OtonomContext,
  order: PadOrderRow,
  to: OtonomStatus,
  how: MoveHow = {},
): Promise<PadOrderRow> {
  const from = order.status;
  if (!canMove(from, to)) throw refused('otonom.validation.transitionRefused', { from, to });
  const returnCode = how.returnCode ?? null;
  if (isReturned(to) && !returnCode) throw refused('otonom.validation.returnCodeRequired');
  const date = how.date ?? buildingToday(ctx.building, ctx.now);
  const effect = moneyEffect(from, to);
  const changes: Partial<PadOrderRow> = {};

  if (order.direction === 'debit' && order.unitUuid && effect !== 'none') {
    const route = await moneyRoute(tx, order.buildingId);
    const debit = {
      orderUuid: order.uuid,
      reference: order.reference,
      unitUuid: order.unitUuid,
      bankUuid: route.bankUuid,
      amount: order.amount,
      date: order.dueDate,
      month: order.month,
      method: route.method,
    };
    if (effect === 'collect') {
      const payment = await postDebitReceived(
        tx,
        moneyIn(ctx, await yearOfDate(tx, order.buildingId, order.dueDate)),
        debit,
      );
      Object.assign(changes, { transactionUuid: payment.uuid, reversalUuid: null, feeUuid: null });
    } else {
      if (!order.transactionUuid) throw new Error(`order ${order.uuid} holds money but has no payment`);
      const flag = returnCode && effect === 'return' ? agreementFlagOf(returnCode) : null;
      const { reversal, fee } = await postDebitReturned(
        tx,
        moneyIn(ctx, await yearOfDate(tx, order.buildingId, date)),
        {
          ...debit,
          paymentUuid: order.transactionUuid,
          returnedOn: date,
          returnCode: effect === 'return' ? returnCode : null,
          chargeFee: effect === 'return' && (how.chargeFee ?? true),
          emailOwner: how.emailOwner ?? true,
          agreementRevoked: flag !== null,
        },
      );
      Object.assign(changes, { reversalUuid: reversal.uuid, feeUuid: fee?.uuid ?? null });
      if (flag) await flagAgreement(tx, order.buildingId, order.unitUuid, flag, ctx.source, ctx.now);
    }
  }
  if (
    order.direction === 'credit' &&
    order.supplierPaymentUuid &&
    (effect === 'return' || effect === 'refund' || to === 'cancelled')
  ) {
    await cancelUnpaidSupplierPayment(
      tx,
      order.buildingId,
      ctx.source,
      order.supplierPaymentUuid,
      creditCancelReason(ctx, order, effect, returnCode),
    );
  }

  const entry: OrderHistoryEntry = {
    status: to,
    at: ctx.now.toISOString(),
    source: ctx.source,
    by: ctx.sourceName,
    returnCode: isReturned(to) ? returnCode : null,
    date,
  };
  const [row] = await tx
    .update(padOrder)
    .set({
      ...changes,
      status: to,
      ...(isReturned(to) ? { returnCode } : {}),
      history: [...order.history, entry],
      updatedAt: ctx.now,
    })
    // Still where the caller read it: a stale row (read without its lock) would move the money twice.
    .where(
      and(
        eq(padOrder.buildingId, order.buildingId),
        eq(padOrder.uuid, order.uuid),
        eq(padOrder.status, from),
      ),
    )
    .returning();
  if (!row) throw new Error(`order ${order.uuid} is no longer ${from}: read it with lockedOrder`);
  await writeLog(tx, {
    buildingId: order.buildingId,
    event: 'otonomStatusChanged',
    source: ctx.source,
    message: `Pre-authorized ${order.direction} ${order.reference}: ${from} → ${to}`,
    metadata: {
      uuid: order.uuid,
      reference: order.reference,
      direction: order.direction,
      amount: order.amount,
      returnCode: entry.returnCode,
      date,
      effect,
      ...(how.note ? { note: how.note } : {}),
      ...(changes.transactionUuid ? { transactionUuid: changes.transactionUuid } : {}),
      ...(changes.reversalUuid ? { reversalUuid: changes.reversalUuid } : {}),
    },
    changes: [{ field: 'status', before: from, after: to }],
    indexes: [order.uuid, ...(order.unitUuid ? [order.unitUuid] : [])],
  });
  await publish(tx, { buildingId: order.buildingId, collection: 'padOrders', ids: [order.uuid] });
  return row;
}

/**
 * The building's order with this uuid (a user's change) or reference (the partner's answers and
 * return files name references), locked for a status change; null when there is none.
 */
export async function lockedOrder(
  tx: DbOrTx,
  buildingId: string,
  by: { uuid: string } | { reference: string },
): Promise<PadOrderRow | null> {
  const [row] = await tx
    .select()
    .from(padOrder)
    .where(
      and(
        eq(padOrder.buildingId, buildingId),
        'uuid' in by ? eq(padOrder.uuid, by.uuid) : eq(padOrder.reference, by.reference),
      ),
    )
    .for('update');
  return row ?? null;
}
