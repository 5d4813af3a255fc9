import {
  formatPercent,
  issuesOf,
  parsePercent,
  sharesAddUpToWhole,
  totalVoteShare,
  voteSharesEditSchema,
  type FieldIssue,
  type Language,
  type VoteSharesEdit,
} from '@copro/domain';
import { invalidPercentKey } from './prepare';
import { compareNumbers } from '../../../ui/compare';

/** The vote-share screen (SPEC 2): every active unit, parking and locker of the year in one table. */

export const shareKinds = ['units', 'parkings', 'lockers'] as const;
export type ShareKind = (typeof shareKinds)[number];

export interface ShareRow {
  kind: ShareKind;
  uuid: string;
  number: string;
  /** The share as saved, a fraction of 1. */
  saved: number;
}

interface ShareRecord {
  uuid: string;
  number: string;
  voteShare: number;
  archived: boolean;
}

/** Units first, then parkings, then lockers, each by number as people read them; archived left out. */
export function shareRows(records: Record<ShareKind, readonly ShareRecord[]>): ShareRow[] {
  return shareKinds.flatMap((kind) =>
    records[kind]
      .filter((record) => !record.archived)
      .map((record) => ({ kind, uuid: record.uuid, number: record.number, saved: record.voteShare }))
      .sort((a, b) => compareNumbers(a.number, b.number)),
  );
}

/** Texts typed by the user, by uuid; a row absent from it shows its saved share. */
export type ShareEdits = ReadonlyMap<string, string>;

export const shownText = (row: ShareRow, edits: ShareEdits, language: Language): string =>
  edits.get(row.uuid) ?? formatPercent(row.saved, language);

/** The share a row would be saved with: its typed text read as a percentage, or null if unreadable. */
export function shareOf(row: ShareRow, edits: ShareEdits): number | null {
  const text = edits.get(row.uuid);
  if (text === undefined) return row.saved;
  return parsePercent(text);
}

/** A row whose typed value differs from what is saved. */
export function isChanged(row: ShareRow, edits: ShareEdits): boolean {
  const share = shareOf(row, edits);
  return share === null || share !== row.saved;
}

export interface KindTotal {
  count: number;
  /** Exact sum of the readable shares, a fraction of 1. */
  total: number;
  /** Exactly 100 % (units must add up to the whole building). */
  whole: boolean;
  /** Rows whose text is not a percentage (left out of the total). */
  unreadable: number;
  changed: number;
}

export function kindTotals(rows: readonly ShareRow[], edits: ShareEdits): Record<ShareKind, KindTotal> {
  const totals = {} as Record<ShareKind, KindTotal>;
  for (const kind of shareKinds) {
    const ofKind = rows.filter((row) => row.kind === kind);
    const shares = ofKind.map((row) => shareOf(row, edits));
    const readable = shares.filter((share): share is number => share !== null);
    totals[kind] = {
      count: ofKind.length,
      total: totalVoteShare(readable),
      whole: sharesAddUpToWhole(readable),
      unreadable: shares.length - readable.length,
      changed: ofKind.filter((row) => isChanged(row, edits)).length,
    };
  }
  return totals;
}

export interface PreparedShares {
  body: VoteSharesEdit | null;
  /** Issues by row uuid. */
  issues: Map<string, FieldIssue>;
}

/**
 * The full lists the API takes (unchanged rows keep their share), checked with the shared schema.
 * The issues come back by row, from the paths `[kind, index, 'voteShare']`.
 */
export function prepareShares(rows: readonly ShareRow[], edits: ShareEdits): PreparedShares {
  const issues = new Map<string, FieldIssue>();
  const lists: Record<ShareKind, { uuid: string; voteShare: number }[]> = {
    units: [],
    parkings: [],
    lockers: [],
  };
  for (const row of rows) {
    const share = shareOf(row, edits);
    if (share === null) {
      issues.set(row.uuid, { path: [row.kind, lists[row.kind].length, 'voteShare'], key: invalidPercentKey });
    }
    lists[row.kind].push({ uuid: row.uuid, voteShare: share ?? row.saved });
  }
  const result = voteSharesEditSchema.safeParse(lists);
  if (!result.success) {
    for (const issue of issuesOf(result.error)) {
      const uuid = rowOfPath(rows, issue.path);
      if (uuid && !issues.has(uuid)) issues.set(uuid, issue);
    }
  }
  return { body: issues.size === 0 && result.success ? result.data : null, issues };
}

/** The row an issue of the API names by its path `[kind, index, …]` in the lists sent. */
export function rowOfPath(rows: readonly ShareRow[], path: readonly PropertyKey[]): string | undefined {
  const [kind, index] = path;
  if (typeof kind !== 'string' || typeof index !== 'number') return undefined;
  return rows.filter((row) => row.kind === kind)[index]?.uuid;
}
