import { describe, expect, it } from 'vitest';
import { newBankEntry, withBank, withType, type BankEntryContext } from './bank-entry-changes';
import type { AccountKind } from './ledger-accounts';

const kinds: Record<string, AccountKind> = {
  '13': 'category',
  '25': 'category',
  '18': 'category',
  '27': 'bank',
  '28': 'bank',
  '60': 'supplier',
};

const context: BankEntryContext = {
  hintsFor: (bank) => ({
    systemAids: new Map([
      ['interestIncome', 13],
      ['bankFees', 25],
    ]),
    bankSupplierAid: bank === '27' ? 60 : undefined,
  }),
  kindOf: (aid) => kinds[aid],
  labelOf: (type) => `label:${type}`,
};

const fee = newBankEntry('27', 'fee', '2026-11-20', context);

describe('newBankEntry', () => {
  it('starts on the standard category and names itself after its type', () => {
    expect(fee).toEqual({
      bank: '27',
      type: 'fee',
      date: '2026-11-20',
      amount: '',
      counterpart: '25',
      description: 'label:fee',
    });
  });
});

describe('withType', () => {
  it('moves a preset counterpart and description to the new type', () => {
    const interest = withType(fee, 'interestReceived', context);
    expect(interest.counterpart).toBe('13');
    expect(interest.description).toBe('label:interestReceived');
  });

  it('keeps what the user picked and wrote while it still fits', () => {
    const picked = { ...fee, counterpart: '18', description: 'Frais de novembre' };
    expect(withType(picked, 'interestPaid', context)).toMatchObject({
      counterpart: '18',
      description: 'Frais de novembre',
    });
  });

  it('drops a picked account the new type cannot use', () => {
    expect(withType({ ...fee, counterpart: '18' }, 'transfer', context).counterpart).toBe('');
  });

  it('starts capital paid on the bank’s own supplier account', () => {
    expect(withType(fee, 'capitalPaid', context).counterpart).toBe('60');
  });
});

describe('withBank', () => {
  it('follows the new bank’s supplier for capital paid', () => {
    const capital = withType(fee, 'capitalPaid', context);
    expect(withBank(capital, '28', context).counterpart).toBe('');
  });

  it('never transfers a bank to itself', () => {
    const transfer = { ...withType(fee, 'transfer', context), counterpart: '28' };
    expect(withBank(transfer, '28', context).counterpart).toBe('');
    expect(withBank(transfer, '27', context).counterpart).toBe('28');
  });
});
