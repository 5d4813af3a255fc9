import { describe, expect, it } from 'vitest';
import type { BankView } from '@copro/domain';
import { defaultBankUuid, newPaymentValues, paymentNeedsBank, preparePayment } from './payment-values';

const unit = '11111111-1111-4111-8111-111111111111';
const bankA = '22222222-2222-4222-8222-222222222222';
const bankB = '33333333-3333-4333-8333-333333333333';

const bank = (uuid: string, name: string, aid: number, archived = false) =>
  ({ uuid, name, aid, archived }) as BankView;

describe('payment form', () => {
  it('asks a bank of every method but check', () => {
    expect(paymentNeedsBank('check')).toBe(false);
    expect(paymentNeedsBank('cash')).toBe(true);
    expect(paymentNeedsBank('pre-authorized-debit')).toBe(true);
  });

  it('starts with the building default bank when it is in use, else the first by name', () => {
    const banks = [bank(bankB, 'Zeta', 1010), bank(bankA, 'Alpha', 1020)];
    expect(defaultBankUuid(banks, '1010')).toBe(bankB);
    expect(defaultBankUuid(banks, null)).toBe(bankA);
    expect(defaultBankUuid([bank(bankB, 'Zeta', 1010, true), bank(bankA, 'Alpha', 1020)], '1010')).toBe(
      bankA,
    );
    expect(defaultBankUuid([], '1010')).toBe('');
  });

  it('sends a bank and no check number for a cash payment', () => {
    const values = { ...newPaymentValues('2026-03-02', 'cash', bankA), amount: '125,50', checkNumber: '77' };
    expect(preparePayment(unit, values)).toEqual({
      input: { unitUuid: unit, date: '2026-03-02', amount: 12550, paymentMethod: 'cash', bankUuid: bankA },
      issues: [],
    });
  });

  it('sends a check number and no bank for a check, and wants the number', () => {
    const values = { ...newPaymentValues('2026-03-02', 'check', bankA), amount: '300' };
    expect(preparePayment(unit, values).issues).toEqual([
      { path: ['checkNumber'], key: 'validation.required' },
    ]);
    const ready = preparePayment(unit, { ...values, checkNumber: '1042' });
    expect(ready.input).toEqual({
      unitUuid: unit,
      date: '2026-03-02',
      amount: 30000,
      paymentMethod: 'check',
      checkNumber: '1042',
    });
  });

  it('says what is wrong with the amount and the missing bank', () => {
    const values = { ...newPaymentValues('2026-03-02', 'wire-transfer', ''), amount: 'abc' };
    const { input, issues } = preparePayment(unit, values);
    expect(input).toBeNull();
    expect(issues.map((issue) => issue.path.join('.'))).toEqual(['amount', 'bankUuid']);
    expect(issues[0]?.key).toBe('accounting.invalidAmount');
    expect(preparePayment(unit, { ...values, amount: '0' }).issues[0]?.key).toBe('validation.mustBePositive');
    expect(preparePayment(unit, { ...values, amount: '' }).issues[0]?.key).toBe('validation.required');
  });
});
