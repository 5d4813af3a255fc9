import { describe, expect, it } from 'vitest';
import { lineTotals, transactionLineRows } from './transaction-lines';
import { cents, type LedgerAccount } from '@copro/domain';

const accounts: LedgerAccount[] = [
  { aid: 1201, kind: 'unit', recordUuid: 'unit-201', collection: 'units', name: '201', parent: null },
  {
    aid: 4100,
    kind: 'category',
    recordUuid: 'cat-fees',
    collection: 'categories',
    name: 'Condo fees',
    parent: 'revenues',
  },
  { aid: 1500, kind: 'unit', recordUuid: 'unit-old', collection: null, name: '', parent: null },
];
const lines = [
  { aid: 1201, amount: cents(25_000), check: null },
  { aid: 4100, amount: cents(-20_000), check: null },
  { aid: 1500, amount: cents(-5_000), check: '042' },
];

describe('transactionLineRows', () => {
  it('names each account from the ledger accounts, with the page of its record', () => {
    expect(transactionLineRows(lines, accounts, undefined)).toEqual([
      {
        key: 0,
        account: { kind: 'record', type: 'units', recordUuid: 'unit-201', name: '201' },
        debit: 25_000,
        credit: null,
        check: null,
      },
      {
        key: 1,
        account: { kind: 'record', type: 'categories', recordUuid: 'cat-fees', name: 'Condo fees' },
        debit: null,
        credit: 20_000,
        check: null,
      },
      { key: 2, account: { kind: 'other', aid: 1500, name: '' }, debit: null, credit: 5_000, check: '042' },
    ]);
  });

  it("links an owner's own units when the ledger accounts are not readable", () => {
    const rows = transactionLineRows(lines, undefined, [{ uuid: 'unit-201', aid: 1201, number: '201' }]);
    expect(rows.map((row) => row.account)).toEqual([
      { kind: 'record', type: 'units', recordUuid: 'unit-201', name: '201' },
      { kind: 'unknown', aid: 4100 },
      { kind: 'unknown', aid: 1500 },
    ]);
  });

  it('names the other accounts as the server names them for the reader', () => {
    const named = lines.map((line, i) => ({
      ...line,
      accountName: ['Unit 201', 'Condo fees', 'Unit 150'][i],
    }));
    const rows = transactionLineRows(named, undefined, [{ uuid: 'unit-201', aid: 1201, number: '201' }]);
    expect(rows.map((row) => row.account)).toEqual([
      { kind: 'record', type: 'units', recordUuid: 'unit-201', name: '201' },
      { kind: 'other', aid: 4100, name: 'Condo fees' },
      { kind: 'other', aid: 1500, name: 'Unit 150' },
    ]);
  });
});

describe('lineTotals', () => {
  it('adds the debit and the credit columns', () => {
    expect(lineTotals(transactionLineRows(lines, accounts, undefined))).toEqual({
      debits: 25_000,
      credits: 25_000,
    });
  });
});
