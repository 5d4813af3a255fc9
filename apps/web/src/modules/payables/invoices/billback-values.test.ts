import { describe, expect, it } from 'vitest';
import { cents } from '@copro/domain';
import {
  billbackPreview,
  newBillbackValues,
  prepareBillback,
  unbilledRest,
  type BillbackValues,
} from './billback-values';

const u1 = '0b8f5d2c-3f4e-4a3b-9c1d-2e5f6a7b8c9d';
const u2 = '1c9e6e3d-4a5f-4b4c-8d2e-3f6a7b8c9d0e';
const u3 = '2d0f7f4e-5b6a-4c5d-9e3f-4a7b8c9d0e1f';
const units = [
  { uuid: u1, number: '101', voteShare: 0.5 },
  { uuid: u2, number: '102', voteShare: 0.3 },
  { uuid: u3, number: '103', voteShare: 0.2 },
];
const invoice = { total: cents(20_002), billedBack: cents(0) };
const start = newBillbackValues(invoice, units, '2026-03-10', 'fr');

const keysOf = (issues: { path: (string | number)[]; key: string }[]) =>
  issues.map((issue) => `${issue.path.join('.')} ${issue.key}`);

describe('a billback', () => {
  it('starts with what is left to bill back, by vote share, among every unit', () => {
    expect(start).toEqual({
      amount: '200,02',
      rule: 'voteShare',
      unitUuids: [u1, u2, u3],
      amounts: {},
      date: '2026-03-10',
      description: '',
    });
    expect(unbilledRest({ total: cents(20_002), billedBack: cents(10_001) })).toBe(10_001);
    expect(
      newBillbackValues({ total: cents(500), billedBack: cents(500) }, units, '2026-03-10', 'en').amount,
    ).toBe('');
  });

  it('previews each unit’s part as the server will post it', () => {
    const half: BillbackValues = { ...start, amount: '100,01' };
    const preview = billbackPreview(half, units);
    expect(preview.ok && [...preview.parts.values()]).toEqual([5_001, 3_000, 2_000]);
    const equal = billbackPreview({ ...half, rule: 'equal', unitUuids: [u3, u1] }, units);
    expect(equal.ok && [...equal.parts.entries()]).toEqual([
      [u1, 5_001],
      [u3, 5_000],
    ]);
    expect(billbackPreview({ ...half, amount: 'abc' }, units)).toEqual({ ok: false, issues: [] });
  });

  it('sends the chosen units, each with its amount under the amounts rule', () => {
    expect(prepareBillback({ ...start, amount: '100', unitUuids: [u2, u1] }, units, 20_002, 'fr')).toEqual({
      issues: [],
      input: {
        amount: 10_000,
        rule: 'voteShare',
        units: [{ unitUuid: u1 }, { unitUuid: u2 }],
        date: '2026-03-10',
      },
    });
    const byAmounts = prepareBillback(
      {
        ...start,
        amount: '100',
        rule: 'amounts',
        unitUuids: [u1, u3],
        amounts: { [u1]: '60', [u3]: '40' },
        description: 'Vitre',
      },
      units,
      20_002,
      'fr',
    );
    expect(byAmounts.input).toEqual({
      amount: 10_000,
      rule: 'amounts',
      units: [
        { unitUuid: u1, amount: 6_000 },
        { unitUuid: u3, amount: 4_000 },
      ],
      date: '2026-03-10',
      description: 'Vitre',
    });
  });

  it('says what to correct: more than is left, no unit, an amount missing, amounts that do not add up', () => {
    expect(keysOf(prepareBillback({ ...start, amount: '300' }, units, 20_002, 'en').issues)).toEqual([
      'amount invoicePages.billback.overRest',
    ]);
    expect(keysOf(prepareBillback({ ...start, unitUuids: [] }, units, 20_002, 'en').issues)).toEqual([
      'units invoicePages.billback.noUnit',
    ]);
    const amounts = { ...start, amount: '100', rule: 'amounts' as const, unitUuids: [u1, u2] };
    expect(
      keysOf(prepareBillback({ ...amounts, amounts: { [u1]: '60' } }, units, 20_002, 'en').issues),
    ).toEqual(['units.1.amount validation.required']);
    expect(
      keysOf(
        prepareBillback({ ...amounts, amounts: { [u1]: '60', [u2]: '30' } }, units, 20_002, 'en').issues,
      ),
    ).toEqual(['units payables.invoices.validation.amountsDoNotAddUp']);
  });
});
