import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents } from '../money';
import { addDays } from '../time';
import type { UnitPosting } from './aging';
import {
  arrearsFlagged,
  billedOnDebitDay,
  billingMonthsOf,
  chargeKey,
  cutOffDate,
  monthlyInterest,
  penaltyChargesDue,
  penaltyPostingKinds,
  principalAt,
  reminderLevel,
  type PenaltyRuleInput,
  type PenaltySettings,
} from './penalty-rules';

let serial = 0;
const posting = (date: string, amount: number, kind = 'unitMonthlyFee'): UnitPosting => ({
  uuid: `p${++serial}`,
  date,
  kind,
  description: '',
  amount: cents(amount),
});

const lateFeeOnly: PenaltySettings = {
  lateFee: { amount: cents(2_500), gracePeriod: 10 },
  interest: null,
  minimumBalance: cents(0),
};
const interestOnly: PenaltySettings = {
  lateFee: null,
  interest: { rate: 0.12, gracePeriod: 10 },
  minimumBalance: cents(0),
};
const both: PenaltySettings = { ...lateFeeOnly, interest: interestOnly.interest };

const run = (partial: Partial<PenaltyRuleInput> & Pick<PenaltyRuleInput, 'postings'>) =>
  penaltyChargesDue({
    billingMonths: billingMonthsOf(partial.postings),
    settings: both,
    today: '2026-03-20',
    alreadyCharged: new Set(),
    ...partial,
  });

