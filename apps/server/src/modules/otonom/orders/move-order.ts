import { and, asc, eq, sql } from 'drizzle-orm';
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
import { writeLog, writeLogs, type LogInput } from '../../../platform/audit';
import { AppError } from '../../../platform/errors';
import { publish } from '../../../platform/events';
import { yearContaining, type YearScope } from '../../../platform/fiscal-year-scope';
import { cancelUnpaidSupplierPayment } from '../../payables';
import {
  postDebitReceived,
  postDebitReturned,
  postDebitsReceived,
  type DebitPosting,
  type MoneyInContext,
} from '../../receivables';
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
 * Why `moveOrder` refuses this move, or null: a transition the lifecycle forbids, or a return
 * without the bank's reason.
 */
export function refusalOf(order: PadOrderRow, to: OtonomStatus, how: MoveHow = {}): AppError | null {
  const from = order.status;
  if (!canMove(from, to)) return refused('otonom.validation.transitionRefused', { from, to });
  if (isReturned(to) && !how.returnCode) return refused('otonom.validation.returnCodeRequired');
  return null;
}

/** What a unit's debit order posts through receivables. */
const debitOf = (
  order: PadOrderRow,
  unitUuid: string,
  route: { bankUuid: string; method: DebitPosting['method'] },
): DebitPosting => ({
  orderUuid: order.uuid,
  reference: order.reference,
  unitUuid,
  bankUuid: route.bankUuid,
  amount: order.amount,
  date: order.dueDate,
  month: order.month,
  method: route.method,
});

const historyEntry = (
  ctx: OtonomContext,
  to: OtonomStatus,
  returnCode: ReturnCode | null,
  date: string,
): OrderHistoryEntry => ({
  status: to,
  at: ctx.now.toISOString(),
  source: ctx.source,
  by: ctx.sourceName,
  returnCode: isReturned(to) ? returnCode : null,
  date,
});

