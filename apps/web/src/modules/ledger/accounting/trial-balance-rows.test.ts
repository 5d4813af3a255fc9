import { describe, expect, it } from 'vitest';
import { cents, type TrialBalanceLine } from '@copro/domain';
import { totalsOf, trialBalanceSections } from './trial-balance-rows';

const line = (
  aid: number,
  debits: number,
  credits: number,
  account: TrialBalanceLine['account'],
): TrialBalanceLine => ({
  aid,
  debits: cents(debits),
  credits: cents(credits),
  balance: cents(debits - credits),
  account,
});

const fees = line(25, 1250, 0, {
  aid: 25,
  recordUuid: '00000000-0000-4000-8000-000000000001',
  kind: 'category',
  collection: 'categories',
  name: 'Frais bancaires',
  parent: 'expenses',
});
const bank = line(27, 5000, 1250, {
  aid: 27,
  recordUuid: '00000000-0000-4000-8000-000000000002',
  kind: 'bank',
  collection: 'banks',
  name: 'Compte d’exploitation',
  parent: null,
});
const unit10 = line(41, 0, 2000, {
  aid: 41,
  recordUuid: '00000000-0000-4000-8000-000000000003',
  kind: 'unit',
  collection: 'units',
  name: '10',
  parent: null,
});
const unit9 = line(40, 0, 3000, {
  aid: 40,
  recordUuid: '00000000-0000-4000-8000-000000000004',
  kind: 'unit',
  collection: 'units',
  name: '9',
  parent: null,
});
const gone = line(99, 0, 0, null);
const lines = [fees, unit10, bank, unit9, gone];

describe('trialBalanceSections', () => {
  it('groups by type in balance-sheet order, units by number, each group with its totals', () => {
    const sections = trialBalanceSections(lines, 'type');
    expect(sections.map((s) => s.group)).toEqual(['banks', 'units', 'expenses']);
    expect(sections[1]?.lines.map((l) => l.aid)).toEqual([40, 41]);
    expect(sections[1]?.totals).toEqual({ debits: 0, credits: 5000, balance: -5000 });
  });

  it('lists by account number in one run', () => {
    const sections = trialBalanceSections(lines, 'number');
    expect(sections).toHaveLength(1);
    expect(sections[0]?.group).toBeNull();
    expect(sections[0]?.lines.map((l) => l.aid)).toEqual([25, 27, 40, 41]);
  });

  it('leaves out an account without movement, and gives nothing for an empty year', () => {
    expect(trialBalanceSections([gone], 'type')).toEqual([]);
  });

  it('puts an account the registry no longer names under other', () => {
    expect(trialBalanceSections([line(99, 100, 0, null)], 'type')[0]?.group).toBe('other');
  });
});

describe('totalsOf', () => {
  it('finds debits equal to credits for a balanced ledger', () => {
    const totals = totalsOf([fees, bank, unit9, unit10]);
    expect(totals.debits).toBe(6250);
    expect(totals.credits).toBe(6250);
    expect(totals.balance).toBe(0);
  });
});
