import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  billedOnDebitDay,
  billingMonthsOf,
  chargeKey,
  describeTransaction,
  languageOf,
  negateCents,
  penaltyChargesDue,
  sumCents,
  type AutomaticPenaltyKind,
  type Cents,
  type PenaltyChargeDue,
  type PenaltySettings,
  type TransactionMeaning,
} from '@copro/domain';
import { rowsOf, type DbOrTx } from '../../../db/client';
import {
  building,
  fiscalYear,
  penalty,
  penaltyCharge,
  type LogSource,
  type PenaltyRow,
} from '../../../db/schema/index';
import { writeLogs } from '../../../platform/audit';
import type { YearScope } from '../../../platform/fiscal-year-scope';
import { runInSlices, type SliceOptions } from '../../../platform/slices';
import { ledgerAccountsOfKind, postTransactions, type Posting } from '../../ledger';
import { findRecord, listRecords } from '../../registry';
import { unitPostings } from '../unit-postings';

/** The building's automatic penalties, as the rules take them, with the category each credits. */
async function automaticPenalties(tx: DbOrTx, scope: YearScope, minimumBalance: Cents) {
  const rows = await tx
    .select()
    .from(penalty)
    .where(
      and(
        eq(penalty.buildingId, scope.buildingId),
        inArray(penalty.kind, ['defaultLatePaymentFee', 'defaultInterests']),
      ),
    );
  const categoryAid = async (row: PenaltyRow | undefined): Promise<number | null> =>
    row ? ((await findRecord(tx, scope, 'categories', row.categoryUuid))?.aid ?? null) : null;
  const lateFee = rows.find((r) => r.kind === 'defaultLatePaymentFee');
  const interest = rows.find((r) => r.kind === 'defaultInterests');
  // A penalty whose category is not in this year has nowhere to post: it is not charged here.
  const lateFeeAid = await categoryAid(lateFee);
  const interestAid = await categoryAid(interest);
  const settings: PenaltySettings = {
    lateFee:
      lateFee && lateFeeAid && lateFee.amount
        ? { amount: lateFee.amount, gracePeriod: lateFee.gracePeriod ?? 0 }
        : null,
    interest:
      interest && interestAid && interest.rate
        ? { rate: interest.rate, gracePeriod: interest.gracePeriod ?? 0 }
        : null,
    minimumBalance,
  };
  const credited = { unitLateFee: lateFeeAid, unitInterestFee: interestAid };
  const penaltyUuids = { unitLateFee: lateFee?.uuid ?? null, unitInterestFee: interest?.uuid ?? null };
  return { settings, credited, penaltyUuids };
}

/** What a charge's description says (DESIGN 3): each reader reads it in their language. */
const meaningOf = (charge: PlannedPenaltyCharge, currency: string, rate: number): TransactionMeaning =>
  charge.kind === 'unitLateFee'
    ? { kind: 'lateFee', month: charge.month, unit: charge.unitNumber }
    : {
        kind: 'interest',
        month: charge.month,
        unit: charge.unitNumber,
        rate,
        principal: charge.principal,
        currency,
      };

/** A late fee or interest charge a run would post (the preview lists them before a run). */
export interface PlannedPenaltyCharge extends PenaltyChargeDue {
  unitUuid: string;
  unitNumber: string;
  aid: number;
}

interface PenaltyPlan {
  charges: PlannedPenaltyCharge[];
  /** What each kind credits, and the penalty it comes from. */
  credited: Record<PenaltyChargeDue['kind'], number | null>;
  penaltyUuids: Record<PenaltyChargeDue['kind'], string | null>;
  rate: number;
  locale: string;
  currency: string;
}

