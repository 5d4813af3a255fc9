import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents } from '../money';
import { addDays } from '../time';
import {
  inMatchWindow,
  matchReason,
  matchStatementLines,
  normalCheckNumber,
  type MatchCandidate,
  type MatchableLine,
} from './matching';

const line = (
  id: number,
  date: string,
  amount: number,
  checkNumber: string | null = null,
): MatchableLine => ({
  id,
  date,
  amount: cents(amount),
  checkNumber,
});
const candidate = (
  uuid: string,
  date: string,
  amount: number,
  checkNumber: string | null = null,
): MatchCandidate => ({
  uuid,
  date,
  amount: cents(amount),
  checkNumber,
});

describe('matching statement lines', () => {
  it('matches by amount within 5 days either way, the closest date first', () => {
    const matches = matchStatementLines(
      [line(1, '2026-03-10', 10_000), line(2, '2026-03-10', 10_000), line(3, '2026-03-10', -500)],
      [
        candidate('a', '2026-03-04', 10_000),
        candidate('b', '2026-03-12', 10_000),
        candidate('c', '2026-03-09', 10_000),
        candidate('d', '2026-03-10', 500),
      ],
    );
    expect(matches).toEqual([
      { lineId: 1, transactionUuid: 'c', reason: 'amountAndDate' },
      { lineId: 2, transactionUuid: 'b', reason: 'amountAndDate' },
    ]);
    expect(matchStatementLines([line(1, '2026-03-10', 100)], [candidate('a', '2026-03-04', 100)])).toEqual(
      [],
    );
    expect(matchStatementLines([line(1, '2026-03-10', 100)], [candidate('a', '2026-03-16', 100)])).toEqual(
      [],
    );
    expect(
      matchStatementLines([line(1, '2026-03-10', 100)], [candidate('a', '2026-03-15', 100)]),
    ).toHaveLength(1);
    expect(
      matchStatementLines([line(1, '2026-03-10', 100)], [candidate('a', '2026-03-05', 100)]),
    ).toHaveLength(1);
  });

  it('lets a check clear up to 60 days after its date, never before', () => {
    const check = candidate('chk', '2026-03-01', -30_000, '501');
    expect(inMatchWindow('2026-03-01', check)).toBe(true);
    expect(inMatchWindow('2026-04-30', check)).toBe(true);
    expect(inMatchWindow('2026-05-01', check)).toBe(false);
    expect(inMatchWindow('2026-02-28', check)).toBe(false);
    // Money in is a deposit, whatever number it carries.
    expect(inMatchWindow('2026-02-27', candidate('dep', '2026-03-01', 30_000, '77'))).toBe(true);
    expect(matchStatementLines([line(1, '2026-04-20', -30_000)], [check])).toEqual([
      { lineId: 1, transactionUuid: 'chk', reason: 'amountAndDate' },
    ]);
  });

  it('prefers the same check number over a closer date, and never matches two different numbers', () => {
    const candidates = [
      candidate('near', '2026-03-10', -30_000, '502'),
      candidate('far', '2026-02-01', -30_000, '0501'),
    ];
    expect(matchStatementLines([line(1, '2026-03-10', -30_000, '501')], candidates)).toEqual([
      { lineId: 1, transactionUuid: 'far', reason: 'checkNumber' },
    ]);
    expect(matchStatementLines([line(1, '2026-03-10', -30_000, '503')], candidates)).toEqual([]);
    expect(
      matchReason(line(1, '2026-03-10', -30_000, ' 0501'), candidate('x', '2026-03-10', -30_000, '501')),
    ).toBe('checkNumber');
    expect(normalCheckNumber('000')).toBe('0');
    expect(normalCheckNumber('  ')).toBeNull();
  });

  it('never matches a sign to the other sign', () => {
    expect(matchStatementLines([line(1, '2026-03-10', 500)], [candidate('a', '2026-03-10', -500)])).toEqual(
      [],
    );
  });
});

