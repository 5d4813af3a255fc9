import { randomUUID } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import {
  cents,
  closingTargets,
  describeTransaction,
  languageOf,
  penaltyPostingKinds,
  type Cents,
  type TransactionMeaning,
} from '@copro/domain';
import { rowsOf, type DbOrTx } from '../../db/client';
import {
  building,
  fiscalYear,
  ledgerTransaction,
  subtransaction,
  type LogSource,
} from '../../db/schema/index';
import { publish } from '../../platform/events';
import type { YearScope } from '../../platform/fiscal-year-scope';
import { listRecords } from '../registry';
import { ledgerAccountsOfKind } from './ledger-accounts';
import { centsFromSql } from '../../db/money';

/**
 * DOMAIN 2: a year's opening balances always equal the previous year's closing balances, whatever
 * is posted in the previous year after the rollover (late invoices, audit adjustments,
 * cancellations). The opening is one `accountantWriting` with `details.opening`; it is derived,
 * not a user's writing, so it is kept in step in place, in the database transaction of the change:
 *
 * - a change of Δ on a balance-sheet account in year Y changes the closing balance of Y, so the
 *   opening of every later year, by Δ on the same account;
 * - a change on a revenue or expense account is closed into its fund's capital account (DOMAIN 12,
 *   `closingTargets`): every later year's opening changes by Δ on that account;
 * - penalties stay penalties (DOMAIN 5): the opening of a unit account carries the unpaid
 *   penalties it holds in `details.openingPenalties` (aid → cents), so the new year never charges
 *   interest on them; a penalty posted late in Y adds to it in every later year.
 */

const penaltyKinds: ReadonlySet<string> = new Set(penaltyPostingKinds);

export interface OpeningDetails {
  opening: true;
  /** The previous year's start. */
  from: string;
  /** Unit account aid → the part of its opening balance that is unpaid penalties. */
  openingPenalties?: Record<string, number>;
}

/**
 * How a year closes: each revenue and expense account → the capital account it closes into (its
 * fund's; null when there is none at all). Accounts not in the map carry their own balance.
 */
export async function closingRules(tx: DbOrTx, scope: YearScope): Promise<Map<number, number | null>> {
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const categories = await listRecords(tx, scope, 'categories');
  return closingTargets(
    categories.flatMap((c) =>
      c.aid
        ? [
            {
              aid: c.aid,
              parent: String(c.data.parent),
              fund: text(c.data.fund),
              systemKey: text(c.data.systemKey),
              archived: c.archived,
            },
          ]
        : [],
    ),
  );
}

/** What a year's opening says (DESIGN 3), and those words in the building's language. */
export function openingText(
  locale: string,
  from: string,
): { description: string; meaning: TransactionMeaning } {
  const meaning: TransactionMeaning = { kind: 'openingBalances', from };
  return { description: describeTransaction(meaning, languageOf(locale)), meaning };
}

/** The unpaid penalties held by each unit account at the end of a year (penalty postings and carried penalties). */
export async function unitPenaltyBalances(tx: DbOrTx, scope: YearScope): Promise<Record<string, Cents>> {
  const kinds = sql.join(
    penaltyPostingKinds.map((k) => sql`${k}`),
    sql`, `,
  );
  const rows = await rowsOf<{ aid: number; penalties: string }>(
    tx,
    sql`select s.aid, sum(case when t.kind in (${kinds}) then s.amount
          else coalesce((t.details->'openingPenalties'->>(s.aid::text))::bigint, 0) end) as penalties
      from subtransactions s
      join transactions t on t.building_id = s.building_id and t.uuid = s.transaction_uuid
      join ledger_accounts a on a.building_id = s.building_id and a.aid = s.aid and a.kind = 'unit'
      where t.building_id = ${scope.buildingId} and t.fiscal_year = ${scope.fiscalYear}
        and t.status <> 'cancelled'
      group by s.aid`,
  );
  const out: Record<string, Cents> = {};
  for (const r of rows) {
    const penalties = centsFromSql(r.penalties);
    if (penalties !== 0) out[String(r.aid)] = penalties;
  }
  return out;
}

/** The previous year of `year`, when the building has one. */
async function previousStart(tx: DbOrTx, buildingId: string, year: string): Promise<string | null> {
  const [row] = await rowsOf<{ start: string }>(
    tx,
    sql`select start_date::text as start from fiscal_years
      where building_id = ${buildingId} and start_date < ${year} order by start_date desc limit 1`,
  );
  return row?.start ?? null;
}

/**
 * Carries changes posted in `scope`'s year (new transactions' lines, or a cancelled one's lines
 * negated) into the opening of every later year. `kind` tells whether a unit line is a penalty.
 */
