import {
  differenceOrNull,
  firstPeriodStart,
  fiscalYearHolding,
  nextPeriodProposal,
  proposedPeriodEnd,
  readDescription,
  recheckChanges,
  type BankReconciliation,
  type Cents,
  type RecheckGoneStatus,
  type RecheckTransaction,
  type ReconciliationChange,
  type ReconciliationPeriod,
  type ReconciliationPeriodNow,
  type ReconciliationPeriodProposal,
} from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { centsFromSql } from '../../../db/money';
import { AppError } from '../../../platform/errors';
import type { ReconciliationContext } from '../context';
import { bankOrNotFound, buildingYears, type ReconciledBank } from './bank';
import {
  balanceBefore,
  descriptionsOf,
  sumTicks,
  tickedLines,
  earliestUnticked,
  noSums,
  type ClearedSums,
  type TickedLine,
} from './period-sql';
import { periodsOf, placeOf, type ChainPlace, type PeriodRow } from './period-rows';

/** A transaction as a change names it; its description is written once the changes are known (`described`). */
const recheckTransaction = (row: TickedLine): RecheckTransaction => ({
  transactionUuid: row.transaction_uuid,
  date: row.date,
  description: '',
  amount: centsFromSql(row.amount),
});

/** Changes with the description of each transaction they name, in the reader's language. */
async function described(
  db: DbOrTx,
  ctx: ReconciliationContext,
  bank: ReconciledBank,
  changes: ReadonlyMap<string, ReconciliationChange[] | null>,
): Promise<Map<string, ReconciliationChange[] | null>> {
  const all = [...changes.values()].flatMap((list) => list ?? []);
  const stored = await descriptionsOf(
    db,
    ctx.buildingId,
    bank,
    all.flatMap((c) => ('transactionUuid' in c ? [c.transactionUuid] : [])),
  );
  const describe = (c: ReconciliationChange): ReconciliationChange => {
    if (!('transactionUuid' in c)) return c;
    const text = stored.get(c.transactionUuid);
    return text ? { ...c, description: readDescription(text, ctx.language) } : c;
  };
  return new Map([...changes].map(([uuid, list]) => [uuid, list ? list.map(describe) : null]));
}

/** Ticked lines by the period ticking them, and by transaction. */
interface LineIndex {
  byPeriod: Map<string, TickedLine[]>;
  byUuid: Map<string, TickedLine>;
}

function indexLines(lines: readonly TickedLine[]): LineIndex {
  const byPeriod = new Map<string, TickedLine[]>();
  for (const line of lines) {
    if (line.period_uuid === null) continue;
    const list = byPeriod.get(line.period_uuid) ?? [];
    list.push(line);
    byPeriod.set(line.period_uuid, list);
  }
  return { byPeriod, byUuid: new Map(lines.map((l) => [l.transaction_uuid, l])) };
}

const snapshotUuids = (periods: readonly PeriodRow[]): string[] =>
  periods.flatMap((p) => p.snapshot?.cleared.map((c) => c.uuid) ?? []);

/**
 * The period as it stands: its live ticked transactions, and what became of each transaction its
 * snapshot held that is no longer among them.
 */
function nowOf(period: PeriodRow, index: LineIndex): ReconciliationPeriodNow {
  const inSnapshot = new Set(period.snapshot?.cleared.map((c) => c.uuid));
  const cleared = (index.byPeriod.get(period.uuid) ?? [])
    .filter((row) => !row.cancelled)
    .map(recheckTransaction);
  const here = new Set(cleared.map((t) => t.transactionUuid));
  const others = new Map<string, RecheckTransaction & { status: RecheckGoneStatus }>();
  for (const uuid of inSnapshot) {
    const row = index.byUuid.get(uuid);
    if (here.has(uuid) || !row) continue;
    const status: RecheckGoneStatus = row.cancelled
      ? 'cancelled'
      : row.period_uuid !== null && row.period_uuid !== period.uuid
        ? 'clearedElsewhere'
        : 'uncleared';
    others.set(uuid, { ...recheckTransaction(row), status });
  }
  return {
    startingBalance: period.startingBalance,
    closingBalance: period.closingBalance,
    cleared,
    others,
  };
}