const days = ['2026-03-01', '2026-03-04', '2026-03-09', '2026-03-15', '2026-04-20', '2026-05-10'];
const linesArb = fc
  .array(
    fc.record({
      date: fc.constantFrom(...days),
      amount: fc.constantFrom(-30_000, -500, 500, 10_000),
      checkNumber: fc.constantFrom(null, '501', '502'),
    }),
    { maxLength: 25 },
  )
  .map((rows) => rows.map((r, id) => line(id, r.date, r.amount, r.checkNumber)));
const candidatesArb = fc
  .array(
    fc.record({
      date: fc.constantFrom(...days, '2026-02-20'),
      amount: fc.constantFrom(-30_000, -500, 500, 10_000),
      checkNumber: fc.constantFrom(null, '501', '0502', '503'),
    }),
    { maxLength: 25 },
  )
  .map((rows) =>
    rows.map((r, i) => candidate(`t${String(i).padStart(3, '0')}`, r.date, r.amount, r.checkNumber)),
  );

describe('matching properties', () => {
  it('uses no line and no candidate twice; every match has equal amounts, a date in its window and its reason', () => {
    fc.assert(
      fc.property(linesArb, candidatesArb, (lines, candidates) => {
        const matches = matchStatementLines(lines, candidates);
        expect(new Set(matches.map((m) => m.lineId)).size).toBe(matches.length);
        expect(new Set(matches.map((m) => m.transactionUuid)).size).toBe(matches.length);
        for (const match of matches) {
          const l = lines.find((x) => x.id === match.lineId);
          const c = candidates.find((x) => x.uuid === match.transactionUuid);
          if (!l || !c) throw new Error('a match names what was not given');
          expect(l.amount).toBe(c.amount);
          expect(inMatchWindow(l.date, c)).toBe(true);
          expect(match.reason).toBe(matchReason(l, c));
          if (match.reason === 'checkNumber')
            expect(normalCheckNumber(l.checkNumber)).toBe(normalCheckNumber(c.checkNumber));
        }
      }),
    );
  });

  it('leaves a line unmatched only when no candidate it could match is left', () => {
    fc.assert(
      fc.property(linesArb, candidatesArb, (lines, candidates) => {
        const matches = matchStatementLines(lines, candidates);
        const used = new Set(matches.map((m) => m.transactionUuid));
        const matched = new Set(matches.map((m) => m.lineId));
        for (const l of lines.filter((x) => !matched.has(x.id))) {
          const free = candidates.filter(
            (c) => !used.has(c.uuid) && matchReason(l, c) !== null && inMatchWindow(l.date, c),
          );
          expect(free).toEqual([]);
        }
      }),
    );
  });

  it('does not depend on the order lines and candidates are given in', () => {
    fc.assert(
      fc.property(
        linesArb,
        candidatesArb,
        fc.infiniteStream(fc.double({ min: 0, max: 1, noNaN: true })),
        (lines, candidates, randoms) => {
          const shuffle = <T>(items: readonly T[]): T[] =>
            items
              .map((item) => ({ item, key: randoms.next().value as number }))
              .sort((a, b) => a.key - b.key)
              .map((x) => x.item);
          expect(matchStatementLines(shuffle(lines), shuffle(candidates))).toEqual(
            matchStatementLines(lines, candidates),
          );
        },
      ),
    );
  });

  it('prefers a matching check number to any other candidate for that line', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), fc.integer({ min: -5, max: 5 }), (late, off) => {
        const check = candidate('z-check', '2026-03-01', -30_000, '501');
        const other = candidate('a-other', addDays('2026-03-01', late + off), -30_000);
        const matches = matchStatementLines(
          [line(1, addDays('2026-03-01', late), -30_000, '501')],
          [other, check],
        );
        expect(matches).toEqual([{ lineId: 1, transactionUuid: 'z-check', reason: 'checkNumber' }]);
      }),
    );
  });
});
