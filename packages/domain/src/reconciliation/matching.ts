import type { Cents } from '../money';
import type { statementMatchReasons } from '../schemas/reconciliation';

/**
 * Matching a bank statement's lines to the transactions Copro holds for the bank (DOMAIN 9,
 * statement import). The matches are only proposed: the user confirms them.
 *
 * A line and a candidate transaction may match only when:
 * - their amounts are equal, sign included (positive money in on both sides);
 * - when both carry a check number, the numbers are equal (leading zeros and spaces do not count);
 *   two different numbers never match, whatever else agrees;
 * - the line's date is in the candidate's window: a check Copro wrote (money out with a check
 *   number) clears from its date to 60 days after it, never before; any other movement (a deposit,
 *   a withdrawal, a transfer) within 5 days of its date either way.
 *
 * Reason: `checkNumber` when both numbers are there (and equal), else `amountAndDate`.
 *
 * One to one, deterministic: of every possible pair, those matched by check number go first, then
 * the closest dates; ties go to the earlier line date, the smaller line id, the earlier candidate
 * date, the smaller candidate uuid. Pairs are taken in that order, skipping a line or a candidate
 * already taken. So no line and no candidate is used twice, the result does not depend on the
 * order lines and candidates are given in, and a line left unmatched has no candidate left that it
 * could have matched.
 */

export type StatementMatchReason = (typeof statementMatchReasons)[number];

export interface MatchableLine {
  /** Stable per line: ties are broken on it. */
  id: number;
  date: string;
  /** Positive money in, negative money out. */
  amount: Cents;
  checkNumber: string | null;
}

export interface MatchCandidate {
  uuid: string;
  date: string;
  /** What the transaction did to the bank: positive money in. */
  amount: Cents;
  checkNumber: string | null;
}

export interface StatementMatch {
  lineId: number;
  transactionUuid: string;
  reason: StatementMatchReason;
}

export const matchWindows = {
  /** A deposit or withdrawal shows on the statement within this many days of its date, either way. */
  movementDays: 5,
  /** A check written shows on the statement from its date to this many days after it. */
  checkClearingDays: 60,
} as const;

const dayMs = 86_400_000;
const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / dayMs;

/** A check number as compared: spaces and leading zeros do not count; empty is none. */
export function normalCheckNumber(checkNumber: string | null): string | null {
  if (checkNumber === null) return null;
  const compact = checkNumber.replace(/\s+/g, '');
  if (compact === '') return null;
  return compact.replace(/^0+(?=.)/, '');
}

/** Whether a statement line dated `lineDate` is in the candidate's window (see the header). */
export function inMatchWindow(
  lineDate: string,
  candidate: Pick<MatchCandidate, 'date' | 'amount' | 'checkNumber'>,
): boolean {
  const days = dayNumber(lineDate) - dayNumber(candidate.date);
  const writtenCheck = candidate.amount < 0 && normalCheckNumber(candidate.checkNumber) !== null;
  return writtenCheck
    ? days >= 0 && days <= matchWindows.checkClearingDays
    : Math.abs(days) <= matchWindows.movementDays;
}

/**
 * Why `line` may match `candidate`, or null when it may not. Without the window: a user who picks
 * another transaction for a line is only held to the amount and the check numbers.
 */
export function matchReason(
  line: Pick<MatchableLine, 'amount' | 'checkNumber'>,
  candidate: Pick<MatchCandidate, 'amount' | 'checkNumber'>,
): StatementMatchReason | null {
  if (line.amount !== candidate.amount) return null;
  const a = normalCheckNumber(line.checkNumber);
  const b = normalCheckNumber(candidate.checkNumber);
  if (a !== null && b !== null) return a === b ? 'checkNumber' : null;
  return 'amountAndDate';
}

interface Pair {
  line: MatchableLine;
  candidate: MatchCandidate;
  reason: StatementMatchReason;
  distance: number;
}

const comparePairs = (x: Pair, y: Pair): number =>
  (x.reason === y.reason ? 0 : x.reason === 'checkNumber' ? -1 : 1) ||
  x.distance - y.distance ||
  (x.line.date < y.line.date ? -1 : x.line.date > y.line.date ? 1 : 0) ||
  x.line.id - y.line.id ||
  (x.candidate.date < y.candidate.date ? -1 : x.candidate.date > y.candidate.date ? 1 : 0) ||
  (x.candidate.uuid < y.candidate.uuid ? -1 : x.candidate.uuid > y.candidate.uuid ? 1 : 0);

/** The proposed matches (see the header), in the order of the lines' ids. */
export function matchStatementLines(
  lines: readonly MatchableLine[],
  candidates: readonly MatchCandidate[],
): StatementMatch[] {
  // Per amount, by date: a line looks only at the days its window can reach.
  const byAmount = new Map<number, { day: number; candidate: MatchCandidate }[]>();
  for (const candidate of candidates) {
    const entry = { day: dayNumber(candidate.date), candidate };
    const same = byAmount.get(candidate.amount);
    if (same) same.push(entry);
    else byAmount.set(candidate.amount, [entry]);
  }
  for (const same of byAmount.values()) same.sort((a, b) => a.day - b.day);
  const reach = Math.max(matchWindows.checkClearingDays, matchWindows.movementDays);
  const pairs: Pair[] = [];
  for (const line of lines) {
    const same = byAmount.get(line.amount) ?? [];
    const lineDay = dayNumber(line.date);
    let low = 0;
    let high = same.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((same[middle]?.day ?? 0) < lineDay - reach) low = middle + 1;
      else high = middle;
    }
    for (let i = low; i < same.length; i += 1) {
      const entry = same[i];
      if (entry === undefined || entry.day > lineDay + reach) break;
      const reason = matchReason(line, entry.candidate);
      if (reason === null || !inMatchWindow(line.date, entry.candidate)) continue;
      pairs.push({ line, candidate: entry.candidate, reason, distance: Math.abs(lineDay - entry.day) });
    }
  }
  pairs.sort(comparePairs);
  const usedLines = new Set<number>();
  const usedCandidates = new Set<string>();
  const matches: StatementMatch[] = [];
  for (const { line, candidate, reason } of pairs) {
    if (usedLines.has(line.id) || usedCandidates.has(candidate.uuid)) continue;
    usedLines.add(line.id);
    usedCandidates.add(candidate.uuid);
    matches.push({ lineId: line.id, transactionUuid: candidate.uuid, reason });
  }
  return matches.sort((a, b) => a.lineId - b.lineId);
}
