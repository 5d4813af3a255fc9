import { describe, expect, it } from 'vitest';
import {
  bankReports,
  cents,
  hasKey,
  lineEntryKinds,
  statementFormats,
  statementLineStatuses,
  statementMatchReasons,
  type BankStatementLine,
  type BankView,
} from '@copro/domain';
import { banksForReconciliation } from './bank-order';
import {
  clearingOf,
  confirmBody,
  lineGroupOf,
  statementLineActions,
  tickAllShown,
  withTicks,
} from './line-actions';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const statementLine = (id: number, change: Partial<BankStatementLine> = {}): BankStatementLine => ({
  id,
  date: '2026-01-10',
  amount: cents(-1_500),
  description: 'Service charge',
  checkNumber: null,
  status: 'unmatched',
  match: null,
  ...change,
});
const matched = (id: number, transaction: number): BankStatementLine =>
  statementLine(id, {
    status: 'matched',
    match: {
      transactionUuid: uuid(transaction),
      date: '2026-01-09',
      description: 'Check 12',
      amount: cents(-1_500),
      checkNumber: '12',
      reason: 'checkNumber',
    },
  });

describe('statementLineActions', () => {
  it('confirms or ignores a match', () => {
    expect(statementLineActions(matched(1, 1), true)).toEqual({ confirm: true, entries: [], ignore: true });
  });

  it('offers the bank entries of the line’s sign: fee or interest paid out, interest received in', () => {
    expect(statementLineActions(statementLine(1, { amount: cents(-250) }), true)).toEqual({
      confirm: false,
      entries: ['bankFee', 'bankInterestPaid'],
      ignore: true,
    });
    expect(statementLineActions(statementLine(1, { amount: cents(31) }), true).entries).toEqual([
      'bankInterestReceived',
    ]);
  });

  it('offers nothing on a line already imported or done, nor to a reader', () => {
    for (const status of ['duplicate', 'confirmed', 'entryCreated', 'ignored'] as const)
      expect(statementLineActions(statementLine(1, { status }), true)).toEqual({
        confirm: false,
        entries: [],
        ignore: false,
      });
    expect(statementLineActions(matched(1, 1), false).confirm).toBe(false);
    expect(statementLineActions(statementLine(1), false).entries).toEqual([]);
  });

  it('groups the lines by what is left to do', () => {
    expect(statementLineStatuses.map((status) => lineGroupOf({ status }))).toEqual([
      'matched',
      'unmatched',
      'duplicate',
      'done',
      'done',
      'done',
    ]);
  });
});

describe('confirmBody', () => {
  it('sends the matches left checked, with their transactions', () => {
    const lines = [matched(1, 11), statementLine(2), matched(3, 13), matched(4, 14)];
    expect(confirmBody(lines, new Set([3]))).toEqual({
      lines: [
        { lineId: 1, transactionUuid: uuid(11) },
        { lineId: 4, transactionUuid: uuid(14) },
      ],
    });
    expect(confirmBody(lines, new Set([1, 3, 4]))).toBeNull();
  });
});

describe('ticking', () => {
  const lines = [
    { transactionUuid: uuid(1), cleared: true },
    { transactionUuid: uuid(2), cleared: false },
    { transactionUuid: uuid(3), cleared: false },
  ];

  it('ticks all the shown lines not ticked yet, or unticks them all once all are', () => {
    expect(tickAllShown(lines)).toEqual({ action: 'tick', body: { clear: [uuid(2), uuid(3)], unclear: [] } });
    const allTicked = lines.map((line) => ({ ...line, cleared: true }));
    expect(tickAllShown(allTicked)).toEqual({
      action: 'untick',
      body: { clear: [], unclear: [uuid(1), uuid(2), uuid(3)] },
    });
    expect(tickAllShown([])).toBeNull();
  });

  it('shows a tick at once, as it was sent', () => {
    expect(clearingOf(uuid(2), true)).toEqual({ clear: [uuid(2)], unclear: [] });
    expect(withTicks(lines, { clear: [uuid(2)], unclear: [uuid(1)] }).map((line) => line.cleared)).toEqual([
      false,
      true,
      false,
    ]);
  });
});

describe('banksForReconciliation', () => {
  const bank = (name: string, type: BankView['bankAccountType'], archived = false, n = 1): BankView =>
    ({
      uuid: uuid(n),
      name,
      bankAccountType: type,
      archived,
      aid: 5000 + n,
      startingBalance: cents(0),
    }) as BankView;

  it('puts the checking accounts first, by name, and leaves archived ones out unless chosen', () => {
    const banks = [
      bank('Savings', 'saving', false, 1),
      bank('Operating', 'checking', false, 2),
      bank('Agency', 'checking', false, 3),
      bank('Old', 'checking', true, 4),
    ];
    expect(banksForReconciliation(banks).map((b) => b.name)).toEqual(['Agency', 'Operating', 'Savings']);
    expect(banksForReconciliation(banks, uuid(4)).map((b) => b.name)).toEqual([
      'Agency',
      'Old',
      'Operating',
      'Savings',
    ]);
  });
});

// The import, the tick list and the reports build these keys at run time, out of the catalog test's sight.
const builtKeys = [
  ...statementLineStatuses.map((status) => `reconciliationPages.import.status.${status}`),
  ...['matched', 'unmatched', 'done', 'duplicate'].map(
    (group) => `reconciliationPages.import.groups.${group}`,
  ),
  ...lineEntryKinds.map((kind) => `reconciliationPages.import.entries.${kind}`),
  ...statementMatchReasons.map((reason) => `reconciliationPages.import.reasons.${reason}`),
  ...statementFormats.map((format) => `reconciliationPages.import.formats.${format}`),
  ...['all', 'cleared', 'uncleared'].map((show) => `reconciliationPages.lines.show.${show}`),
  ...['tick', 'untick'].flatMap((action) =>
    ['one', 'other'].map((form) => `reconciliationPages.lines.${action}AllShown_${form}`),
  ),
  ...bankReports.flatMap((report) => [
    `reconciliationPages.reports.${report}.title`,
    `reconciliationPages.reports.${report}.description`,
  ]),
];

describe('the keys the import, tick list and reports build', () => {
  it.each(builtKeys)('%s is in English and in French', (key) => {
    expect(hasKey('en', key)).toBe(true);
    expect(hasKey('fr', key)).toBe(true);
  });
});