describe('penalty rules: the three conditions', () => {
  const march = [posting('2026-03-01', 30_000)];

  it('charges a late fee and interest when unpaid, above the minimum and late', () => {
    expect(run({ postings: march })).toEqual([
      {
        kind: 'unitLateFee',
        month: '2026-03-01',
        date: '2026-03-12',
        amount: 2_500,
        principal: 30_000,
        balance: 30_000,
      },
      {
        kind: 'unitInterestFee',
        month: '2026-03-01',
        date: '2026-03-12',
        amount: 300,
        principal: 30_000,
        balance: 30_000,
      },
    ]);
  });

  it('(a) charges nothing when the month is paid in full by the cut-off', () => {
    expect(run({ postings: [...march, posting('2026-03-05', -30_000, 'unitPayment')] })).toEqual([]);
  });

  it('(a) charges on what is left when paid in part, interest on the principal left', () => {
    const due = run({ postings: [...march, posting('2026-03-05', -20_000, 'unitPayment')] });
    expect(due.map((d) => [d.kind, d.amount, d.principal])).toEqual([
      ['unitLateFee', 2_500, 10_000],
      ['unitInterestFee', 100, 10_000],
    ]);
  });

  it('(a) an unpaid penalty alone is no reason for another penalty', () => {
    const postings = [
      posting('2026-02-01', 30_000),
      posting('2026-02-12', 2_500, 'unitLateFee'),
      posting('2026-03-01', 30_000),
      posting('2026-03-02', -60_000, 'unitPayment'),
    ];
    expect(run({ postings, alreadyCharged: new Set([chargeKey('unitLateFee', '2026-02-01')]) })).toEqual([
      // February's interest was never charged: February was unpaid at its cut-off.
      {
        kind: 'unitInterestFee',
        month: '2026-02-01',
        date: '2026-02-12',
        amount: 300,
        principal: 30_000,
        balance: 30_000,
      },
    ]);
  });

  it('(b) charges nothing when the balance is at or under the minimum, and does when strictly above', () => {
    const at = { ...both, minimumBalance: cents(30_000) };
    expect(run({ postings: march, settings: at })).toEqual([]);
    expect(run({ postings: march, settings: { ...at, minimumBalance: cents(29_999) } })).toHaveLength(2);
  });

  it('(b) counts unpaid penalties in what the unit owes', () => {
    const postings = [posting('2026-03-01', 30_000), posting('2026-02-15', 5_000, 'unitCustomPenalty')];
    const settings = { ...both, minimumBalance: cents(32_000) };
    expect(run({ postings, settings }).map((d) => [d.kind, d.balance, d.principal])).toEqual([
      ['unitLateFee', 35_000, 30_000],
      ['unitInterestFee', 35_000, 30_000],
    ]);
  });

  it('(c) charges nothing on or before the cut-off day, and does the day after', () => {
    expect(run({ postings: march, today: '2026-03-11' })).toEqual([]);
    expect(run({ postings: march, today: '2026-03-12' }).map((d) => d.date)).toEqual([
      '2026-03-12',
      '2026-03-12',
    ]);
  });

  it('a payment dated on the cut-off day is on time; one the day after is late', () => {
    expect(run({ postings: [...march, posting('2026-03-11', -30_000, 'unitPayment')] })).toEqual([]);
    expect(
      run({ postings: [...march, posting('2026-03-12', -30_000, 'unitPayment')] }).map((d) => d.kind),
    ).toEqual(['unitLateFee', 'unitInterestFee']);
  });

  it('each penalty keeps its own grace period', () => {
    const settings: PenaltySettings = {
      lateFee: { amount: cents(2_500), gracePeriod: 5 },
      interest: { rate: 0.12, gracePeriod: 15 },
      minimumBalance: cents(0),
    };
    expect(run({ postings: march, settings, today: '2026-03-10' }).map((d) => [d.kind, d.date])).toEqual([
      ['unitLateFee', '2026-03-07'],
    ]);
    expect(run({ postings: march, settings, today: '2026-03-17' }).map((d) => [d.kind, d.date])).toEqual([
      ['unitLateFee', '2026-03-07'],
      ['unitInterestFee', '2026-03-17'],
    ]);
  });

  it('charges once per kind and billing month', () => {
    const already = new Set([chargeKey('unitLateFee', '2026-03-01')]);
    expect(run({ postings: march, alreadyCharged: already }).map((d) => d.kind)).toEqual(['unitInterestFee']);
    const all = new Set(run({ postings: march }).map((d) => chargeKey(d.kind, d.month)));
    expect(run({ postings: march, alreadyCharged: all })).toEqual([]);
  });

  it('charges every late month, each on its own cut-off', () => {
    const postings = [posting('2026-01-01', 30_000), posting('2026-02-01', 30_000)];
    const due = run({ postings, settings: lateFeeOnly });
    expect(due.map((d) => [d.month, d.date, d.principal])).toEqual([
      ['2026-01-01', '2026-01-12', 30_000],
      ['2026-02-01', '2026-02-12', 60_000],
    ]);
  });

  it('charges nothing without settings, and no interest that rounds to zero', () => {
    expect(
      run({ postings: march, settings: { lateFee: null, interest: null, minimumBalance: cents(0) } }),
    ).toEqual([]);
    expect(run({ postings: [posting('2026-03-01', 40)], settings: interestOnly })).toEqual([]);
    expect(run({ postings: [posting('2026-03-01', 50)], settings: interestOnly })[0]?.amount).toBe(1);
  });

  it('interest rounds to the cent', () => {
    expect(monthlyInterest(cents(12_345), 0.07)).toBe(72);
    expect(monthlyInterest(cents(100_000), 0.185)).toBe(1_542);
  });
});

describe('penalty rules: one run equals many', () => {
  it('counts the charges it decides for earlier months toward the minimum balance', () => {
    // February alone (28,000) is under the minimum (29,000); January's unpaid late fee takes it over.
    const postings = [
      posting('2026-01-01', 30_000),
      posting('2026-01-20', -30_000, 'unitPayment'),
      posting('2026-02-01', 28_000),
    ];
    const settings = { ...lateFeeOnly, minimumBalance: cents(29_000) };
    const due = run({ postings, settings, today: '2026-03-20' });
    expect(due.map((d) => [d.month, d.date, d.balance])).toEqual([
      ['2026-01-01', '2026-01-12', 30_000],
      ['2026-02-01', '2026-02-12', 30_500],
    ]);
    // A second run, with the first one's charges posted, charges nothing more.
    const posted = due.map((d) => posting(d.date, d.amount, d.kind));
    const keys = new Set(due.map((d) => chargeKey(d.kind, d.month)));
    expect(
      run({ postings: [...postings, ...posted], settings, today: '2026-03-20', alreadyCharged: keys }),
    ).toEqual([]);
  });
});

