import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  debitAmount,
  isPendingDebit,
  languageOf,
  monthlyDebitDue,
  newDebitStatus,
  otonomStatuses,
  sumCents,
  translate,
  zeroCents,
  type Cents,
  type DebitAmountBasis,
} from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { centsFromSql } from '../../../db/money';
import { padOrder } from '../../../db/schema/index';
import { writeLog } from '../../../platform/audit';
import { publish } from '../../../platform/events';
import { yearContaining, type YearScope } from '../../../platform/fiscal-year-scope';
import { ownersWithBankDetails } from '../../payables';
import { monthlyFeesBilled } from '../../receivables';
import { listRecords, ownerLinksOn, personName, type RecordRow } from '../../registry';
import { agreementHolds, agreementsOf, firstDebitOn } from '../agreements';
import type { OtonomContext } from '../context';
import { padSettingsRow } from '../settings/settings';
import { ensureCreditOrders } from './credit-orders';
import { newOrderRow } from './new-order';
import { balancesAt } from './unit-amounts';

/** What a run created: how many debits, and their total. */
export interface DebitRunAnswer {
  created: number;
  total: Cents;
}

const pendingStatuses = otonomStatuses.filter(isPendingDebit);

/** The units that already have their debit of `month`. */
async function unitsDebitedIn(tx: DbOrTx, buildingId: string, month: string): Promise<Set<string>> {
  const rows = await tx
    .select({ unitUuid: padOrder.unitUuid })
    .from(padOrder)
    .where(and(eq(padOrder.buildingId, buildingId), eq(padOrder.month, month)));
  return new Set(rows.flatMap((r) => (r.unitUuid ? [r.unitUuid] : [])));
}

/** Each unit's debits still pending (created, not collected, not final): money that may yet come in. */
async function pendingDebitsByUnit(tx: DbOrTx, buildingId: string): Promise<Map<string, Cents>> {
  const rows = await tx
    .select({ unitUuid: padOrder.unitUuid, total: sql<string>`sum(${padOrder.amount})` })
    .from(padOrder)
    .where(
      and(
        eq(padOrder.buildingId, buildingId),
        eq(padOrder.direction, 'debit'),
        inArray(padOrder.status, pendingStatuses),
      ),
    )
    .groupBy(padOrder.unitUuid);
  return new Map(rows.flatMap((r) => (r.unitUuid ? [[r.unitUuid, centsFromSql(r.total)] as const] : [])));
}

/**
 * The payer's name of the debit: the unit's owners on `asOf`, by name; without any, the unit, in
 * the building's language.
 */
function ownersName(
  ctx: OtonomContext,
  unit: RecordRow,
  people: ReadonlyMap<string, RecordRow>,
  asOf: string,
): string {
  const names = ownerLinksOn(unit.data, asOf)
    .map((link) => people.get(link.personUuid))
    .map((person) => (person ? personName(person.data) : ''))
    .filter((name) => name !== '');
  if (names.length > 0) return names.join(', ');
  return translate(languageOf(ctx.building.locale), 'otonom.orders.unitPayer', { unit: unit.number ?? '' });
}

/** A unit that may be debited: automatic payment on, with a payment day. */
const paymentDayOf = (unit: RecordRow): number | null => {
  const day = unit.data.paymentDay;
  return unit.data.automaticPayment === true && typeof day === 'number' && day >= 1 && day <= 31
    ? Math.trunc(day)
    : null;
};

/**
 * The monthly run of a building as of `asOf` (DOMAIN 8; the rules are the domain's
 * `debit-rules.ts`): for each unit of the year containing `asOf` with automatic payment, a signed
 * agreement that no return flagged, its written notice and bank details, the month's debit when it
 * is due, for the month's fee or the balance per the settings. Each debit is an order ready to
 * send, or waiting for approval when the building's approvals cover the channel's method; sending
 * is the files' work (by hand, or their automatic sending). A unit has at most one debit per
 * month (the unique index): a second run, or one later in the month, creates nothing. The
 * supplier payments sent electronically get their credit orders too (`ensureCreditOrders`).
 * Logged once per run that created debits; live pages refresh.
 */
