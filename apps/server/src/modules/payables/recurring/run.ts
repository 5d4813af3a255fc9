import { and, asc, eq, max, sql } from 'drizzle-orm';
import {
  negateCents,
  recurringDue,
  type RecurringPostingDue,
  type RecurringPostingKind,
  type RecurringRunAnswer,
  type TransactionInput,
} from '@copro/domain';
import type { Db, DbOrTx } from '../../../db/client';
import {
  building,
  fiscalYear,
  recurringBill,
  recurringBillPosting,
  type LogSource,
} from '../../../db/schema/index';
import { writeLog } from '../../../platform/audit';
import { registerBuildingJob, scheduleBuildingJob } from '../../../platform/building-jobs';
import { AppError } from '../../../platform/errors';
import type { YearScope } from '../../../platform/fiscal-year-scope';
import type { Platform } from '../../../platform/platform';
import { postTransactions, type Posting } from '../../ledger';
import { findRecords } from '../../registry';
import { generatedText } from '../context';
import type { RecurringBillRow } from './bills';

/**
 * DOMAIN 7: recurring bills are created automatically each month. The daily run of a building posts
 * every bill and payment due by its date (`recurringDue`) into the fiscal year holding each date:
 * a supplier's bill as `recurringBill` (Dr the expense category, Cr the supplier) and
 * `recurringBillPayment` (Dr the supplier, Cr the bank), the building's own as `recurringBill`
 * (Dr the category, Cr the bank). Payments are made outside Copro, so none waits for approval.
 *
 * Idempotent: `recurring_bill_postings` holds one row per bill, month and kind, written in the
 * database transaction of its posting, and the months up to the last one posted are never due
 * again. Two runs of a building (the job and "run now", or two instances) wait for each other on
 * an advisory lock, and the primary key refuses a second row for a month however a run got there,
 * taking its postings back with it. A date no writable year holds (the next year not created yet,
 * an archived year, a year being created) is skipped and reported; a later run posts it once its
 * year is there.
 */

export const recurringBillsJob = 'recurring-bills';
/** When the daily run fires (UTC); each building runs as of its own date. */
export const recurringBillsSchedule = '30 6 * * *';

const system: LogSource = { kind: 'system', id: 'queue' };

type Planned = { bill: RecurringBillRow; due: RecurringPostingDue };

/** What a posting of a bill moves: the accounts it debits and credits. */
function linesOf(
  planned: Planned,
  aids: ReadonlyMap<string, number>,
): { debit: number; credit: number } | null {
  const { bill, due } = planned;
  const category = aids.get(bill.categoryUuid);
  const bank = aids.get(bill.counterpartUuid);
  const supplier = bill.supplierUuid ? aids.get(bill.supplierUuid) : undefined;
  if (due.kind === 'recurringBillPayment') {
    return supplier !== undefined && bank !== undefined ? { debit: supplier, credit: bank } : null;
  }
  const creditor = bill.supplierUuid ? supplier : bank;
  return category !== undefined && creditor !== undefined ? { debit: category, credit: creditor } : null;
}

async function accountsOf(tx: DbOrTx, scope: YearScope, planned: readonly Planned[]) {
  const uuids = (pick: (b: RecurringBillRow) => string | null) => [
    ...new Set(planned.map((p) => pick(p.bill)).filter((u): u is string => u !== null)),
  ];
  const records = [
    ...(await findRecords(
      tx,
      scope,
      'categories',
      uuids((b) => b.categoryUuid),
    )),
    ...(await findRecords(
      tx,
      scope,
      'banks',
      uuids((b) => b.counterpartUuid),
    )),
    ...(await findRecords(
      tx,
      scope,
      'suppliers',
      uuids((b) => b.supplierUuid),
    )),
  ];
  return new Map(records.flatMap((r) => (r.aid === null ? [] : [[r.uuid, r.aid] as const])));
}