describe('penalty rules: charges billed late', () => {
  const billedLate = (date: string, billedOn: string, amount = 30_000): UnitPosting => ({
    ...posting(date, amount),
    billedOn,
  });

  it('a retroactive budget creates no backdated late fee: its fees are due from the day they were billed', () => {
    const postings = ['2026-01-01', '2026-02-01', '2026-03-01', '2026-04-01', '2026-05-01'].map((d) =>
      billedLate(d, '2026-05-20'),
    );
    expect(run({ postings, settings: both, today: '2026-05-30' })).toEqual([]);
    const due = run({ postings, settings: both, today: '2026-06-05' });
    expect(due.map((d) => [d.kind, d.month, d.date, d.principal])).toEqual([
      ['unitLateFee', '2026-05-01', '2026-05-31', 150_000],
      ['unitInterestFee', '2026-05-01', '2026-05-31', 150_000],
    ]);
  });

  it('a correction billed late is overdue only from its bill on', () => {
    const postings = [
      posting('2026-03-01', 30_000),
      { ...posting('2026-03-01', 6_000, 'budgetCorrection'), billedOn: '2026-03-15' },
    ];
    const due = run({ postings, settings: lateFeeOnly, today: '2026-03-20' });
    expect(due.map((d) => d.principal)).toEqual([30_000]);
  });

  it('a payment recorded late still counts from its date', () => {
    const paid = { ...posting('2026-03-05', -30_000, 'unitPayment'), billedOn: '2026-03-19' };
    expect(run({ postings: [posting('2026-03-01', 30_000), paid] })).toEqual([]);
  });
});

describe('penalty rules: penalties carried by an opening balance', () => {
  it('bear no interest and no late fee in the new year', () => {
    const opening: UnitPosting = {
      ...posting('2026-01-01', 5_000, 'accountantWriting'),
      penalties: cents(5_000),
    };
    expect(principalAt([opening], '2026-01-31')).toBe(0);
    expect(
      run({
        postings: [opening, posting('2026-01-01', 30_000), posting('2026-01-03', -30_000, 'unitPayment')],
        today: '2026-02-20',
      }),
    ).toEqual([]);
    const mixed: UnitPosting = {
      ...posting('2026-01-01', 12_000, 'accountantWriting'),
      penalties: cents(2_000),
    };
    const due = run({
      postings: [mixed, posting('2026-01-01', 30_000)],
      settings: interestOnly,
      today: '2026-01-20',
    });
    expect(due.map((d) => [d.principal, d.amount])).toEqual([[40_000, 400]]);
  });
});

describe('penalty rules: helpers', () => {
  it('cut-off dates cross months and years', () => {
    expect(cutOffDate('2026-02-01', 30)).toBe('2026-03-03');
    expect(cutOffDate('2026-12-01', 31)).toBe('2027-01-01');
    expect(addDays('2026-03-31', 1)).toBe('2026-04-01');
  });

  it('billing months are the 1sts of monthly fees, once each', () => {
    expect(
      billingMonthsOf([
        posting('2026-02-01', 10),
        posting('2026-01-01', 10),
        posting('2026-02-01', 5),
        posting('2026-02-03', 10, 'unitInvoice'),
      ]),
    ).toEqual([
      { month: '2026-01-01', billed: '2026-01-01' },
      { month: '2026-02-01', billed: '2026-02-01' },
    ]);
  });

  it('reminder levels and the arrears flag', () => {
    expect([0, 0.5, 1, 2, 3, 4, 12].map(reminderLevel)).toEqual([0, 0, 1, 2, 3, 3, 3]);
    expect(arrearsFlagged(3, 3)).toBe(false);
    expect(arrearsFlagged(4, 3)).toBe(true);
  });
});

