import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { checkDateIssue, checkNumberKey, type FieldIssue } from '@copro/domain';
import type { DbOrTx } from '../../db/client';
import { deposit, recordedCheck } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import type { YearScope } from '../../platform/fiscal-year-scope';
import { yearEndOf } from './unit-accounts/report-common';

type Path = (string | number)[];

/** A check about to be stored, with where its fields are in the form. */
export interface CheckToSave {
  unitUuid: string;
  number: string;
  date: string;
  paths: { number: Path; date: Path };
}

const numberTakenKey = 'receivables.validation.checkNumberTaken';

/**
 * Held until the write commits: two writers of the year's checks take turns, so two requests
 * cannot both store the same number. Taken before any check row is locked, by every check write.
 */
export async function lockChecks(tx: DbOrTx, scope: YearScope): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`checks:${scope.buildingId}:${scope.fiscalYear}`}))`,
  );
}

/**
 * What is wrong with checks about to be stored: a date a deposit of the year cannot take
 * (`checkDateIssue`), a number repeated in the list, or the number of another check of the same
 * unit and bank. A check's bank is its deposit's: `bankUuid` is the deposit's when the checks
 * come with one, and a check not yet deposited could go to any bank, so it clashes with all.
 * A returned check does not count: the same check may be deposited again. `except` is the check
 * being corrected.
 */
export async function checkProblems(
  tx: DbOrTx,
  scope: YearScope,
  checks: readonly CheckToSave[],
  options: { bankUuid: string | null; except?: string },
): Promise<FieldIssue[]> {
  if (checks.length === 0) return [];
  const issues: FieldIssue[] = [];
  const year = { startDate: scope.fiscalYear, endDate: await yearEndOf(tx, scope) };
  const existing = await tx
    .select({ unitUuid: recordedCheck.unitUuid, number: recordedCheck.number, bankUuid: deposit.bankUuid })
    .from(recordedCheck)
    .leftJoin(
      deposit,
      and(eq(deposit.buildingId, recordedCheck.buildingId), eq(deposit.uuid, recordedCheck.depositUuid)),
    )
    .where(
      and(
        eq(recordedCheck.buildingId, scope.buildingId),
        eq(recordedCheck.fiscalYear, scope.fiscalYear),
        inArray(recordedCheck.unitUuid, [...new Set(checks.map((c) => c.unitUuid))]),
        ne(recordedCheck.status, 'returned'),
        options.except ? ne(recordedCheck.uuid, options.except) : undefined,
      ),
    );
  const clashes = (bankUuid: string | null) =>
    bankUuid === null || options.bankUuid === null || bankUuid === options.bankUuid;
  const taken = new Set(
    existing.filter((c) => clashes(c.bankUuid)).map((c) => `${c.unitUuid}:${checkNumberKey(c.number)}`),
  );
  const seen = new Set<string>();
  for (const check of checks) {
    const dateIssue = checkDateIssue(check.date, year);
    if (dateIssue) issues.push({ path: check.paths.date, ...dateIssue });
    const key = `${check.unitUuid}:${checkNumberKey(check.number)}`;
    if (taken.has(key))
      issues.push({ path: check.paths.number, key: numberTakenKey, params: { number: check.number } });
    else if (seen.has(key))
      issues.push({ path: check.paths.number, key: 'receivables.validation.checkNumberRepeated' });
    seen.add(key);
  }
  return issues;
}

/** Stops the write when a check is wrong: a number already taken answers its own code. */
export function refuseCheckProblems(issues: readonly FieldIssue[]): void {
  if (issues.length === 0) return;
  const onlyTaken = issues.every((issue) => issue.key === numberTakenKey);
  throw new AppError(onlyTaken ? 'checkNumberTaken' : 'validation', [...issues]);
}
