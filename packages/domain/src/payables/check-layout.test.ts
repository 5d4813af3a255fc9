import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkAmountFigures,
  checkDateDigits,
  checkLayout as layout,
  dateCellCentre,
  dateIndicator,
  stubRows,
  type CheckBox,
  type CheckRule,
  type CheckText,
} from './check-layout';

const inch = 72;

// Helvetica rises 0.718 of its size above the baseline and falls 0.207 below it.
const textBox = (t: Pick<CheckText, 'x' | 'y' | 'width' | 'size'>): CheckBox => ({
  x: t.x,
  y: t.y - 0.72 * t.size,
  width: t.width,
  height: 0.93 * t.size,
});
const ruleBox = (r: CheckRule): CheckBox => ({ x: r.x, y: r.y - 0.5, width: r.width, height: 1 });

const overlap = (a: CheckBox, b: CheckBox, gap = 0): boolean =>
  a.x < b.x + b.width + gap &&
  b.x < a.x + a.width + gap &&
  a.y < b.y + b.height + gap &&
  b.y < a.y + a.height + gap;

const inside = (inner: CheckBox, outer: CheckBox): boolean =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width &&
  inner.y + inner.height <= outer.y + outer.height;

const { digits, indicator } = layout.date;
const dateBox: CheckBox = {
  x: digits.x,
  y: digits.y - 0.72 * digits.size,
  width: 8 * digits.cellWidth,
  height: indicator.y + 0.21 * indicator.size - (digits.y - 0.72 * digits.size),
};

/** Everything printed on the check but the amount in figures, by name. */
const checkMarks: Record<string, CheckBox> = {
  payor: textBox(layout.payor),
  payorAddress: textBox(layout.payorAddress),
  checkNumber: textBox(layout.checkNumber),
  dateLabel: textBox(layout.date.label),
  date: dateBox,
  wordsLabel: textBox(layout.words.label),
  words: textBox(layout.words.text),
  wordsSecondLine: textBox({
    ...layout.words.text,
    y: layout.words.secondLineY,
    size: layout.words.wrappedSize,
  }),
  wordsRule: ruleBox(layout.words.rules[0]),
  wordsSecondRule: ruleBox(layout.words.rules[1]),
  payeeLabel: textBox(layout.payee.label),
  payee: textBox(layout.payee.text),
  payeeRule: ruleBox(layout.payee.rule),
  memoLabel: textBox(layout.memo.label),
  memo: textBox(layout.memo.text),
  memoRule: ruleBox(layout.memo.rule),
  ...Object.fromEntries(
    layout.signatures.flatMap((s, i) => [
      [`signature${i}`, ruleBox(s.rule)],
      [`signatureCaption${i}`, textBox(s.caption)],
    ]),
  ),
};