export async function runDebits(
  tx: DbOrTx,
  ctx: OtonomContext,
  buildingId: string,
  asOf: string,
): Promise<DebitRunAnswer> {
  await ensureCreditOrders(tx, ctx, buildingId);
  const settings = await padSettingsRow(tx, buildingId);
  const scope = await yearContaining(tx, buildingId, asOf);
  if (!settings || !scope) return { created: 0, total: zeroCents };
  const units = await listRecords(tx, scope, 'units', { liveOnly: true });
  const candidates = units.filter((u) => paymentDayOf(u) !== null);
  if (candidates.length === 0) return { created: 0, total: zeroCents };

  const month = asOf.slice(0, 7);
  const debited = await unitsDebitedIn(tx, buildingId, month);
  const amounts = amountReader(tx, scope, settings.debitAmount, asOf);
  const people = new Map((await listRecords(tx, scope, 'people')).map((p) => [p.uuid, p]));
  const status = newDebitStatus(ctx.building, settings.channel);

  // Read once for the building, not once per unit.
  const agreements = await agreementsOf(tx, buildingId);
  const withDetails = await ownersWithBankDetails(tx, buildingId, 'unit');
  const years = new Map<string, Promise<YearScope | null>>();
  const yearOf = (date: string) => {
    let year = years.get(date);
    if (!year) years.set(date, (year = yearContaining(tx, buildingId, date)));
    return year;
  };

  const orders: (ReturnType<typeof newOrderRow> & { amount: Cents; unitUuid: string })[] = [];
  for (const unit of candidates) {
    const paymentDay = paymentDayOf(unit);
    // The rule's (d), checked before the agreement is read: a daily run passes every unit debited
    // this month already, so what follows has no debit of the month.
    if (paymentDay === null || debited.has(unit.uuid)) continue;
    const agreement = agreements.get(unit.uuid) ?? null;
    if (!agreement || !agreementHolds(agreement)) continue;
    const due = monthlyDebitDue({
      asOf,
      paymentDay,
      firstDebitOn: firstDebitOn(agreement),
      alreadyCreatedMonths: new Set<string>(),
    });
    if (!due) continue;
    const amount = await amounts.of(unit);
    if (amount === null) continue;
    if (!withDetails.has(unit.uuid)) continue;
    const orderYear = await yearOf(due.dueDate);
    if (!orderYear) continue;
    orders.push({
      ...newOrderRow(ctx, {
        buildingId,
        fiscalYear: orderYear.fiscalYear,
        direction: 'debit',
        unitUuid: unit.uuid,
        name: ownersName(ctx, unit, people, asOf),
        amount,
        dueDate: due.dueDate,
        month: due.month,
        status,
      }),
      amount,
      unitUuid: unit.uuid,
    });
  }
  // Another run that got there first made some: this one makes only the others.
  const inserted =
    orders.length === 0
      ? []
      : await tx
          .insert(padOrder)
          .values(orders)
          .onConflictDoNothing({
            target: [padOrder.buildingId, padOrder.unitUuid, padOrder.month],
            where: sql`${padOrder.month} is not null`,
          })
          .returning({ uuid: padOrder.uuid });
  const made = new Set(inserted.map((row) => row.uuid));
  const created = orders
    .filter((order) => made.has(order.uuid))
    .map((order) => ({ uuid: order.uuid, amount: order.amount, unitUuid: order.unitUuid }));

  const total = sumCents(created.map((c) => c.amount));
  if (created.length > 0) {
    await writeLog(tx, {
      buildingId,
      event: 'otonomDebitsCreated',
      source: ctx.source,
      message: `Pre-authorized debits of ${month}: ${created.length} created as of ${asOf}`,
      metadata: {
        asOf,
        month,
        count: created.length,
        total,
        status,
        orders: created.map((c) => c.uuid),
      },
      indexes: created.map((c) => c.unitUuid),
    });
    await publish(tx, { buildingId, collection: 'padOrders', ids: created.map((c) => c.uuid) });
  }
  return { created: created.length, total };
}

/**
 * A unit's debit amount per the settings' basis (`debitAmount`); what it is read from (the bills,
 * the balances, the pending debits) is read once per run, and only for the basis that needs it.
 * "The month's fee" is what the unit's account was billed for the month (receivables'
 * `monthlyFeesBilled`: its own fee and its parkings' and lockers'), so the debit pays the bill to
 * the cent; a month not billed yet (the billing job runs the same morning) is debited by the next
 * daily run, once billed.
 */
function amountReader(tx: DbOrTx, scope: YearScope, basis: DebitAmountBasis, asOf: string) {
  const once = <T>(read: () => Promise<T>) => {
    let value: Promise<T> | null = null;
    return () => (value ??= read());
  };
  const bills = once(() => monthlyFeesBilled(tx, scope.buildingId, `${asOf.slice(0, 7)}-01`));
  const balances = once(() => balancesAt(tx, scope, asOf));
  const pending = once(() => pendingDebitsByUnit(tx, scope.buildingId));
  return {
    async of(unit: RecordRow): Promise<Cents | null> {
      if (basis === 'monthlyFee') {
        const monthlyFee = unit.aid === null ? zeroCents : ((await bills()).get(unit.aid) ?? zeroCents);
        return debitAmount({ basis, monthlyFee, balance: zeroCents, pendingDebits: zeroCents });
      }
      const balance = unit.aid === null ? zeroCents : ((await balances()).get(unit.aid) ?? zeroCents);
      const pendingDebits = (await pending()).get(unit.uuid) ?? zeroCents;
      return debitAmount({ basis, monthlyFee: zeroCents, balance, pendingDebits });
    },
  };
}