// ---------------------------------------------------------------- properties

const day = fc.integer({ min: 0, max: 180 }).map((n) => addDays('2026-01-01', n));
const anyPosting = fc
  .record({
    date: day,
    amount: fc.integer({ min: 1, max: 100_000 }),
    kind: fc.constantFrom(
      'unitMonthlyFee',
      'unitInvoice',
      'unitPayment',
      'unitCreditNote',
      ...penaltyPostingKinds,
    ),
  })
  .map(({ date, amount, kind }) =>
    kind === 'unitPayment' || kind === 'unitCreditNote'
      ? posting(date, -amount, kind)
      : posting(kind === 'unitMonthlyFee' ? `${date.slice(0, 7)}-01` : date, amount, kind),
  );
const anySettings = fc.record({
  lateFee: fc.option(
    fc.record({ amount: fc.integer({ min: 1, max: 10_000 }).map(cents), gracePeriod: fc.nat(40) }),
    {
      nil: null,
    },
  ),
  interest: fc.option(
    fc.record({ rate: fc.double({ min: 0, max: 1, noNaN: true }), gracePeriod: fc.nat(40) }),
    { nil: null },
  ),
  minimumBalance: fc.nat(50_000).map(cents),
});
const anyInput = fc.record({
  postings: fc.array(anyPosting, { maxLength: 25 }),
  settings: anySettings,
  today: day,
});

describe('penalty rules: properties', () => {
  it('every charge due meets the three conditions, once per kind and month, dated after its cut-off', () => {
    fc.assert(
      fc.property(anyInput, ({ postings, settings, today }) => {
        const due = run({ postings, settings, today });
        const keys = due.map((d) => chargeKey(d.kind, d.month));
        expect(new Set(keys).size).toBe(keys.length);
        for (const d of due) {
          const grace =
            d.kind === 'unitLateFee' ? settings.lateFee?.gracePeriod : settings.interest?.gracePeriod;
          expect(grace).toBeDefined();
          const cutOff = cutOffDate(d.month, grace ?? 0);
          expect(today > cutOff).toBe(true);
          expect(d.principal).toBe(principalAt(postings, cutOff));
          expect(d.principal).toBeGreaterThan(0);
          expect(d.balance).toBeGreaterThan(settings.minimumBalance);
          expect(d.date).toBe(addDays(cutOff, 1));
          expect(d.date <= today).toBe(true);
          expect(d.amount).toBeGreaterThan(0);
        }
      }),
    );
  });

  it('a second run with the first run charged charges nothing more', () => {
    fc.assert(
      fc.property(anyInput, ({ postings, settings, today }) => {
        const first = run({ postings, settings, today });
        const charged = first.map((d) => posting(d.date, d.amount, d.kind));
        const again = run({
          postings: [...postings, ...charged],
          settings,
          today,
          alreadyCharged: new Set(first.map((d) => chargeKey(d.kind, d.month))),
        });
        expect(again).toEqual([]);
      }),
    );
  });

  it('daily runs charge exactly what one late run charges', () => {
    fc.assert(
      fc.property(anyInput, ({ postings, settings, today }) => {
        const once = run({ postings, settings, today });
        let posted: UnitPosting[] = [];
        const charged = new Set<string>();
        const daily: typeof once = [];
        for (let d = '2026-01-01'; d <= today; d = addDays(d, 1)) {
          const due = run({
            postings: [...postings, ...posted],
            settings,
            today: d,
            alreadyCharged: charged,
          });
          for (const c of due) {
            charged.add(chargeKey(c.kind, c.month));
            posted = [...posted, posting(c.date, c.amount, c.kind)];
          }
          daily.push(...due);
        }
        const key = (c: (typeof once)[number]) => `${c.kind}:${c.month}:${c.date}:${c.amount}:${c.balance}`;
        expect(daily.map(key).sort()).toEqual(once.map(key).sort());
      }),
      { numRuns: 60 },
    );
  });

  it('penalties never change the principal nor the interest charged (no compounding)', () => {
    fc.assert(
      fc.property(
        anyInput,
        fc.array(
          fc.record({
            date: day,
            amount: fc.integer({ min: 1, max: 10_000 }),
            kind: fc.constantFrom(...penaltyPostingKinds),
          }),
          { maxLength: 5 },
        ),
        ({ postings, settings, today }, extra) => {
          const noMinimum = { ...settings, minimumBalance: cents(0) };
          const withPenalties = [...postings, ...extra.map((e) => posting(e.date, e.amount, e.kind))];
          const before = run({ postings, settings: noMinimum, today });
          const after = run({ postings: withPenalties, settings: noMinimum, today });
          // Penalties only raise the balance, so with no minimum the same charges are due, same amounts.
          expect(after.map((d) => [d.kind, d.month, d.amount, d.principal])).toEqual(
            before.map((d) => [d.kind, d.month, d.amount, d.principal]),
          );
        },
      ),
    );
  });

  it('nothing is due on or before any cut-off, and nothing when every charge is paid on time', () => {
    fc.assert(
      fc.property(anyInput, ({ postings, settings }) => {
        expect(run({ postings, settings, today: '2026-01-01' })).toEqual([]);
        const owed = postings.filter((p) => p.amount > 0).reduce((s, p) => s + p.amount, 0);
        const paidUpFront = [...postings, posting('2026-01-01', -owed, 'unitPayment')];
        expect(run({ postings: paidUpFront, settings, today: '2026-12-31' })).toEqual([]);
      }),
    );
  });
});

