import { desc, eq } from 'drizzle-orm';
import type { ApprovalRules, FieldIssue } from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { approvalRule, fiscalYear, type LogSource } from '../../../db/schema/index';
import { changesBetween, writeLog } from '../../../platform/audit';
import { AppError } from '../../../platform/errors';
import { findRecords } from '../../registry';

/** A building without a row of rules has none: the count and methods alone decide. */
const noRules: ApprovalRules = { minimumAmount: null, suppliers: [] };

export async function approvalRules(db: DbOrTx, buildingId: string, lock = false): Promise<ApprovalRules> {
  const query = db.select().from(approvalRule).where(eq(approvalRule.buildingId, buildingId));
  const [row] = lock ? await query.for('update') : await query;
  return row ? { minimumAmount: row.minimumAmount, suppliers: row.suppliers } : noRules;
}

/**
 * Replaces the building's approval rules (DOMAIN 7), logged with what changed. Each supplier is
 * named once and must be one of the building's (in its latest year: suppliers keep their uuid
 * from year to year).
 */
export async function saveApprovalRules(
  tx: DbOrTx,
  buildingId: string,
  source: LogSource,
  input: ApprovalRules,
): Promise<ApprovalRules> {
  const before = await approvalRules(tx, buildingId, true);
  const [latest] = await tx
    .select({ startDate: fiscalYear.startDate })
    .from(fiscalYear)
    .where(eq(fiscalYear.buildingId, buildingId))
    .orderBy(desc(fiscalYear.startDate))
    .limit(1);
  const uuids = input.suppliers.map((s) => s.supplierUuid);
  const known = new Set(
    latest
      ? (await findRecords(tx, { buildingId, fiscalYear: latest.startDate }, 'suppliers', uuids)).map(
          (r) => r.uuid,
        )
      : [],
  );
  const issues: FieldIssue[] = [];
  const seen = new Set<string>();
  input.suppliers.forEach((s, i) => {
    const path = ['suppliers', i, 'supplierUuid'];
    if (seen.has(s.supplierUuid))
      issues.push({ path, key: 'payables.payments.validation.duplicateSupplierRule' });
    else if (!known.has(s.supplierUuid))
      issues.push({ path, key: 'payables.payments.validation.supplierMissing' });
    seen.add(s.supplierUuid);
  });
  if (issues.length > 0) throw new AppError('validation', issues);
  const after: ApprovalRules = { minimumAmount: input.minimumAmount, suppliers: input.suppliers };
  await tx
    .insert(approvalRule)
    .values({ buildingId, ...after, updatedAt: new Date() })
    .onConflictDoUpdate({ target: approvalRule.buildingId, set: { ...after, updatedAt: new Date() } });
  const changes = changesBetween(before, after);
  if (changes.length > 0) {
    await writeLog(tx, {
      buildingId,
      event: 'approvalRulesEdited',
      source,
      message: 'Approval rules edited',
      changes,
    });
  }
  return after;
}