export async function carryToLaterYears(
  tx: DbOrTx,
  scope: YearScope,
  source: LogSource,
  changes: readonly { kind: string; lines: readonly { aid: number; amount: Cents }[] }[],
): Promise<void> {
  const later = await tx
    .select({ start: fiscalYear.startDate })
    .from(fiscalYear)
    .where(and(eq(fiscalYear.buildingId, scope.buildingId), gt(fiscalYear.startDate, scope.fiscalYear)))
    .orderBy(fiscalYear.startDate);
  if (later.length === 0) return;
  const closesInto = await closingRules(tx, scope);
  const delta = new Map<number, Cents>();
  for (const line of changes.flatMap((c) => c.lines)) {
    // Undefined: a balance-sheet account, carried; null: income with no capital account to close into.
    const target = closesInto.get(line.aid);
    if (target === null) throw new Error(`building ${scope.buildingId} has no capital account to close into`);
    const aid = target ?? line.aid;
    delta.set(aid, cents((delta.get(aid) ?? 0) + line.amount));
  }
  const penalties = new Map<number, Cents>();
  const penaltyLines = changes.filter((c) => penaltyKinds.has(c.kind)).flatMap((c) => c.lines);
  if (penaltyLines.length > 0) {
    const units = new Set((await ledgerAccountsOfKind(tx, scope.buildingId, 'unit')).map((a) => a.aid));
    for (const line of penaltyLines) {
      if (units.has(line.aid)) penalties.set(line.aid, cents((penalties.get(line.aid) ?? 0) + line.amount));
    }
  }
  if ([...delta.values()].every((v) => v === 0) && penalties.size === 0) return;
  for (const { start } of later) {
    await adjustOpening(tx, { buildingId: scope.buildingId, fiscalYear: start }, source, delta, penalties);
  }
}

/** Adds `delta` to a year's opening (creating it when the year opened at zero). */
async function adjustOpening(
  tx: DbOrTx,
  year: YearScope,
  source: LogSource,
  delta: ReadonlyMap<number, Cents>,
  penalties: ReadonlyMap<number, Cents>,
): Promise<void> {
  const [opening] = await rowsOf<{ uuid: string; details: OpeningDetails; indexes: string[] }>(
    tx,
    sql`select uuid, details, indexes from transactions
      where building_id = ${year.buildingId} and fiscal_year = ${year.fiscalYear} and status <> 'cancelled'
        and details->>'opening' = 'true'
      order by created_at limit 1 for update`,
  );
  let uuid = opening?.uuid;
  let details: OpeningDetails | undefined = opening?.details;
  if (!uuid || !details) {
    const from = (await previousStart(tx, year.buildingId, year.fiscalYear)) ?? year.fiscalYear;
    const [b] = await tx
      .select({ locale: building.locale })
      .from(building)
      .where(eq(building.id, year.buildingId));
    uuid = randomUUID();
    details = { opening: true, from };
    await tx.insert(ledgerTransaction).values({
      buildingId: year.buildingId,
      uuid,
      fiscalYear: year.fiscalYear,
      date: year.fiscalYear,
      ...openingText(b?.locale ?? 'en-CA', from),
      kind: 'accountantWriting',
      indexes: [],
      details: { ...details },
      createdBy: source,
    });
  }
  const lines = await tx
    .select()
    .from(subtransaction)
    .where(and(eq(subtransaction.buildingId, year.buildingId), eq(subtransaction.transactionUuid, uuid)));
  const byAid = new Map(lines.map((l) => [l.aid, l]));
  let next = lines.reduce((max, l) => Math.max(max, l.line + 1), 0);
  for (const [aid, amount] of delta) {
    if (amount === 0) continue;
    const line = byAid.get(aid);
    const key = and(eq(subtransaction.buildingId, year.buildingId), eq(subtransaction.transactionUuid, uuid));
    if (!line) {
      await tx.insert(subtransaction).values({
        buildingId: year.buildingId,
        transactionUuid: uuid,
        line: next,
        aid,
        amount,
        date: year.fiscalYear,
      });
      next += 1;
    } else if (line.amount + amount === 0) {
      await tx.delete(subtransaction).where(and(key, eq(subtransaction.line, line.line)));
    } else {
      await tx
        .update(subtransaction)
        .set({ amount: cents(line.amount + amount) })
        .where(and(key, eq(subtransaction.line, line.line)));
    }
  }
  const [left] = await rowsOf<{ count: number }>(
    tx,
    sql`select count(*)::int as count from subtransactions where building_id = ${year.buildingId} and transaction_uuid = ${uuid}`,
  );
  if (Number(left?.count ?? 0) === 0) {
    // Nothing left to open with: the derived opening goes (its lines went with it).
    await tx
      .delete(ledgerTransaction)
      .where(and(eq(ledgerTransaction.buildingId, year.buildingId), eq(ledgerTransaction.uuid, uuid)));
  } else {
    const carried: Record<string, number> = { ...(details.openingPenalties ?? {}) };
    for (const [aid, amount] of penalties) {
      const total = (carried[String(aid)] ?? 0) + amount;
      if (total === 0) delete carried[String(aid)];
      else carried[String(aid)] = total;
    }
    const indexes = [
      ...new Set([...(opening?.indexes ?? []), ...[...delta.keys()].map((aid) => `aid:${aid}`)]),
    ];
    await tx
      .update(ledgerTransaction)
      .set({ details: { ...details, openingPenalties: carried }, indexes })
      .where(and(eq(ledgerTransaction.buildingId, year.buildingId), eq(ledgerTransaction.uuid, uuid)));
  }
  await publish(tx, { buildingId: year.buildingId, collection: 'transactions', ids: [uuid] });
}
