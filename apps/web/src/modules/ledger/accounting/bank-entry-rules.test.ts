import { describe, expect, it } from 'vitest';
import { cents, subtransactionsProblem } from '@copro/domain';
import { bankEntryLines, bankEntryRules, bankEntryTypes, defaultCounterpart } from './bank-entry-rules';

const bank = 27;
const other = 13;

describe('bankEntryLines', () => {
  it('debits the bank for interest received and credits the counterpart', () => {
    expect(bankEntryLines('interestReceived', bank, other, cents(1234))).toEqual([
      { aid: bank, amount: 1234 },
      { aid: other, amount: -1234 },
    ]);
  });

  it.each(['interestPaid', 'capitalPaid', 'transfer', 'fee'] as const)(
    'credits the bank and debits the counterpart for %s',
    (type) => {
      expect(bankEntryLines(type, bank, other, cents(500))).toEqual([
        { aid: bank, amount: -500 },
        { aid: other, amount: 500 },
      ]);
    },
  );

  it('always gives two balanced lines, never all zero', () => {
    for (const type of bankEntryTypes)
      expect(subtransactionsProblem(bankEntryLines(type, bank, other, cents(1)))).toBeNull();
  });
});

describe('bankEntryRules', () => {
  it('posts each type under its own transaction kind', () => {
    expect(bankEntryTypes.map((type) => bankEntryRules[type].kind)).toEqual([
      'bankInterestReceived',
      'bankInterestPaid',
      'bankCapitalPaid',
      'bankTransfer',
      'bankFee',
    ]);
  });

  it('transfers only between bank accounts', () => {
    expect(bankEntryRules.transfer.counterpartKinds).toEqual(['bank']);
  });
});

describe('defaultCounterpart', () => {
  const hints = {
    systemAids: new Map([
      ['interestIncome', 13],
      ['bankFees', 25],
    ]),
    bankSupplierAid: 60,
  };

  it('starts interest received on interest income and fees on bank fees', () => {
    expect(defaultCounterpart('interestReceived', hints)).toBe(13);
    expect(defaultCounterpart('fee', hints)).toBe(25);
  });

  it('starts capital paid on the bank’s own supplier account', () => {
    expect(defaultCounterpart('capitalPaid', hints)).toBe(60);
    expect(defaultCounterpart('capitalPaid', { systemAids: new Map() })).toBeUndefined();
  });

  it('lets the user pick for interest paid and transfers', () => {
    expect(defaultCounterpart('interestPaid', hints)).toBeUndefined();
    expect(defaultCounterpart('transfer', hints)).toBeUndefined();
  });

  it('lets the user pick when the chart lost its standard category', () => {
    expect(defaultCounterpart('fee', { systemAids: new Map() })).toBeUndefined();
  });
});
