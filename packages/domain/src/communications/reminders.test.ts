import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../time';
import { reminderKinds, type ReminderKind } from './automatic-mails';
import {
  addYears,
  defaultReminderSettings,
  dueReminders,
  insuranceWindowStart,
  warrantyWindowStart,
  type ReminderSettings,
  type ReminderUnit,
} from './reminders';

const allOn: ReminderSettings = { ...defaultReminderSettings, enabled: reminderKinds };

const dayIn = (from: string, span: number) => fc.integer({ min: 0, max: span }).map((n) => addDays(from, n));
const date = dayIn('2020-01-01', 3_000);
const settings = fc.record({
  enabled: fc.subarray([...reminderKinds]),
  insuranceDaysBefore: fc.integer({ min: 0, max: 120 }),
  warrantyDaysBefore: fc.integer({ min: 0, max: 120 }),
  waterHeaterLifeYears: fc.integer({ min: 1, max: 20 }),
});
const unit: fc.Arbitrary<ReminderUnit> = fc.record({
  uuid: fc.constant('u1'),
  insurance: fc.record({
    provider: fc.option(fc.constant('Desjardins'), { nil: undefined }),
    endDate: fc.option(date, { nil: undefined }),
  }),
  hasInsuranceProof: fc.boolean(),
  waterHeater: fc.record({
    installationDate: fc.option(date, { nil: undefined }),
    warrantyEndDate: fc.option(date, { nil: undefined }),
  }),
  owners: fc.array(fc.record({ hasEmail: fc.boolean(), hasPhone: fc.boolean() }), { maxLength: 3 }),
});
/** Run dates in order: the job's days, however irregular. */
const runs = fc.uniqueArray(date, { minLength: 1, maxLength: 12 }).map((days) => [...days].sort());

/** What a job running on each of `days` sends: each due episode once (the table's unique key). */
function simulate(u: ReminderUnit, s: ReminderSettings, days: readonly string[]) {
  const sent = new Map<string, string>();
  for (const day of days)
    for (const r of dueReminders(u, s, day)) if (!sent.has(r.episodeKey)) sent.set(r.episodeKey, day);
  return sent;
}

// Kinds whose episode is a date of the unit's (not the run's year).
const dated: readonly ReminderKind[] = ['insuranceExpiring', 'waterHeaterWarranty', 'waterHeaterLife'];
const kindOf = (key: string) => key.split(':')[0] as ReminderKind;

