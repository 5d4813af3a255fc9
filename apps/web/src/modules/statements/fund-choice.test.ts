import { describe, expect, it } from 'vitest';
import { fundChoiceOf } from './fund-choice';

describe('fundChoiceOf', () => {
  it('starts a new bank or category in the operating fund', () => {
    expect(fundChoiceOf(undefined)).toBe('operating');
  });

  it('keeps the fund set on the record', () => {
    expect(fundChoiceOf({ fund: 'selfInsurance' })).toBe('selfInsurance');
    expect(fundChoiceOf({ fund: 'operating', systemKey: 'contingencyFund' })).toBe('operating');
  });

  it("else takes its default chart account's fund", () => {
    expect(fundChoiceOf({ systemKey: 'contingencyFund' })).toBe('contingency');
    expect(fundChoiceOf({ fund: null, systemKey: 'selfInsuranceFundContributions' })).toBe('selfInsurance');
    expect(fundChoiceOf({ systemKey: 'operatingBank' })).toBe('operating');
  });
});
