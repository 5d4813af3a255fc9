import {
  approvalRulesSchema,
  formatCents,
  parseCents,
  type ApprovalRules,
  type FieldIssue,
  type Language,
} from '@copro/domain';
import { chosenAt, prepareWith, type Prepared } from '../../../ui/prepare';

export type SupplierRule = ApprovalRules['suppliers'][number]['rule'];

/** The approval rules as typed: the minimum in dollars ('' for none), a row per supplier. */
export interface ApprovalRulesValues {
  minimumAmount: string;
  suppliers: { supplierUuid: string; rule: SupplierRule }[];
}

export const approvalRulesValues = (rules: ApprovalRules, language: Language): ApprovalRulesValues => ({
  minimumAmount: rules.minimumAmount === null ? '' : formatCents(rules.minimumAmount, language),
  suppliers: rules.suppliers.map((row) => ({ ...row })),
});

/** A blank minimum means every amount: the form leaves it out, so the body says null. */
const rulesBodySchema = approvalRulesSchema.extend({
  minimumAmount: approvalRulesSchema.shape.minimumAmount.default(null),
});

/** The body of PUT …/approval-rules, or what to correct. */
export function prepareApprovalRules(values: ApprovalRulesValues): Prepared<ApprovalRules> {
  const issues: FieldIssue[] = [];
  let minimumAmount: number | undefined;
  if (values.minimumAmount.trim() !== '') {
    const parsed = parseCents(values.minimumAmount);
    if (parsed === null) issues.push({ path: ['minimumAmount'], key: 'accounting.invalidAmount' });
    else if (parsed < 0) issues.push({ path: ['minimumAmount'], key: 'validation.mustBePositive' });
    else minimumAmount = parsed;
  }
  const seen = new Set<string>();
  values.suppliers.forEach((row, i) => {
    chosenAt(row.supplierUuid, ['suppliers', i, 'supplierUuid'], issues);
    if (row.supplierUuid !== '' && seen.has(row.supplierUuid))
      issues.push({ path: ['suppliers', i, 'supplierUuid'], key: 'paymentPages.rules.duplicateSupplier' });
    seen.add(row.supplierUuid);
  });
  return prepareWith(rulesBodySchema, { minimumAmount, suppliers: values.suppliers }, issues);
}