describe('penalty rules: units paying by pre-authorized debit', () => {
  const months = [
    { month: '2026-02-01', billed: '2026-02-01' },
    { month: '2026-03-01', billed: '2026-03-05' },
  ];

  it('owe their bill on their debit day, clamped to the month, never earlier than the bill', () => {
    expect(billedOnDebitDay(months, 15)).toEqual([
      { month: '2026-02-01', billed: '2026-02-15' },
      { month: '2026-03-01', billed: '2026-03-15' },
    ]);
    expect(billedOnDebitDay(months, 31)[0]?.billed).toBe('2026-02-28');
    expect(billedOnDebitDay(months, 1)).toEqual(months);
  });

  it('are on time when the debit is collected on its day, late when the bank returns it', () => {
    const fee = posting('2026-02-01', 40_000);
    const debit = posting('2026-02-15', -40_000, 'unitPayment');
    const onDebitDay = billedOnDebitDay(billingMonthsOf([fee]), 15);
    const run = (postings: UnitPosting[], today: string) =>
      penaltyChargesDue({
        postings,
        billingMonths: onDebitDay,
        settings: lateFeeOnly,
        today,
        alreadyCharged: new Set(),
      });
    // Without the debit day, the 15th would be past the cut-off (the 11th): a late fee.
    expect(
      penaltyChargesDue({
        postings: [fee, debit],
        billingMonths: billingMonthsOf([fee]),
        settings: lateFeeOnly,
        today: '2026-02-28',
        alreadyCharged: new Set(),
      }),
    ).toHaveLength(1);
    expect(run([fee, debit], '2026-02-28')).toEqual([]);
    const returned = posting('2026-02-20', 40_000, 'unitElectronicDepositReversal');
    expect(run([fee, debit, returned], '2026-02-25')).toEqual([]);
    expect(run([fee, debit, returned], '2026-02-26').map((c) => c.date)).toEqual(['2026-02-26']);
  });

  it('never moves a bill date earlier or out of its month', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 31 }), fc.integer({ min: 1, max: 28 }), (day, billedDay) => {
        const billed = `2026-02-${String(billedDay).padStart(2, '0')}`;
        const [shifted] = billedOnDebitDay([{ month: '2026-02-01', billed }], day);
        expect(shifted!.billed >= billed).toBe(true);
        expect(shifted!.billed.slice(0, 7)).toBe('2026-02');
      }),
    );
  });
});