/** Each period as it stands (`nowOf`), read in one go however many periods. */
export async function periodsNow(
  db: DbOrTx,
  ctx: ReconciliationContext,
  bank: ReconciledBank,
  periods: readonly PeriodRow[],
): Promise<Map<string, ReconciliationPeriodNow>> {
  if (periods.length === 0) return new Map();
  const lines = await tickedLines(
    db,
    ctx.buildingId,
    bank,
    periods.map((p) => p.uuid),
    snapshotUuids(periods),
  );
  const index = indexLines(lines);
  return new Map(periods.map((p) => [p.uuid, nowOf(p, index)]));
}

/** What changed in each period since its snapshot (none for a period without one). */
export async function recheckPeriods(
  db: DbOrTx,
  ctx: ReconciliationContext,
  bank: ReconciledBank,
  periods: readonly PeriodRow[],
): Promise<Map<string, ReconciliationChange[]>> {
  const now = await periodsNow(db, ctx, bank, periods);
  const changes = await described(
    db,
    ctx,
    bank,
    new Map(
      periods.map((p) => {
        const current = now.get(p.uuid);
        return [p.uuid, p.snapshot && current ? recheckChanges(p.snapshot, current) : []];
      }),
    ),
  );
  return new Map(periods.map((p) => [p.uuid, changes.get(p.uuid) ?? []]));
}

/**
 * Whether a period's changes are computed as it is read, so nothing changes silently (DOMAIN 9):
 * - reconciled, with a ticked transaction cancelled since (nothing else can change under a
 *   reconciled period: it and every period before it refuse edits): what changed, never a silent
 *   zero;
 * - reopened because an earlier period was corrected (its stored `changes` are set): everything
 *   that changed since it was reconciled, as the correction goes on.
 */
const showsChanges = (period: PeriodRow, sums: ClearedSums): boolean =>
  period.snapshot !== null && (period.isReconciled ? sums.cancelled > 0 : period.changes !== null);

const nameOf = (source: PeriodRow['reconciledBy']): string | null =>
  source ? (source.name ?? source.email ?? source.id) : null;

/** A period's answer, given its place in the chain, what is ticked in it and the changes it shows. */
export function toView(
  place: Pick<ChainPlace, 'period' | 'isLatest'>,
  sums: ClearedSums,
  changes: ReconciliationChange[] | null,
): ReconciliationPeriod {
  const { period } = place;
  const file = period.statementFile;
  return {
    uuid: period.uuid,
    bankUuid: period.bankUuid,
    fiscalYear: period.fiscalYear,
    periodStart: period.periodStart,
    periodEnd: period.periodEnd,
    startingBalance: period.startingBalance,
    closingBalance: period.closingBalance,
    isReconciled: period.isReconciled,
    clearedCredits: sums.credits,
    clearedDebits: sums.debits,
    clearedCount: sums.count,
    difference: differenceOrNull({
      startingBalance: period.startingBalance,
      clearedCredits: sums.credits,
      clearedDebits: sums.debits,
      closingBalance: period.closingBalance,
    }),
    statement: file ? { fileName: file.fileName, size: file.size, uploadedAt: file.uploadedAt } : null,
    reconciledAt: period.reconciledAt?.toISOString() ?? null,
    reconciledBy: nameOf(period.reconciledBy),
    changes,
    // A reconciled period is reopened before it can go.
    deletable: place.isLatest && !period.isReconciled,
  };
}

/**
 * The answers of some of a bank's periods (each with its place in the chain), in their order: what
 * they tick and what their snapshots held is read once for them all.
 */
