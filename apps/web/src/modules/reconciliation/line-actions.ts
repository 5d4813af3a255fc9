import type { BankStatementLine, ClearingInput, ReconciliationLine, lineEntryKinds } from '@copro/domain';

/**
 * What each line of a period's tick list, and of an imported statement, lets the user do. Pure,
 * so the rules are tested apart from the pages.
 */

/**
 * "Tick all shown": the shown lines not ticked yet, or, when every shown line is ticked, all of
 * them unticked. Null when there is nothing to tick or untick.
 */
export function tickAllShown(
  lines: readonly Pick<ReconciliationLine, 'transactionUuid' | 'cleared'>[],
): { action: 'tick' | 'untick'; body: ClearingInput } | null {
  if (lines.length === 0) return null;
  const unticked = lines.filter((line) => !line.cleared).map((line) => line.transactionUuid);
  if (unticked.length > 0) return { action: 'tick', body: { clear: unticked, unclear: [] } };
  return { action: 'untick', body: { clear: [], unclear: lines.map((line) => line.transactionUuid) } };
}

/** The body that ticks or unticks one transaction. */
export const clearingOf = (transactionUuid: string, cleared: boolean): ClearingInput =>
  cleared ? { clear: [transactionUuid], unclear: [] } : { clear: [], unclear: [transactionUuid] };

/** A line as the list shows it while its tick is on its way: the figures come back from the server. */
export function withTicks<L extends Pick<ReconciliationLine, 'transactionUuid' | 'cleared'>>(
  lines: readonly L[],
  body: ClearingInput,
): L[] {
  const clear = new Set(body.clear);
  const unclear = new Set(body.unclear);
  return lines.map((line) =>
    clear.has(line.transactionUuid)
      ? { ...line, cleared: true }
      : unclear.has(line.transactionUuid)
        ? { ...line, cleared: false }
        : line,
  );
}

export type LineEntryKind = (typeof lineEntryKinds)[number];

/** What an imported line offers a writer. */
export interface StatementLineActions {
  /** A match to confirm (ticked by default). */
  confirm: boolean;
  /** The bank entries that fit its sign: a fee or interest paid take money out, interest received brings it in. */
  entries: LineEntryKind[];
  ignore: boolean;
}

const none: StatementLineActions = { confirm: false, entries: [], ignore: false };

/**
 * A matched line is confirmed or set aside; an unmatched one becomes a bank entry of its sign, or is
 * set aside. A duplicate was already imported, and a confirmed, entered or ignored line is done.
 * A reader, or a reconciled period, offers nothing.
 */
export function statementLineActions(
  line: Pick<BankStatementLine, 'status' | 'amount'>,
  canWrite: boolean,
): StatementLineActions {
  if (!canWrite) return none;
  switch (line.status) {
    case 'matched':
      return { confirm: true, entries: [], ignore: true };
    case 'unmatched':
      return {
        confirm: false,
        entries:
          line.amount < 0 ? ['bankFee', 'bankInterestPaid'] : line.amount > 0 ? ['bankInterestReceived'] : [],
        ignore: true,
      };
    case 'duplicate':
    case 'confirmed':
    case 'entryCreated':
    case 'ignored':
      return none;
  }
}

/** The groups an import's lines are shown in, in this order. */
export type StatementLineGroup = 'matched' | 'unmatched' | 'done' | 'duplicate';

export const lineGroupOf = (line: Pick<BankStatementLine, 'status'>): StatementLineGroup =>
  line.status === 'matched' || line.status === 'unmatched' || line.status === 'duplicate'
    ? line.status
    : 'done';

/** The matches the user left checked, as the body of POST …/confirm; null when none is. */
export function confirmBody(
  lines: readonly BankStatementLine[],
  unchecked: ReadonlySet<number>,
): { lines: { lineId: number; transactionUuid: string }[] } | null {
  const chosen = lines.flatMap((line) =>
    line.status === 'matched' && line.match && !unchecked.has(line.id)
      ? [{ lineId: line.id, transactionUuid: line.match.transactionUuid }]
      : [],
  );
  return chosen.length > 0 ? { lines: chosen } : null;
}