/** Posts what is due for a building as of `asOf`, in the caller's database transaction. */
export async function postRecurringBills(
  tx: DbOrTx,
  buildingId: string,
  asOf: string,
  source: LogSource,
): Promise<RecurringRunAnswer> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`recurring-bills:${buildingId}`}))`);
  const [b] = await tx.select().from(building).where(eq(building.id, buildingId));
  if (!b) throw new AppError('notFound');
  const years = await tx.select().from(fiscalYear).where(eq(fiscalYear.buildingId, buildingId));
  const bills = await tx
    .select()
    .from(recurringBill)
    .where(and(eq(recurringBill.buildingId, buildingId), eq(recurringBill.archived, false)))
    .orderBy(asc(recurringBill.createdAt), asc(recurringBill.uuid));
  const lastPosted = new Map<string, Partial<Record<RecurringPostingKind, string>>>();
  for (const row of await tx
    .select({
      billUuid: recurringBillPosting.billUuid,
      kind: recurringBillPosting.kind,
      month: max(recurringBillPosting.month),
    })
    .from(recurringBillPosting)
    .where(eq(recurringBillPosting.buildingId, buildingId))
    .groupBy(recurringBillPosting.billUuid, recurringBillPosting.kind)) {
    if (row.month === null) continue;
    lastPosted.set(row.billUuid, { ...lastPosted.get(row.billUuid), [row.kind]: row.month });
  }

  const skipped: RecurringRunAnswer['skipped'] = [];
  const skip = ({ bill, due }: Planned) => skipped.push({ billUuid: bill.uuid, ...due });
  const byYear = new Map<string, Planned[]>();
  for (const bill of bills) {
    for (const due of recurringDue(bill, lastPosted.get(bill.uuid) ?? {}, asOf)) {
      const year = years.find((y) => y.startDate <= due.date && due.date <= y.endDate);
      if (!year || year.archived || b.creatingFiscalYear) {
        skip({ bill, due });
        continue;
      }
      byYear.set(year.startDate, [...(byYear.get(year.startDate) ?? []), { bill, due }]);
    }
  }

  const transactions: string[] = [];
  for (const [start, planned] of [...byYear].sort(([a], [c]) => (a < c ? -1 : 1))) {
    const scope: YearScope = { buildingId, fiscalYear: start };
    const aids = await accountsOf(tx, scope, planned);
    const ready: Planned[] = [];
    const postings: Posting[] = [];
    for (const p of planned) {
      const lines = linesOf(p, aids);
      // A record the year does not hold (added to an earlier year after this one was created).
      if (!lines) {
        skip(p);
        continue;
      }
      const { bill, due } = p;
      const { description, meaning } = generatedText(b, {
        kind: due.kind,
        bill: bill.description,
        month: due.month,
      });
      const input: TransactionInput = {
        date: due.date,
        description,
        kind: due.kind,
        paymentMethod: bill.paymentMethod as TransactionInput['paymentMethod'],
        taxes: [],
        indexes: [],
        subtransactions: [
          { aid: lines.debit, amount: bill.amount },
          { aid: lines.credit, amount: negateCents(bill.amount) },
        ],
      };
      ready.push(p);
      postings.push({ input, extra: { details: { recurringBillId: bill.uuid, month: due.month }, meaning } });
    }
    const views = await postTransactions(tx, scope, source, postings);
    if (views.length === 0) continue;
    await tx.insert(recurringBillPosting).values(
      ready.map(({ bill, due }, i) => ({
        buildingId,
        billUuid: bill.uuid,
        month: due.month,
        kind: due.kind,
        transactionUuid: views[i]?.uuid ?? null,
      })),
    );
    transactions.push(...views.map((v) => v.uuid));
  }

  if (transactions.length > 0) {
    await writeLog(tx, {
      buildingId,
      event: 'recurringBillsAdded',
      source,
      message: `${transactions.length} recurring bill postings added as of ${asOf}`,
      metadata: { count: transactions.length, asOf, transactions },
    });
  }
  return { posted: transactions.length, skipped };
}

/** One building's run as of `asOf`, in a database transaction of its own. */
export function runRecurringBills(
  db: Db,
  buildingId: string,
  asOf: string,
  source: LogSource = system,
): Promise<RecurringRunAnswer> {
  return db.transaction((tx) => postRecurringBills(tx, buildingId, asOf, source));
}

/** Each building's daily run is a job of its own: one that fails is retried and stops no other. */
export function registerRecurringBills(platform: Platform): void {
  registerBuildingJob(platform, recurringBillsJob, async (buildingId, asOf) => {
    const { posted, skipped } = await runRecurringBills(platform.db, buildingId, asOf);
    return { posted, skipped };
  });
}

/** The daily runs of every building: fired by the schedule, and once at start to catch up. */
export async function scheduleRecurringBills(platform: Platform): Promise<void> {
  await scheduleBuildingJob(platform, recurringBillsJob, recurringBillsSchedule);
}