/** Every charge due in the year on `today` (the rules are in `penalty-rules.ts`), posting nothing. */
async function planPenalties(tx: DbOrTx, scope: YearScope, today: string): Promise<PenaltyPlan | null> {
  const [b] = await tx.select().from(building).where(eq(building.id, scope.buildingId));
  const [year] = await tx
    .select()
    .from(fiscalYear)
    .where(and(eq(fiscalYear.buildingId, scope.buildingId), eq(fiscalYear.startDate, scope.fiscalYear)));
  if (!b || !year || year.archived || b.creatingFiscalYear) return null;
  const { settings, credited, penaltyUuids } = await automaticPenalties(
    tx,
    scope,
    b.minimumUnitBalanceBeforeChargingPenalties,
  );
  if (!settings.lateFee && !settings.interest) return null;

  const accounts = await ledgerAccountsOfKind(tx, scope.buildingId, 'unit');
  const unitOf = new Map(accounts.map((a) => [a.aid, a.recordUuid]));
  const units = await listRecords(tx, scope, 'units');
  const numbers = new Map(units.map((u) => [u.uuid, u.number ?? '']));
  // Units that pay by pre-authorized debit owe their bill on their debit day (penalty-rules.ts).
  const debitDays = new Map(
    units.flatMap((u) =>
      u.data.automaticPayment === true && typeof u.data.paymentDay === 'number'
        ? [[u.uuid, u.data.paymentDay] as const]
        : [],
    ),
  );
  const charged = new Map<number, Set<string>>();
  for (const row of await tx
    .select()
    .from(penaltyCharge)
    .where(eq(penaltyCharge.buildingId, scope.buildingId))) {
    const set = charged.get(row.aid) ?? new Set<string>();
    set.add(chargeKey(row.kind, row.month));
    charged.set(row.aid, set);
  }

  const charges: PlannedPenaltyCharge[] = [];
  for (const [aid, postings] of await unitPostings(tx, scope)) {
    const unitUuid = unitOf.get(aid);
    const unitNumber = unitUuid ? numbers.get(unitUuid) : undefined;
    if (!unitUuid || unitNumber === undefined) continue;
    const due = penaltyChargesDue({
      postings,
      billingMonths: debitDays.has(unitUuid)
        ? billedOnDebitDay(billingMonthsOf(postings), debitDays.get(unitUuid) ?? 1)
        : billingMonthsOf(postings),
      settings,
      today,
      alreadyCharged: charged.get(aid) ?? new Set(),
    });
    // A charge that falls after the year's end belongs to no open day of this year.
    for (const charge of due) {
      if (credited[charge.kind] && charge.date <= year.endDate)
        charges.push({ ...charge, unitUuid, unitNumber, aid });
    }
  }
  return {
    charges,
    credited,
    penaltyUuids,
    rate: settings.interest?.rate ?? 0,
    locale: b.locale,
    currency: b.currency,
  };
}

/** What a run on `today` would charge in the year: the preview shown before "run the check now". */
export async function decidePenaltyCharges(
  tx: DbOrTx,
  scope: YearScope,
  today: string,
): Promise<PlannedPenaltyCharge[]> {
  return (await planPenalties(tx, scope, today))?.charges ?? [];
}

/** A charge with the transaction that posts it. */
interface PlannedPosting {
  charge: PlannedPenaltyCharge;
  posting: Posting;
}

/**
 * Each charge as a `unitLateFee` / `unitInterestFee` debiting the unit account and crediting the
 * penalty's category, described by what it means (DESIGN 3) in the building's language.
 */
function postingsOf(plan: PenaltyPlan | null): PlannedPosting[] {
  if (!plan) return [];
  return plan.charges.flatMap((charge) => {
    const categoryAid = plan.credited[charge.kind];
    if (!categoryAid) return [];
    const meaning = meaningOf(charge, plan.currency, plan.rate);
    const posting: Posting = {
      input: {
        date: charge.date,
        description: describeTransaction(meaning, languageOf(plan.locale)),
        kind: charge.kind,
        taxes: [],
        indexes: [],
        subtransactions: [
          { aid: charge.aid, amount: charge.amount },
          { aid: categoryAid, amount: negateCents(charge.amount) },
        ],
      },
      extra: {
        details: {
          penalty: plan.penaltyUuids[charge.kind],
          unit: charge.unitUuid,
          month: charge.month,
          principal: charge.principal,
          balance: charge.balance,
        },
        meaning,
      },
    };
    return [{ charge, posting }];
  });
}

