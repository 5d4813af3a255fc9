import { eq } from 'drizzle-orm';
import {
  addCents,
  addDays,
  addMonths,
  fiscalMonths,
  languageOf,
  sumCents,
  type ReconciliationLine,
} from '@copro/domain';
import type { Tx } from '@copro/server/db/client';
import { building, type LogSource } from '@copro/server/db/schema/index';
import {
  bankReconciliation,
  clearTransactions,
  createPeriod,
  editPeriod,
  periodDetail,
  reconcilePeriod,
  type ReconciliationContext,
} from '@copro/server/modules/reconciliation/index';
import { listPayments } from '@copro/server/modules/payables/payments/payment-views';
import { listRecords } from '@copro/server/modules/registry/records';
import type { YearScope } from '@copro/server/platform/fiscal-year-scope';

/**
 * The operating account of « Les Jardins du Parc » reconciled month after month up to last month,
 * written through the services the reconciliation page calls, after the year's fees, payments and
 * bills (demo-year.ts, demo-payables.ts). Each month's period ticks what the bank's statement
 * would show: every movement of the month and what the previous month left outstanding, but the
 * checks the suppliers had not cashed yet by the month's end: those written in its last week, and
 * last month's latest check or two, still outstanding today. The statement's closing balance is
 * what was ticked, so each period reconciles at zero. This month is left open, not created: the
 * user (or the browser test) creates it, imports its statement and reconciles it. Early in
 * January there is no month to reconcile yet.
 */

/** A check written this close to a month's end has not reached the bank by the statement's date. */
const lastWeek = 7;
/** Last month's checks the suppliers have not cashed yet: its latest ones, at most this many. */
const stillOutstanding = 2;

/**
 * The checks of the month `[start, end)` left outstanding at its end (see the header), of the
 * transactions `checks` (the supplier payments by check).
 */
function outstandingChecks(
  lines: readonly ReconciliationLine[],
  checks: ReadonlySet<string>,
  start: string,
  end: string,
  lastMonth: boolean,
): Set<string> {
  const written = lines
    .filter((line) => checks.has(line.transactionUuid) && line.date >= start && line.date < end)
    .sort((a, b) => a.date.localeCompare(b.date) || a.transactionUuid.localeCompare(b.transactionUuid));
  const late = written.filter((line) => line.date >= addDays(end, -lastWeek));
  const uncashed = lastMonth ? written.slice(-stillOutstanding) : late;
  return new Set(uncashed.map((line) => line.transactionUuid));
}

export async function seedDemoReconciliation(
  inTransaction: <T>(work: (tx: Tx) => Promise<T>) => Promise<T>,
  scope: YearScope,
  today: string,
  treasurer: LogSource,
  now: Date,
): Promise<void> {
  const setup = await inTransaction(async (tx) => {
    const [row] = await tx.select().from(building).where(eq(building.id, scope.buildingId));
    if (!row) throw new Error('demo reconciliation: no building');
    const operating = (await listRecords(tx, scope, 'banks')).find((b) => b.data.systemKey === 'operating');
    if (!operating) throw new Error('demo reconciliation: no operating account');
    const ctx: ReconciliationContext = {
      buildingId: scope.buildingId,
      source: treasurer,
      language: languageOf(row.locale),
      today,
    };
    // Written once: a bank that has periods already keeps them.
    const existing = await bankReconciliation(tx, ctx, operating.uuid);
    // The ledger's line of a supplier's check does not say it is one: the payment does.
    const { items } = await listPayments(
      tx,
      scope,
      { paymentMethod: 'check', pageSize: 500 },
      { userId: null, canApprove: false, language: ctx.language },
    );
    const checks = new Set(items.flatMap((p) => (p.transactionUuid ? [p.transactionUuid] : [])));
    return { ctx, bankUuid: operating.uuid, checks, done: existing.periods.length > 0 };
  });
  if (setup.done) return;
  const { ctx, bankUuid, checks } = setup;
  const thisMonth = `${today.slice(0, 7)}-01`;
  const months = fiscalMonths(scope.fiscalYear).filter((month) => month < thisMonth);
  // One short transaction a month: on the embedded database a request waits for one at most.
  for (const [index, start] of months.entries()) {
    const end = addMonths(start, 1);
    await inTransaction(async (tx) => {
      // The first period starts with the year, at the bank's balance then; the others follow the chain.
      const period = await createPeriod(
        tx,
        ctx,
        bankUuid,
        index === 0 ? { periodStart: start, periodEnd: end } : { periodEnd: end },
      );
      const { lines } = await periodDetail(tx, ctx, bankUuid, period.uuid, {
        show: 'uncleared',
        page: 1,
        pageSize: 500,
      });
      const uncashed = outstandingChecks(lines, checks, start, end, index === months.length - 1);
      const cleared = lines.filter((line) => !uncashed.has(line.transactionUuid));
      await clearTransactions(tx, ctx, bankUuid, period.uuid, {
        clear: cleared.map((line) => line.transactionUuid),
        unclear: [],
      });
      // The statement's closing balance: what the bank holds once the ticked movements are in.
      const closingBalance = addCents(period.startingBalance, sumCents(cleared.map((line) => line.amount)));
      await editPeriod(tx, ctx, bankUuid, period.uuid, { closingBalance });
      // Reconciled once the statement came in, a few days after the month's end.
      const received = new Date(`${addDays(end, 4)}T15:00:00Z`);
      await reconcilePeriod(tx, ctx, bankUuid, period.uuid, received < now ? received : now);
    });
  }
}