describe('check layout (CPA Standard 006 on Letter stock)', () => {
  it('is a Letter page: the check (8.5 × 3.5 in) on top, then two stubs to the bottom', () => {
    expect(layout.page).toEqual({ width: 8.5 * inch, height: 11 * inch });
    expect(layout.check).toEqual({ x: 0, y: 0, width: 8.5 * inch, height: 3.5 * inch });
    const [first, second] = layout.stubs;
    expect(first.y).toBe(layout.check.height);
    expect(second.y).toBe(first.y + first.height);
    expect(second.y + second.height).toBe(layout.page.height);
    // CPA 006: a check is at least 6.25 in long.
    expect(layout.check.width).toBeGreaterThanOrEqual(6.25 * inch);
  });

  it('leaves the 5/8 in MICR band at the bottom of the check empty', () => {
    expect(layout.micrBand).toEqual({ x: 0, y: 3.5 * inch - 45, width: 8.5 * inch, height: 45 });
    const printable: CheckBox = { ...layout.check, height: layout.micrBand.y };
    for (const [name, box] of Object.entries({ ...checkMarks, amount: layout.amount.area })) {
      expect(inside(box, printable), name).toBe(true);
    }
  });

  it('puts the amount in figures in the scan area with 0.25 in clear around it', () => {
    const area = layout.amount.area;
    expect(inside(area, layout.amountScanArea)).toBe(true);
    expect(inside(textBox(layout.amount.figures), area)).toBe(true);
    expect(layout.amount.figures.size).toBeGreaterThanOrEqual(10);
    for (const [name, box] of Object.entries(checkMarks)) {
      expect(overlap(box, area, layout.clearance), name).toBe(false);
    }
    // The scan area: 1.4 to 2.6 in above the bottom edge, 0.25 to 2.5 in from the right edge.
    const scan = layout.amountScanArea;
    expect(layout.check.height - scan.y).toBeCloseTo(2.6 * inch);
    expect(layout.check.height - (scan.y + scan.height)).toBeCloseTo(1.4 * inch);
    expect(layout.check.width - scan.x).toBeCloseTo(2.5 * inch);
    expect(layout.check.width - (scan.x + scan.width)).toBeCloseTo(0.25 * inch);
  });

  it('prints the date in the upper right with its indicator under the digits', () => {
    expect(dateBox.x).toBeGreaterThan(layout.check.width / 2);
    expect(dateBox.y + dateBox.height).toBeLessThan(layout.check.height / 3);
    expect(indicator.y - 0.72 * indicator.size).toBeGreaterThan(digits.y + 0.21 * digits.size);
    expect(dateCellCentre(0) - digits.x).toBe(digits.cellWidth / 2);
    expect(dateCellCentre(7)).toBe(digits.x + 7.5 * digits.cellWidth);
    expect(dateIndicator('en')).toBe('YYYYMMDD');
    expect(dateIndicator('fr')).toBe('AAAAMMJJ');
    expect(checkDateDigits('2025-03-07')).toBe('20250307');
    expect(() => checkDateDigits('2025-3-7')).toThrow();
  });

  it('keeps every field of the check apart from the others', () => {
    const entries = Object.entries(checkMarks);
    for (const [i, [a, boxA]] of entries.entries()) {
      for (const [b, boxB] of entries.slice(i + 1)) {
        expect(overlap(boxA, boxB), `${a} / ${b}`).toBe(false);
      }
    }
  });

  it('fits the stub lines and the total inside each stub', () => {
    const { stub } = layout;
    const lastRow = stub.firstRowY + (stub.maxRows - 1) * stub.rowHeight;
    expect(stub.firstRowY).toBeGreaterThan(stub.headerRule.y);
    expect(lastRow + 3).toBeLessThan(stub.totalRule.y);
    expect(stub.total.y).toBeGreaterThan(stub.totalRule.y);
    for (const s of layout.stubs) {
      expect(stub.total.y + 0.21 * stub.total.size).toBeLessThan(s.height);
    }
    for (const field of [
      stub.payee,
      stub.reference,
      stub.payor,
      stub.total,
      ...Object.values(stub.headers),
    ]) {
      expect(field.x + field.width).toBeLessThanOrEqual(layout.page.width - 36);
    }
  });

  it('uses readable upright sizes: at least 7 pt', () => {
    const sizes = [
      layout.payor.size,
      layout.payorAddress.size,
      layout.checkNumber.size,
      layout.date.label.size,
      digits.size,
      indicator.size,
      layout.words.text.size,
      layout.words.wrappedSize,
      layout.payee.text.size,
      layout.memo.text.size,
      ...layout.signatures.map((s) => s.caption.size),
    ];
    for (const size of sizes) expect(size).toBeGreaterThanOrEqual(7);
  });
});

describe('checkAmountFigures', () => {
  it('writes asterisks then the amount, grouped in the language', () => {
    expect(checkAmountFigures(123_456, 'en')).toBe('**1,234.56');
    expect(checkAmountFigures(123_456, 'fr')).toBe('**1\u00a0234,56');
    expect(checkAmountFigures(1, 'en')).toBe('**0.01');
    expect(checkAmountFigures(99_999_999_999, 'en')).toBe('**999,999,999.99');
    expect(checkAmountFigures(100_000, 'fr')).toBe('**1\u00a0000,00');
  });

  it('always reads back as the amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99_999_999_999 }),
        fc.constantFrom('en', 'fr' as const),
        (amount, language) => {
          const text = checkAmountFigures(amount, language);
          expect(text.startsWith('**')).toBe(true);
          const digitsOnly = text.replace(/[^\d]/g, '');
          expect(Number(digitsOnly)).toBe(amount);
          expect(text).toMatch(language === 'en' ? /\.\d{2}$/ : /,\d{2}$/);
        },
      ),
    );
  });

  it('refuses what is not a check amount', () => {
    for (const amount of [0, -5, 1.5]) expect(() => checkAmountFigures(amount, 'en')).toThrow();
  });
});

describe('stubRows', () => {
  it('shows every line that fits, else the first ones and one line for the rest', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 60 }), (rows) => {
        const { shown, rest } = stubRows(rows);
        expect([...shown, ...rest]).toEqual(rows);
        expect(shown.length + (rest.length > 0 ? 1 : 0)).toBeLessThanOrEqual(layout.stub.maxRows);
        if (rows.length <= layout.stub.maxRows) expect(rest).toEqual([]);
        else expect(shown).toHaveLength(layout.stub.maxRows - 1);
      }),
    );
  });
});
