import { describe, expect, it } from 'vitest';
import { balanceOf, newWriting, prepareWriting, toFormIssue, type WritingValues } from './writing-values';

const writing = (lines: [string, string, string][], extra: Partial<WritingValues> = {}): WritingValues => ({
  ...newWriting('2026-03-31'),
  description: 'Régularisation des frais courus',
  lines: lines.map(([aid, debit, credit]) => ({ aid, debit, credit })),
  ...extra,
});

const keysOf = (values: WritingValues) =>
  prepareWriting(values).issues.map((issue) => `${issue.path.join('.')} ${issue.key}`);

describe('balanceOf', () => {
  it('totals debits and credits and finds the writing balanced', () => {
    const balance = balanceOf(
      writing([
        ['15', '1000,00', ''],
        ['16', '250,50', ''],
        ['4', '', '1250,50'],
      ]).lines,
    );
    expect(balance).toEqual({ debits: 125050, credits: 125050, difference: 0, problem: null });
  });

  it('gives the difference and the SPEC message while unbalanced', () => {
    const balance = balanceOf(
      writing([
        ['15', '100', ''],
        ['4', '', '99,99'],
      ]).lines,
    );
    expect(balance.difference).toBe(1);
    expect(balance.problem).toBe('validation.transactionNotBalanced');
  });

  it('says all zero for an empty form', () => {
    expect(balanceOf(newWriting('2026-01-01').lines).problem).toBe('validation.transactionAllZero');
  });
});

describe('prepareWriting', () => {
  it('posts the filled lines as signed cents, debits positive and credits negative', () => {
    const prepared = prepareWriting(
      writing(
        [
          ['15', '1000', ''],
          ['', '', ''],
          ['16', '250.50', ''],
          ['4', '', '1250,50'],
        ],
        {
          taxes: [{ code: 'GST', amount: '62,53' }],
        },
      ),
    );
    expect(prepared.issues).toEqual([]);
    expect(prepared.lineOf).toEqual([0, 2, 3]);
    expect(prepared.input).toEqual({
      date: '2026-03-31',
      description: 'Régularisation des frais courus',
      kind: 'accountantWriting',
      taxes: [{ code: 'GST', amount: 6253 }],
      indexes: [],
      subtransactions: [
        { aid: 15, amount: 100000 },
        { aid: 16, amount: 25050 },
        { aid: 4, amount: -125050 },
      ],
    });
  });

  it('names what is missing on each line', () => {
    expect(
      keysOf(
        writing([
          ['15', 'abc', ''],
          ['', '', '10'],
          ['4', '', ''],
        ]),
      ),
    ).toEqual([
      'lines.0.debit accounting.invalidAmount',
      'lines.1.aid validation.required',
      'lines.2.debit accounting.writing.lineNeedsAmount',
    ]);
  });

  it('refuses an unbalanced writing with the SPEC message on the lines', () => {
    expect(
      keysOf(
        writing([
          ['15', '100', ''],
          ['4', '', '90'],
        ]),
      ),
    ).toEqual(['lines validation.transactionNotBalanced']);
  });

  it('needs a description and a complete tax', () => {
    expect(
      keysOf(
        writing(
          [
            ['15', '1', ''],
            ['4', '', '1'],
          ],
          { description: ' ', taxes: [{ code: 'QC', amount: '' }] },
        ),
      ),
    ).toEqual(['taxes.0.amount validation.required', 'description validation.required']);
  });
});

describe('toFormIssue', () => {
  it('puts a server issue on the form line the posted line came from', () => {
    const issue = { path: ['subtransactions', 1, 'aid'], key: 'validation.accountMissing' };
    expect(toFormIssue(issue, [0, 2]).path).toEqual(['lines', 2, 'aid']);
  });

  it('puts the lines’ own rules on the lines as a whole, and leaves other fields be', () => {
    expect(toFormIssue({ path: ['subtransactions'], key: 'x' }, [0, 1]).path).toEqual(['lines']);
    expect(toFormIssue({ path: ['date'], key: 'validation.dateTooLate' }, [0, 1]).path).toEqual(['date']);
  });
});