/** Whether another run charged any of these since the plan (the key of `penalty_charges`). */
async function anyCharged(tx: DbOrTx, scope: YearScope, slice: readonly PlannedPosting[]): Promise<boolean> {
  if (slice.length === 0) return false;
  const rows = await rowsOf<{ aid: number; month: string; kind: string }>(
    tx,
    sql`select aid, month::text as month, kind from penalty_charges
      where building_id = ${scope.buildingId}
        and aid = any(${sql.param([...new Set(slice.map((p) => p.charge.aid))])}::integer[])
        and month = any(${sql.param([...new Set(slice.map((p) => p.charge.month))])}::date[])`,
  );
  const found = new Set(
    rows.map((r) => `${Number(r.aid)}:${chargeKey(r.kind as AutomaticPenaltyKind, r.month)}`),
  );
  return slice.some(({ charge }) => found.has(`${charge.aid}:${chargeKey(charge.kind, charge.month)}`));
}

/** What a run posted: how many charges, and their total. */
export interface PenaltyRunResult {
  charged: number;
  amount: Cents;
}

/**
 * DOMAIN 5: charges every late fee and interest due in the year on `today` (the rules are in
 * `penalty-rules.ts`), each recorded in `penalty_charges` and logged "unit penalty added". The
 * charges are decided at once, from a few set-based reads, then posted in slices, each its own
 * database transaction, so the app answers while a big building is charged and a crash leaves
 * whole slices: the next run decides the rest from what is posted, as one run equals many.
 * Idempotent: an advisory lock keeps two runs of a building apart slice by slice, a slice another
 * run charged meanwhile is decided again, charges already recorded are never due again, and the
 * `penalty_charges` key refuses a second one. `onProgress` hears after each slice how many of the
 * run's charges are posted.
 */
export async function runPenaltyCharges(
  db: DbOrTx,
  scope: YearScope,
  today: string,
  source: LogSource,
  options: SliceOptions = {},
): Promise<PenaltyRunResult> {
  const posted = await runInSlices<PlannedPosting>(
    db,
    {
      lock: async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`penalty-run:${scope.buildingId}`}))`);
      },
      plan: async (reader) => postingsOf(await planPenalties(reader, scope, today)),
      holds: async (tx, slice) => !(await anyCharged(tx, scope, slice)),
      post: async (tx, slice) => {
        const views = await postTransactions(
          tx,
          scope,
          source,
          slice.map((p) => p.posting),
        );
        const rows = slice.map(({ charge }, i) => ({ charge, uuid: views[i]?.uuid ?? '' }));
        // One statement whatever the slice's size: columns as arrays, not a parameter per value.
        await tx.execute(sql`insert into penalty_charges (building_id, aid, month, kind, transaction_uuid)
          select ${scope.buildingId}, * from unnest(
            ${sql.param(rows.map((r) => r.charge.aid))}::integer[],
            ${sql.param(rows.map((r) => r.charge.month))}::date[],
            ${sql.param(rows.map((r) => r.charge.kind))}::text[],
            ${sql.param(rows.map((r) => r.uuid))}::uuid[])`);
        await writeLogs(
          tx,
          rows.map(({ charge, uuid }) => ({
            buildingId: scope.buildingId,
            event: 'unitPenaltyAdded' as const,
            source,
            message: `Unit penalty added: ${charge.kind} ${charge.month} unit ${charge.unitNumber}`,
            metadata: {
              unitUuid: charge.unitUuid,
              aid: charge.aid,
              kind: charge.kind,
              month: charge.month,
              amount: charge.amount,
              transactionUuid: uuid,
              fiscalYear: scope.fiscalYear,
            },
            indexes: [charge.unitUuid, uuid],
          })),
        );
      },
    },
    options,
  );
  return { charged: posted.length, amount: sumCents(posted.map((p) => p.charge.amount)) };
}

/** `runPenaltyCharges`, answering how many charges it posted. */
export async function chargePenalties(
  db: DbOrTx,
  scope: YearScope,
  today: string,
  source: LogSource,
  options: SliceOptions = {},
): Promise<number> {
  return (await runPenaltyCharges(db, scope, today, source, options)).charged;
}
