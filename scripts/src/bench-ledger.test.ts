import { describe, expect, it } from 'vitest';
import { cents, type TrialBalanceLine } from '@copro/domain';
import { ledgerBalances, sameBalances } from './bench-ledger';

/** ledger 3.3's `balance` over three transactions of an exported journal, as printed. */
const report = [
  '     -1233317.89 CAD  Assets',
  '     -1233567.89 CAD    Banks:Operating #27',
  '          250.00 CAD    Receivables:Units:101 #30',
  '      1234567.89 CAD  Expenses:Electricity #15',
  '        -1250.00 CAD  Revenues:Condo fees #9',
  '--------------------',
  '                   0',
].join('\n');

const line = (aid: number, balance: number): TrialBalanceLine => ({
  aid,
  debits: cents(Math.max(balance, 0)),
  credits: cents(Math.max(-balance, 0)),
  balance: cents(balance),
  account: null,
});

describe('the bench’s reading of ledger’s balance report', () => {
  it('reads each app account’s balance in cents by the number ending its name, parents left out', () => {
    expect([...ledgerBalances(report)]).toEqual([
      [27, -123_356_789],
      [30, 25_000],
      [15, 123_456_789],
      [9, -125_000],
    ]);
  });

  it('finds a trial balance equal to the report, and one that differs by a cent or an account', () => {
    const read = ledgerBalances(report);
    const ours = [
      line(27, -123_356_789),
      line(30, 25_000),
      line(15, 123_456_789),
      line(9, -125_000),
      line(8, 0),
    ];
    expect(sameBalances(ours, read)).toBe(true);
    expect(sameBalances([...ours.slice(0, 3), line(9, -124_999)], read)).toBe(false);
    expect(sameBalances(ours.slice(0, 3), read)).toBe(false);
  });
});
