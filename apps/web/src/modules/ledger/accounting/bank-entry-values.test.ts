import { describe, expect, it } from 'vitest';
import {
  isBankEntryType,
  prepareBankEntry,
  toBankEntryIssue,
  type BankEntryValues,
} from './bank-entry-values';

const fee: BankEntryValues = {
  bank: '27',
  type: 'fee',
  date: '2026-11-20',
  amount: '12,50',
  counterpart: '25',
  description: 'Frais mensuels',
};

const keysOf = (values: BankEntryValues) =>
  prepareBankEntry(values).issues.map((issue) => `${issue.path.join('.')} ${issue.key}`);

describe('prepareBankEntry', () => {
  it('posts a bank fee as the expense debited and the bank credited', () => {
    expect(prepareBankEntry(fee)).toEqual({
      issues: [],
      input: {
        date: '2026-11-20',
        description: 'Frais mensuels',
        kind: 'bankFee',
        taxes: [],
        indexes: [],
        subtransactions: [
          { aid: 27, amount: -1250 },
          { aid: 25, amount: 1250 },
        ],
      },
    });
  });

  it('names each missing field once', () => {
    expect(keysOf({ ...fee, bank: '', counterpart: '', amount: '', description: '' })).toEqual([
      'bank validation.required',
      'counterpart validation.required',
      'amount validation.required',
      'description validation.required',
    ]);
  });

  it('refuses a transfer to the bank the money leaves, and an unreadable amount', () => {
    expect(keysOf({ ...fee, type: 'transfer', counterpart: '27', amount: '1,234' })).toEqual([
      'counterpart accounting.bankEntries.sameAccount',
      'amount accounting.invalidAmount',
    ]);
  });
});

describe('toBankEntryIssue', () => {
  it('puts a server issue about a line on the bank or the counterpart field', () => {
    expect(toBankEntryIssue({ path: ['subtransactions', 0, 'aid'], key: 'k' }).path).toEqual(['bank']);
    expect(toBankEntryIssue({ path: ['subtransactions', 1, 'aid'], key: 'k' }).path).toEqual(['counterpart']);
    expect(toBankEntryIssue({ path: ['subtransactions'], key: 'k' }).path).toEqual(['amount']);
    expect(toBankEntryIssue({ path: ['date'], key: 'k' }).path).toEqual(['date']);
  });
});

describe('isBankEntryType', () => {
  it('knows the five entry types only', () => {
    expect(isBankEntryType('transfer')).toBe(true);
    expect(isBankEntryType('unitPayment')).toBe(false);
  });
});
