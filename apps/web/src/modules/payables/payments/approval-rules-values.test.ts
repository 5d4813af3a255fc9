import { describe, expect, it } from 'vitest';
import { cents } from '@copro/domain';
import { approvalRulesValues, prepareApprovalRules } from './approval-rules-values';
import { supplierA, supplierB } from './test-fixtures';

describe('approval rules form', () => {
  it('shows the minimum in the reader’s decimals, blank when every amount needs approval', () => {
    expect(approvalRulesValues({ minimumAmount: cents(50000), suppliers: [] }, 'fr').minimumAmount).toBe(
      '500,00',
    );
    expect(approvalRulesValues({ minimumAmount: null, suppliers: [] }, 'en').minimumAmount).toBe('');
  });

  it('sends a blank minimum as null and a typed one in cents', () => {
    expect(prepareApprovalRules({ minimumAmount: ' ', suppliers: [] }).input).toEqual({
      minimumAmount: null,
      suppliers: [],
    });
    expect(
      prepareApprovalRules({
        minimumAmount: '1 000,50',
        suppliers: [{ supplierUuid: supplierA, rule: 'never' }],
      }).input,
    ).toEqual({ minimumAmount: 100050, suppliers: [{ supplierUuid: supplierA, rule: 'never' }] });
    expect(prepareApprovalRules({ minimumAmount: '0', suppliers: [] }).input?.minimumAmount).toBe(0);
  });

  it('refuses an unreadable or negative minimum, an unchosen or repeated supplier', () => {
    const issues = (minimumAmount: string, suppliers: { supplierUuid: string; rule: 'always' | 'never' }[]) =>
      prepareApprovalRules({ minimumAmount, suppliers }).issues.map((i) => `${i.path.join('.')} ${i.key}`);
    expect(issues('abc', [])).toEqual(['minimumAmount accounting.invalidAmount']);
    expect(issues('-5', [])).toEqual(['minimumAmount validation.mustBePositive']);
    expect(
      issues('', [
        { supplierUuid: supplierA, rule: 'always' },
        { supplierUuid: '', rule: 'always' },
        { supplierUuid: supplierB, rule: 'never' },
        { supplierUuid: supplierA, rule: 'never' },
      ]),
    ).toEqual([
      'suppliers.1.supplierUuid validation.required',
      'suppliers.3.supplierUuid paymentPages.rules.duplicateSupplier',
    ]);
  });
});