export async function viewsOf(
  db: DbOrTx,
  ctx: ReconciliationContext,
  bank: ReconciledBank,
  places: readonly Pick<ChainPlace, 'period' | 'isLatest'>[],
): Promise<ReconciliationPeriod[]> {
  const periods = places.map((p) => p.period);
  // What a reconciled period's snapshot holds it still ticks; a period reopened by a correction
  // may have let some go.
  const lines = await tickedLines(
    db,
    ctx.buildingId,
    bank,
    periods.map((p) => p.uuid),
    snapshotUuids(periods.filter((p) => !p.isReconciled && p.changes !== null)),
  );
  const sums = sumTicks(lines);
  const index = indexLines(lines);
  const shown = new Map<string, ReconciliationChange[] | null>();
  for (const period of periods) {
    if (!period.snapshot || !showsChanges(period, sums.get(period.uuid) ?? noSums)) continue;
    const changes = recheckChanges(period.snapshot, nowOf(period, index));
    // A reconciled period shows nothing when nothing it holds changed.
    shown.set(period.uuid, period.isReconciled && changes.length === 0 ? null : changes);
  }
  const changes = await described(db, ctx, bank, shown);
  return places.map((place) =>
    toView(place, sums.get(place.period.uuid) ?? noSums, changes.get(place.period.uuid) ?? null),
  );
}

/** A period of the bank as the API answers it; another bank's or building's period is not found. */
export async function periodView(
  db: DbOrTx,
  ctx: ReconciliationContext,
  bankUuid: string,
  periodUuid: string,
): Promise<ReconciliationPeriod> {
  const bank = await bankOrNotFound(db, ctx.buildingId, bankUuid);
  const place = placeOf(await periodsOf(db, ctx.buildingId, bankUuid), periodUuid);
  const [view] = await viewsOf(db, ctx, bank, [place]);
  if (!view) throw new AppError('notFound');
  return view;
}

/** The first period proposed for a bank that has none (rule in the domain's `firstPeriodStart`). */
export async function firstPeriodProposal(
  db: DbOrTx,
  ctx: ReconciliationContext,
  bank: ReconciledBank,
  periodStart?: string,
): Promise<ReconciliationPeriodProposal> {
  const years = await buildingYears(db, ctx.buildingId);
  let start = periodStart;
  if (start === undefined) {
    const earliest = await earliestUnticked(db, ctx.buildingId, bank);
    const year = fiscalYearHolding(earliest ?? ctx.today, years);
    if (year === null) throw new AppError('notFound');
    start = firstPeriodStart({ earliestUnticked: earliest, fiscalYearStart: year });
  }
  const year = fiscalYearHolding(start, years);
  if (year === null) throw new AppError('notFound');
  const startingBalance: Cents = await balanceBefore(db, ctx.buildingId, bank, start, year);
  return { periodStart: start, periodEnd: proposedPeriodEnd(start), startingBalance, startEditable: true };
}

/** A bank's reconciliation page: its periods, latest first, and the next one proposed. */
export async function bankReconciliation(
  db: DbOrTx,
  ctx: ReconciliationContext,
  bankUuid: string,
): Promise<BankReconciliation> {
  const bank = await bankOrNotFound(db, ctx.buildingId, bankUuid);
  const periods = await periodsOf(db, ctx.buildingId, bankUuid);
  const views = await viewsOf(
    db,
    ctx,
    bank,
    periods.map((period, index) => ({ period, isLatest: index === periods.length - 1 })),
  );
  const latest = periods.at(-1);
  const latestView = views.at(-1);
  return {
    bank: { uuid: bank.uuid, name: bank.name, aid: bank.aid },
    periods: [...views].reverse(),
    next:
      latest && latestView
        ? nextPeriodProposal({
            ...latest,
            clearedCredits: latestView.clearedCredits,
            clearedDebits: latestView.clearedDebits,
          })
        : await firstPeriodProposal(db, ctx, bank),
  };
}
