import { describe, expect, it } from 'vitest';
import { balanceStanding, debitCredit, ledgerRows } from './ledger-rows';
import { cents, type AccountLine, type TransactionView } from '@copro/domain';

const transactionOf = (uuid: string, status: TransactionView['status']): TransactionView => ({
  uuid,
  fiscalYear: '2026-01-01',
  date: '2026-03-01',
  description: `Entry ${uuid}`,
  kind: 'accountantWriting',
  status,
  paymentMethod: null,
  check: null,
  deposit: null,
  batch: null,
  attachments: [],
  comments: [],
  cancelled: null,
  taxes: [],
  imported: false,
  indexes: [],
  details: {},
  createdBy: { kind: 'system', id: 'backend' },
  createdAt: '2026-03-01T12:00:00.000Z',
  subtransactions: [],
});

describe('debitCredit', () => {
  it('puts positive amounts in the debit column and negative ones, unsigned, in the credit column', () => {
    expect(debitCredit(25_000)).toEqual({ debit: 25_000, credit: null });
    expect(debitCredit(-1_250)).toEqual({ debit: null, credit: 1_250 });
  });

  it('leaves both columns empty for a zero line', () => {
    expect(debitCredit(0)).toEqual({ debit: null, credit: null });
  });
});

describe('ledgerRows', () => {
  it('turns each line into a row with its columns, balance and status', () => {
    const lines: AccountLine[] = [
      { transaction: transactionOf('a', 'normal'), amount: cents(25_000), balance: cents(25_000) },
      { transaction: transactionOf('b', 'cancelled'), amount: cents(-10_000), balance: cents(25_000) },
      { transaction: transactionOf('c', 'pending'), amount: cents(-5_000), balance: cents(20_000) },
    ];
    expect(ledgerRows(lines)).toEqual([
      {
        uuid: 'a',
        date: '2026-03-01',
        description: 'Entry a',
        kind: 'accountantWriting',
        debit: 25_000,
        credit: null,
        balance: 25_000,
        status: 'normal',
        cancelled: false,
      },
      expect.objectContaining({ uuid: 'b', debit: null, credit: 10_000, balance: 25_000, cancelled: true }),
      expect.objectContaining({ uuid: 'c', credit: 5_000, status: 'pending', cancelled: false }),
    ]);
  });
});

describe('balanceStanding', () => {
  it('reads a unit balance as what the unit owes', () => {
    expect(balanceStanding('units', 1)).toBe('unitOwes');
    expect(balanceStanding('units', -1)).toBe('unitInCredit');
    expect(balanceStanding('units', 0)).toBe('unitSettled');
  });

  it('reads a supplier credit balance as what the syndicate owes it', () => {
    expect(balanceStanding('suppliers', -1)).toBe('supplierOwed');
    expect(balanceStanding('suppliers', 1)).toBe('supplierOwes');
    expect(balanceStanding('suppliers', 0)).toBe('supplierSettled');
  });

  it('says nothing for banks and categories', () => {
    expect(balanceStanding('banks', 100)).toBeNull();
    expect(balanceStanding('categories', -100)).toBeNull();
  });
});