describe('automatic communications (DOMAIN 11)', () => {
  it('sends a dated episode once, and the same ones whatever days the job ran before the last', () => {
    fc.assert(
      fc.property(unit, settings, runs, runs, (u, s, a, b) => {
        const last = a[a.length - 1]! > b[b.length - 1]! ? a[a.length - 1]! : b[b.length - 1]!;
        const keys = (days: string[]) =>
          [...simulate(u, s, [...days, last]).keys()].filter((k) => dated.includes(kindOf(k))).sort();
        expect(keys(a)).toEqual(keys(b));
        // One run on the last day alone decides the same episodes: a late run catches up, once.
        expect(keys([])).toEqual(keys(a));
        expect(new Set(keys(a)).size).toBe(keys(a).length);
      }),
    );
  });

  it('reminds of nothing dated before its window', () => {
    fc.assert(
      fc.property(unit, settings, date, (u, s, asOf) => {
        const kinds = dueReminders(u, s, asOf).map((r) => r.kind);
        const { endDate } = u.insurance;
        if (!endDate || asOf < insuranceWindowStart(endDate, s))
          expect(kinds).not.toContain('insuranceExpiring');
        const { warrantyEndDate, installationDate } = u.waterHeater;
        if (!warrantyEndDate || asOf < warrantyWindowStart(warrantyEndDate, s))
          expect(kinds).not.toContain('waterHeaterWarranty');
        if (!installationDate || asOf < addYears(installationDate, s.waterHeaterLifeYears))
          expect(kinds).not.toContain('waterHeaterLife');
      }),
    );
  });

  it('reminds of a dated condition from its window on, and never of a disabled kind', () => {
    fc.assert(
      fc.property(unit, settings, fc.integer({ min: 0, max: 400 }), (u, s, after) => {
        const endDate = u.insurance.endDate;
        const due = (asOf: string) => dueReminders(u, s, asOf).map((r) => r.kind);
        if (endDate) {
          const kinds = due(addDays(insuranceWindowStart(endDate, s), after));
          expect(kinds.includes('insuranceExpiring')).toBe(s.enabled.includes('insuranceExpiring'));
        }
        for (const kind of due('2024-06-01')) expect(s.enabled).toContain(kind);
      }),
    );
  });

  it('starts a new episode when the policy gets a new end date', () => {
    fc.assert(
      fc.property(date, fc.integer({ min: 1, max: 800 }), runs, (first, gap, days) => {
        const renewed = addDays(first, gap);
        const base: ReminderUnit = {
          uuid: 'u1',
          insurance: { provider: 'Intact', endDate: first },
          hasInsuranceProof: true,
          waterHeater: { installationDate: '2019-01-01', warrantyEndDate: '2029-01-01' },
          owners: [{ hasEmail: true, hasPhone: true }],
        };
        const onlyExpiring = { ...allOn, enabled: ['insuranceExpiring'] as ReminderKind[] };
        // The job runs on `days` with the first policy, then the owner renews and it runs again.
        const before = [...days, addDays(first, 1)];
        const sent = simulate(base, onlyExpiring, before);
        const later = [
          ...dueReminders(
            { ...base, insurance: { provider: 'Intact', endDate: renewed } },
            onlyExpiring,
            addDays(renewed, 1),
          ),
        ];
        expect(sent.size).toBe(1);
        expect(later.map((r) => r.episodeKey)).toEqual([`insuranceExpiring:u1:${renewed}`]);
        expect(sent.has(later[0]!.episodeKey)).toBe(false);
      }),
    );
  });

  it('reminds of missing information once a year while it stays missing', () => {
    const u: ReminderUnit = {
      uuid: 'u1',
      insurance: {},
      hasInsuranceProof: false,
      waterHeater: {},
      owners: [{ hasEmail: true, hasPhone: false }],
    };
    const sent = simulate(u, allOn, ['2026-03-01', '2026-03-02', '2026-12-31', '2027-01-01']);
    expect([...sent.keys()].sort()).toEqual([
      'insuranceProofMissing:u1:2026',
      'insuranceProofMissing:u1:2027',
      'ownerDataMissing:u1:2026',
      'ownerDataMissing:u1:2027',
      'waterHeaterIncomplete:u1:2026',
      'waterHeaterIncomplete:u1:2027',
    ]);
    expect(dueReminders(u, allOn, '2026-03-01').find((r) => r.kind === 'ownerDataMissing')?.missing).toEqual([
      'phone',
    ]);
    expect(
      dueReminders({ ...u, owners: [] }, allOn, '2026-03-01').find((r) => r.kind === 'ownerDataMissing')
        ?.missing,
    ).toEqual(['owner']);
  });

  it('counts a water heater life in whole years from its installation', () => {
    expect(addYears('2016-05-10', 10)).toBe('2026-05-10');
    expect(addYears('2016-02-29', 10)).toBe('2026-03-01');
    const u: ReminderUnit = {
      uuid: 'u1',
      insurance: { provider: 'Intact', endDate: '2030-01-01' },
      hasInsuranceProof: true,
      waterHeater: { installationDate: '2016-05-10', warrantyEndDate: '2022-05-10' },
      owners: [{ hasEmail: true, hasPhone: true }],
    };
    const life = { ...allOn, enabled: ['waterHeaterLife'] as ReminderKind[] };
    expect(dueReminders(u, life, '2026-05-09')).toEqual([]);
    expect(dueReminders(u, life, '2026-05-10')).toEqual([
      { kind: 'waterHeaterLife', episodeKey: 'waterHeaterLife:u1:2016-05-10' },
    ]);
  });
});
