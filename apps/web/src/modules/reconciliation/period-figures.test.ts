import { describe, expect, it } from 'vitest';
import { cents, formatMoney, hasKey, translate, type Cents } from '@copro/domain';
import { formatDay } from '../../ui/ledger-format';
import {
  changeKinds,
  changeMessage,
  differenceColor,
  periodActions,
  periodFigures,
  periodStatus,
  statusColor,
  type PeriodStatus,
} from './period-figures';
import { period } from './test-fixtures';

const formats = (language: 'en' | 'fr') => ({
  money: (amount: Cents) => formatMoney(amount, 'CAD', language),
  day: (date: string) => formatDay(date, language),
});
const said = (language: 'en' | 'fr', change: Parameters<typeof changeMessage>[0]) => {
  const message = changeMessage(change, formats(language));
  return translate(language, message.key, message.params);
};
const transaction = {
  transactionUuid: '00000000-0000-4000-8000-000000000003',
  date: '2026-01-15',
  description: 'Check #123 · Hydro-Québec',
  amount: cents(-25_000),
};

describe('periodStatus', () => {
  it('is reconciled, open, or reopened with or without changes found', () => {
    expect(periodStatus(period({ isReconciled: true }))).toBe('reconciled');
    expect(periodStatus(period())).toBe('open');
    expect(periodStatus(period({ changes: [] }))).toBe('reopened');
    expect(periodStatus(period({ changes: [{ kind: 'uncleared', ...transaction }] }))).toBe(
      'reopenedWithChanges',
    );
  });
});

describe('periodFigures and differenceColor', () => {
  it('lists starting + credits − debits − closing = difference, in that order', () => {
    expect(periodFigures(period()).map((f) => [f.key, f.amount])).toEqual([
      ['starting', 100_000],
      ['credits', 50_000],
      ['debits', 30_000],
      ['closing', 120_000],
      ['difference', 0],
    ]);
    expect(periodFigures(period({ closingBalance: null, difference: null })).at(-1)?.amount).toBeNull();
  });

  it('is green at zero, red otherwise, grey with no closing balance', () => {
    expect(differenceColor(cents(0))).toBe('green');
    expect(differenceColor(cents(1))).toBe('red');
    expect(differenceColor(cents(-1))).toBe('red');
    expect(differenceColor(null)).toBe('gray');
  });
});

describe('periodActions', () => {
  const writer = { canWrite: true, previousReconciled: true };

  it('offers nothing to a reader', () => {
    const actions = periodActions(period(), { canWrite: false, previousReconciled: true });
    expect(actions).toEqual({
      reconcile: { shown: false },
      reopen: false,
      delete: false,
      edit: false,
      tick: false,
      statement: false,
    });
  });

  it('reconciles an open period at zero once the previous one is reconciled, and says why not otherwise', () => {
    expect(periodActions(period(), writer).reconcile).toEqual({
      shown: true,
      enabled: true,
      reasonKey: null,
    });
    expect(periodActions(period({ difference: cents(500) }), writer).reconcile).toEqual({
      shown: true,
      enabled: false,
      reasonKey: 'reconciliationPages.period.differenceNotZero',
    });
    expect(periodActions(period({ closingBalance: null, difference: null }), writer).reconcile).toMatchObject(
      {
        enabled: false,
        reasonKey: 'reconciliationPages.period.closingMissing',
      },
    );
    expect(periodActions(period(), { ...writer, previousReconciled: false }).reconcile).toMatchObject({
      enabled: false,
      reasonKey: 'reconciliation.errors.previousNotReconciled',
    });
  });

  it('reopens a reconciled period, which is neither ticked nor edited meanwhile', () => {
    const actions = periodActions(period({ isReconciled: true, deletable: false }), writer);
    expect(actions).toMatchObject({ reopen: true, edit: false, tick: false, delete: false, statement: true });
    expect(actions.reconcile).toEqual({ shown: false });
  });

  it('deletes only what the server says is the latest', () => {
    expect(periodActions(period({ deletable: true }), writer).delete).toBe(true);
    expect(periodActions(period({ deletable: false }), writer).delete).toBe(false);
  });

  it('says every reason in both languages', () => {
    for (const key of [
      'reconciliationPages.period.differenceNotZero',
      'reconciliationPages.period.closingMissing',
      'reconciliation.errors.previousNotReconciled',
    ]) {
      expect(hasKey('en', key)).toBe(true);
      expect(hasKey('fr', key)).toBe(true);
    }
  });
});

describe('changeMessage', () => {
  it('says a balance change from what to what', () => {
    const change = { kind: 'startingBalance', before: cents(100_000), after: cents(105_050) } as const;
    expect(said('en', change)).toBe('Starting balance changed from $1,000.00 to $1,050.50.');
    expect(said('fr', change)).toMatch(/^Le solde d’ouverture est passé de 1\s000,00\s\$ à 1\s050,50\s\$\.$/);
    expect(said('en', { kind: 'difference', before: cents(0), after: cents(-1_200) })).toBe(
      'The difference went from $0.00 to -$12.00.',
    );
  });

  it('names the transaction that is no longer ticked, was cancelled or moved', () => {
    expect(said('en', { kind: 'uncleared', ...transaction })).toBe(
      'Check #123 · Hydro-Québec (Jan 15, 2026, -$250.00) is no longer ticked.',
    );
    expect(said('en', { kind: 'cancelled', ...transaction })).toMatch(/ was cancelled\.$/);
    expect(said('en', { kind: 'clearedElsewhere', ...transaction })).toMatch(
      / is now ticked in another period\.$/,
    );
    expect(said('fr', { kind: 'cleared', ...transaction })).toMatch(
      /^Check #123 · Hydro-Québec \(15 janv\. 2026, -?.*250,00.*\) est maintenant cochée dans cette période\.$/,
    );
  });

  it.each(changeKinds)('words the change %s in both languages', (kind) => {
    expect(hasKey('en', `reconciliationPages.changes.${kind}`)).toBe(true);
    expect(hasKey('fr', `reconciliationPages.changes.${kind}`)).toBe(true);
  });
});

// The pages build these keys at run time, out of the catalog test's sight.
const statuses = Object.keys(statusColor) as PeriodStatus[];
const builtKeys = [
  ...statuses.map((status) => `reconciliationPages.status.${status}`),
  ...['starting', 'credits', 'debits', 'closing', 'difference'].map(
    (f) => `reconciliationPages.figures.${f}`,
  ),
];

describe('the keys the period page builds', () => {
  it.each(builtKeys)('%s is in English and in French', (key) => {
    expect(hasKey('en', key)).toBe(true);
    expect(hasKey('fr', key)).toBe(true);
  });
});
