import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { billingGraceDays, billingStatusOf } from './billing';
import { idPattern, isBuildingGroupId, newBuildingGroupId } from './ids';
import { languageOf, resolveLanguage } from './locale';
import { newFiscalYearProblem } from './schemas/building';
import { parseRemoteConfig } from './schemas/remote-config';

const day = 86_400_000;
const now = new Date('2026-11-22T12:00:00Z');

describe('billing status (SPEC 4)', () => {
  it('is unknown without an account, paid until the paid-until date, then within grace, then unpaid', () => {
    expect(billingStatusOf(null, now)).toBe('unknown');
    const at = (offsetDays: number) =>
      billingStatusOf({ status: 'active', paidUntil: new Date(now.getTime() + offsetDays * day) }, now);
    expect(at(1)).toBe('paid');
    expect(at(0)).toBe('paid');
    expect(at(-1)).toBe('within-grace-period');
    expect(at(-billingGraceDays)).toBe('within-grace-period');
    expect(at(-billingGraceDays - 1)).toBe('unpaid');
  });

  it('without a paid-until date, active and trialing accounts are paid; cancelled ones are not', () => {
    expect(billingStatusOf({ status: 'trialing', paidUntil: null }, now)).toBe('paid');
    expect(billingStatusOf({ status: 'active', paidUntil: null }, now)).toBe('paid');
    expect(billingStatusOf({ status: 'canceled', paidUntil: null }, now)).toBe('unpaid');
    expect(billingStatusOf({ status: 'pay_now', paidUntil: null }, now)).toBe('unpaid');
  });
});

describe('ids (SPEC 5)', () => {
  it('building group ids are bg_ and 22 alphanumerics', () => {
    fc.assert(
      fc.property(fc.constant(null), () => isBuildingGroupId(newBuildingGroupId())),
      { numRuns: 200 },
    );
    expect(idPattern('bg').test('bg_short')).toBe(false);
    expect(isBuildingGroupId('bg_abcdefghijklmnopqrstu!')).toBe(false);
  });
});

describe('language (SPEC 5)', () => {
  it('is French when the locale starts with fr, and the user setting wins over the browser', () => {
    expect(languageOf('fr-CA')).toBe('fr');
    expect(languageOf('FR')).toBe('fr');
    expect(languageOf('en-CA')).toBe('en');
    expect(languageOf(undefined)).toBe('en');
    expect(resolveLanguage(null, 'fr-CA,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(resolveLanguage('en-CA', 'fr-CA')).toBe('en');
    expect(resolveLanguage(null, null)).toBe('en');
  });
});

describe('new fiscal year (SPEC 5)', () => {
  it('must be at least the latest start and at most now', () => {
    const latest = new Date('2026-01-01');
    expect(newFiscalYearProblem(new Date('2025-12-31'), latest, now)).toBe('validation.dateTooEarly');
    expect(newFiscalYearProblem(new Date('2026-01-01'), latest, now)).toBeNull();
    expect(newFiscalYearProblem(new Date('2026-12-01'), latest, now)).toBe('validation.dateTooLate');
  });
});

describe('remote config (SPEC 9)', () => {
  it('has the SPEC defaults and falls back to them when the document does not parse', () => {
    const defaults = parseRemoteConfig(undefined);
    expect(defaults).toMatchObject({
      maintenance: { active: false },
      latestVersion: '1.0.0',
      notificationRetentionDays: 30,
      transactionsPerPage: 20,
      paymentMethods: {
        card: true,
        canadianPreAuthorizedDebit: true,
        wireTransfer: true,
        applePay: false,
        googlePay: false,
      },
    });
    expect(Object.values(defaults.featureFlags).every((v) => v === false)).toBe(true);
    expect(parseRemoteConfig({ transactionsPerPage: 'x' })).toEqual(defaults);
    expect(parseRemoteConfig({ featureFlags: { files: true } }).featureFlags.files).toBe(true);
  });
});
