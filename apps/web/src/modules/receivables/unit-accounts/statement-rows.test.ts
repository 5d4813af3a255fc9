import { describe, expect, it } from 'vitest';
import { cents, type StatementView } from '@copro/domain';
import { statementRows } from './statement-rows';

const view: StatementView = {
  unitUuid: 'u',
  unitNumber: '201',
  aid: 1201,
  ownerNames: ['Marie Tremblay'],
  from: '2026-01-01',
  to: '2026-03-31',
  openingBalance: cents(1000),
  lines: [
    {
      uuid: 't1',
      date: '2026-01-01',
      kind: 'unitMonthlyFee',
      description: '',
      invoiced: cents(30000),
      paid: cents(0),
      balance: cents(31000),
    },
    {
      uuid: 't2',
      date: '2026-01-05',
      kind: 'unitPayment',
      description: 'Check 12',
      invoiced: cents(0),
      paid: cents(31000),
      balance: cents(0),
    },
  ],
  totalInvoiced: cents(30000),
  totalPaid: cents(31000),
  closingBalance: cents(0),
};

describe('statement rows', () => {
  it('opens with the opening balance, closes with the totals and the closing balance', () => {
    const rows = statementRows(view, (kind) => `kind:${kind}`);
    expect(rows.map((row) => row.kind)).toEqual(['opening', 'line', 'line', 'closing']);
    expect(rows[0]).toMatchObject({ date: '2026-01-01', balance: 1000, invoiced: null, paid: null });
    expect(rows[3]).toMatchObject({ date: '2026-03-31', invoiced: 30000, paid: 31000, balance: 0 });
  });

  it('names a line without a description by its kind and leaves the other column blank', () => {
    const [, fee, payment] = statementRows(view, (kind) => `kind:${kind}`);
    expect(fee).toMatchObject({ description: 'kind:unitMonthlyFee', invoiced: 30000, paid: null });
    expect(payment).toMatchObject({ description: 'Check 12', invoiced: null, paid: 31000 });
    expect(new Set(statementRows(view, String).map((row) => row.key)).size).toBe(4);
  });
});