/** The "status changed" log entry of one order's move (`moveOrder`'s and `moveOrders`'). */
const statusLog = (
  ctx: OtonomContext,
  order: PadOrderRow,
  to: OtonomStatus,
  entry: OrderHistoryEntry,
  effect: MoneyEffect,
  how: MoveHow,
  changes: Partial<PadOrderRow>,
): LogInput => ({
  buildingId: order.buildingId,
  event: 'otonomStatusChanged',
  source: ctx.source,
  message: `Pre-authorized ${order.direction} ${order.reference}: ${order.status} → ${to}`,
  metadata: {
    uuid: order.uuid,
    reference: order.reference,
    direction: order.direction,
    amount: order.amount,
    returnCode: entry.returnCode,
    date: entry.date,
    effect,
    ...(how.note ? { note: how.note } : {}),
    ...(changes.transactionUuid ? { transactionUuid: changes.transactionUuid } : {}),
    ...(changes.reversalUuid ? { reversalUuid: changes.reversalUuid } : {}),
  },
  changes: [{ field: 'status', before: order.status, after: to }],
  indexes: [order.uuid, ...(order.unitUuid ? [order.unitUuid] : [])],
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
  const refusal = refusalOf(order, to, how);
  if (refusal) throw refusal;
  const returnCode = how.returnCode ?? null;
  const date = how.date ?? buildingToday(ctx.building, ctx.now);
  const effect = moneyEffect(from, to);
  const changes: Partial<PadOrderRow> = {};

  if (order.direction === 'debit' && order.unitUuid && effect !== 'none') {
    const route = await moneyRoute(tx, order.buildingId);
    const debit = debitOf(order, order.unitUuid, route);
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

  const entry = historyEntry(ctx, to, returnCode, date);
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
  await writeLog(tx, statusLog(ctx, order, to, entry, effect, how, changes));
  await publish(tx, { buildingId: order.buildingId, collection: 'padOrders', ids: [order.uuid] });
  return row;
}

/** A move of many orders: `MoveHow` for every one, and the file they went in, if any. */
export interface MoveManyHow extends MoveHow {
  /** The file that carried them (`sendFile`): named in the same update as their status. */
  fileUuid?: string;
}

/**
 * A move whose ledger or payables effect is the order's own (a reversal with its fee, mail and
 * agreement flag; a supplier payment cancelled): rare, it goes through `moveOrder` one at a time.
 */
function movesAlone(order: PadOrderRow, to: OtonomStatus): boolean {
  const effect = moneyEffect(order.status, to);
  if (order.direction === 'debit')
    return order.unitUuid !== null && (effect === 'return' || effect === 'refund');
  return (
    order.supplierPaymentUuid !== null && (effect === 'return' || effect === 'refund' || to === 'cancelled')
  );
}

/**
 * `moveOrder` for many orders going to the same status (a file sent, the partner's answers for a
 * file): the same rules, history entries, log entries and ledger effects, in a few statements
 * rather than twenty an order. API:
 * - every transition is checked first (`refusalOf`): one refused, and it throws `moveOrder`'s
 *   error for the first such order, before anything is written (callers pre-filter);
 * - collected debits (into a status holding the money) are posted in one `postTransactions` per
 *   fiscal year (`postDebitsReceived`), the settings read once and the year once per due date;
 * - the moves with an effect of their own (returns, refunds, supplier payments cancelled) go
 *   through `moveOrder`, one at a time;
 * - the others are updated in one statement (status, payment, history, the file), logged in one
 *   insert, published once.
 * A ledger refusal (a due date in no fiscal year, a unit that cannot take money…) throws the
 * validation error `moveOrder` would have thrown for that order, possibly after writes: the
 * caller's transaction or savepoint undoes them, and the caller may move the orders one at a time
 * to isolate it. The caller holds the orders' row locks (`lockedOrders`). Answers the moved rows,
 * in the orders' order.
 */
export async function moveOrders(
  tx: DbOrTx,
  ctx: OtonomContext,
  orders: readonly PadOrderRow[],
  to: OtonomStatus,
  how: MoveManyHow = {},
): Promise<PadOrderRow[]> {
  if (orders.length === 0) return [];
  if (new Set(orders.map((o) => o.uuid)).size !== orders.length)
    throw new Error('moveOrders: an order given twice');
  for (const order of orders) {
    const refusal = refusalOf(order, to, how);
    if (refusal) throw refusal;
  }
  const buildingId = ctx.building.id;
  if (orders.some((o) => o.buildingId !== buildingId))
    throw new Error("moveOrders: another building's order");
  const returnCode = how.returnCode ?? null;
  const date = how.date ?? buildingToday(ctx.building, ctx.now);
  const { fileUuid, ...oneHow } = how;

  const alone = orders.filter((o) => movesAlone(o, to));
  const together = orders.filter((o) => !movesAlone(o, to));
  const collects = together.filter(
    (o): o is PadOrderRow & { unitUuid: string } =>
      o.direction === 'debit' && o.unitUuid !== null && moneyEffect(o.status, to) === 'collect',
  );
  // Everything that may refuse the collects is read before anything is written.
  const route = collects.length > 0 ? await moneyRoute(tx, buildingId) : null;
  const years = new Map<string, YearScope>();
  for (const dueDate of new Set(collects.map((o) => o.dueDate)))
    years.set(dueDate, await yearOfDate(tx, buildingId, dueDate));

  const moved = new Map<string, PadOrderRow>();
  for (const order of alone) {
    let row = await moveOrder(tx, ctx, order, to, oneHow);
    if (fileUuid) row = await namedFile(tx, row, fileUuid);
    moved.set(order.uuid, row);
  }

  const payments = new Map<string, string>();
  if (route) {
    const byYear = new Map<string, { scope: YearScope; debits: DebitPosting[] }>();
    for (const order of collects) {
      const scope = years.get(order.dueDate);
      if (!scope) throw new Error(`no year read for ${order.dueDate}`);
      const group = byYear.get(scope.fiscalYear) ?? { scope, debits: [] };
      group.debits.push(debitOf(order, order.unitUuid, route));
      byYear.set(scope.fiscalYear, group);
    }
    for (const { scope, debits } of byYear.values()) {
      const posted = await postDebitsReceived(tx, moneyIn(ctx, scope), debits);
      debits.forEach((debit, i) => {
        const payment = posted[i];
        if (payment) payments.set(debit.orderUuid, payment.uuid);
      });
    }
  }

  if (together.length > 0) {
    const entry = historyEntry(ctx, to, returnCode, date);
    const rows = await updateTogether(tx, buildingId, together, to, entry, payments, {
      returnCode: isReturned(to) ? returnCode : undefined,
      fileUuid,
      now: ctx.now,
    });
    // A row no longer where the caller read it (read without its lock) would move the money twice.
    if (rows.length !== together.length)
      throw new Error('moveOrders: an order is no longer where it was read: read them with lockedOrders');
    for (const row of rows) moved.set(row.uuid, row);
    await writeLogs(
      tx,
      together.map((order) => {
        const transactionUuid = payments.get(order.uuid);
        const changes: Partial<PadOrderRow> = transactionUuid ? { transactionUuid, reversalUuid: null } : {};
        return statusLog(ctx, order, to, entry, moneyEffect(order.status, to), oneHow, changes);
      }),
    );
    await publish(tx, { buildingId, collection: 'padOrders', ids: together.map((o) => o.uuid) });
  }
  return orders.map((order) => {
    const row = moved.get(order.uuid);
    if (!row) throw new Error(`order ${order.uuid} was not moved`);
    return row;
  });
}

/** An order moved alone names its file too. */
async function namedFile(tx: DbOrTx, order: PadOrderRow, fileUuid: string): Promise<PadOrderRow> {
  const [row] = await tx
    .update(padOrder)
    .set({ fileUuid })
    .where(and(eq(padOrder.buildingId, order.buildingId), eq(padOrder.uuid, order.uuid)))
    .returning();
  if (!row) throw new Error(`order ${order.uuid} vanished`);
  return row;
}

/**
 * One statement for the orders moved together: each row still in the status it was read in (a
 * stale one is not updated, and `moveOrders` throws), its history appended with the one entry of
 * the move, the payment posted for it (a collect clears a former reversal and fee, as `moveOrder`).
 */
async function updateTogether(
  tx: DbOrTx,
  buildingId: string,
  orders: readonly PadOrderRow[],
  to: OtonomStatus,
  entry: OrderHistoryEntry,
  payments: ReadonlyMap<string, string>,
  also: { returnCode: ReturnCode | null | undefined; fileUuid: string | undefined; now: Date },
): Promise<PadOrderRow[]> {
  const uuids = orders.map((o) => o.uuid);
  const froms = orders.map((o) => o.status);
  // '' for none: a text array holds no null the drivers agree on.
  const paid = orders.map((o) => payments.get(o.uuid) ?? '');
  const paying = payments.size > 0;
  const rows = await tx
    .update(padOrder)
    .set({
      status: to,
      ...(also.returnCode !== undefined ? { returnCode: also.returnCode } : {}),
      ...(also.fileUuid ? { fileUuid: also.fileUuid } : {}),
      ...(paying
        ? {
            transactionUuid: sql`case when moved.payment = '' then ${padOrder.transactionUuid} else moved.payment::uuid end`,
            reversalUuid: sql`case when moved.payment = '' then ${padOrder.reversalUuid} end`,
            feeUuid: sql`case when moved.payment = '' then ${padOrder.feeUuid} end`,
          }
        : {}),
      history: sql`${padOrder.history} || ${JSON.stringify([entry])}::jsonb`,
      updatedAt: also.now,
    })
    .from(
      sql`unnest(${sql.param(uuids)}::uuid[], ${sql.param(froms)}::text[], ${sql.param(paid)}::text[]) as moved(order_uuid, from_status, payment)`,
    )
    .where(
      and(
        eq(padOrder.buildingId, buildingId),
        sql`${padOrder.uuid} = moved.order_uuid`,
        sql`${padOrder.status} = moved.from_status`,
      ),
    )
    .returning();
  return rows;
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

/**
 * The building's orders with these references, locked for a status change (the partner's answers
 * for a file), in one statement, by reference: the rows are locked in the references' sorted
 * order, so two refreshes wait for each other rather than deadlock. A reference without an order
 * is absent from the map.
 */
export async function lockedOrders(
  tx: DbOrTx,
  buildingId: string,
  references: readonly string[],
): Promise<Map<string, PadOrderRow>> {
  if (references.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(padOrder)
    .where(
      and(
        eq(padOrder.buildingId, buildingId),
        sql`${padOrder.reference} = any(${sql.param([...new Set(references)])}::text[])`,
      ),
    )
    .orderBy(asc(padOrder.reference))
    .for('update');
  return new Map(rows.map((row) => [row.reference, row]));
}
