import { describe, expect, it } from 'vitest';
import { kindTotals, prepareShares, rowOfPath, shareRows, shownText } from './vote-share-rows';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const record = (n: number, number: string, voteShare: number, archived = false) => ({
  uuid: id(n),
  number,
  voteShare,
  archived,
});

const rows = shareRows({
  units: [record(1, '10', 0.3), record(2, '9', 0.3), record(3, '101', 0.4), record(4, '5', 0.2, true)],
  parkings: [record(5, 'P2', 0.5), record(6, 'P1', 0.5)],
  lockers: [record(7, 'C1', 1)],
});

describe('vote-share rows', () => {
  it('lists the active records by kind, numbers in reading order', () => {
    expect(rows.map((row) => row.number)).toEqual(['9', '10', '101', 'P1', 'P2', 'C1']);
  });

  it('totals each kind exactly and says whether units make the whole', () => {
    const totals = kindTotals(rows, new Map());
    expect(totals.units).toMatchObject({ count: 3, total: 1, whole: true, changed: 0 });
    // 0.1 + 0.2 in floats is 0.30000000000000004; the total stays exact.
    const edits = new Map([
      [id(2), '10'],
      [id(1), '20'],
    ]);
    const edited = kindTotals(rows, edits);
    expect(edited.units).toMatchObject({ total: 0.7, whole: false, changed: 2 });
    const fixed = kindTotals(rows, new Map([...edits, [id(3), '70']]));
    expect(fixed.units.whole).toBe(true);
  });

  it('shows typed text as typed and saved shares as percentages', () => {
    const [first] = rows;
    if (!first) throw new Error('no rows');
    expect(shownText(first, new Map(), 'fr')).toBe('30');
    expect(shownText(first, new Map([[first.uuid, '12,']]), 'fr')).toBe('12,');
  });

  it('sends the full lists with the typed shares', () => {
    const { body, issues } = prepareShares(rows, new Map([[id(2), '12,5']]));
    expect(issues.size).toBe(0);
    expect(body?.units).toEqual([
      { uuid: id(2), voteShare: 0.125 },
      { uuid: id(1), voteShare: 0.3 },
      { uuid: id(3), voteShare: 0.4 },
    ]);
    expect(body?.parkings).toHaveLength(2);
    expect(body?.lockers).toEqual([{ uuid: id(7), voteShare: 1 }]);
  });

  it('points each problem at its row', () => {
    const { body, issues } = prepareShares(
      rows,
      new Map([
        [id(6), 'x'],
        [id(7), '150'],
      ]),
    );
    expect(body).toBeNull();
    expect(issues.get(id(6))?.key).toBe('units.form.invalidPercent');
    expect(issues.get(id(7))?.key).toBe('validation.mustBeLessThan100');
    expect(rowOfPath(rows, ['parkings', 1, 'uuid'])).toBe(id(5));
    expect(rowOfPath(rows, ['units'])).toBeUndefined();
  });
});
