/**
 * The issue 14 targets table as `npm run bench` ends with it: one row per target, each measured
 * in the same run, or "not measured" with why.
 */
export interface TargetRow {
  what: string;
  measured: string;
  target: string;
  /** Null when not measured. */
  met: boolean | null;
}

/** A part of the bench: its figures and the database it ran on, or why it was not measured. */
export type Part<T> = { figures: T; database: string } | { notMeasured: string };

/** Runs one part of the bench; a failure becomes "not measured" (with its message) and the bench goes on. */
export async function part<T>(name: string, database: string, run: () => Promise<T>): Promise<Part<T>> {
  try {
    return { figures: await run(), database };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`\n${name} failed:`, error);
    return { notMeasured: `${name} failed: ${message.split('\n')[0] ?? ''}` };
  }
}

export const notMeasured = (what: string, target: string, why: string): TargetRow => ({
  what,
  measured: `not measured: ${why}`,
  target,
  met: null,
});

/**
 * A row from a part: `measure` gives the measured text and whether the target is met; a part
 * not measured says why.
 */
export function rowOf<T>(
  what: string,
  target: string,
  run: Part<T>,
  measure: (figures: T) => { measured: string; met: boolean },
): TargetRow {
  if ('notMeasured' in run) return notMeasured(what, target, run.notMeasured);
  const { measured, met } = measure(run.figures);
  return { what, target, measured: `${measured} (${run.database})`, met };
}

export const ms = (value: number): string =>
  value >= 10_000 ? `${(value / 1000).toFixed(1)} s` : `${value.toFixed(0)} ms`;

/** The rows as a Markdown table, ready for the note. */
export function tableLines(rows: readonly TargetRow[]): string[] {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  const met = (value: boolean | null) => (value === null ? '—' : value ? 'yes' : 'NO');
  return [
    '| what | measured | target | met? |',
    '|---|---|---|---|',
    ...rows.map((r) => `| ${cell(r.what)} | ${cell(r.measured)} | ${cell(r.target)} | ${met(r.met)} |`),
  ];
}
