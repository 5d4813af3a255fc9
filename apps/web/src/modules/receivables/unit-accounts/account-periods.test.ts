import { describe, expect, it } from 'vitest';
import { cents, type UnitAccountView } from '@copro/domain';
import { accountsToSettle, canCloseAccount, currentAccount, periodPhrase, shownAid } from './account-periods';

const account = (aid: number, over: Partial<UnitAccountView> = {}): UnitAccountView => ({
  aid,
  from: null,
  until: null,
  ownerNames: [],
  balance: cents(0),
  soldAndNeedToSetBalanceToZero: false,
  closedAt: null,
  ...over,
});

const former = account(1201, {
  until: '2026-06-15',
  ownerNames: ['Marie Tremblay'],
  balance: cents(12000),
  soldAndNeedToSetBalanceToZero: true,
});
const current = account(1202, { from: '2026-06-15', ownerNames: ['Luc Roy', 'Ana Roy'] });

describe('ownership periods', () => {
  it('shows the current account unless another of the unit is picked', () => {
    expect(currentAccount([former, current])).toBe(current);
    expect(shownAid([former, current], null, 1201)).toBe(1202);
    expect(shownAid([former, current], 1201, 1202)).toBe(1201);
    expect(shownAid([former, current], 999, 1202)).toBe(1202);
    expect(shownAid([], null, 1201)).toBe(1201);
  });

  it('names each period by its owners and dates', () => {
    const day = (iso: string) => `<${iso}>`;
    expect(periodPhrase(former, false, day, '-')).toEqual({
      key: 'unitSale.periods.formerUntil',
      params: { owners: 'Marie Tremblay', until: '<2026-06-15>' },
    });
    expect(periodPhrase(current, true, day, '-')).toEqual({
      key: 'unitSale.periods.currentSince',
      params: { owners: 'Luc Roy, Ana Roy', from: '<2026-06-15>' },
    });
    expect(periodPhrase(account(5), true, day, 'nobody')).toEqual({
      key: 'unitSale.periods.current',
      params: { owners: 'nobody' },
    });
  });

  it('closes a former account only at zero and only once', () => {
    expect(canCloseAccount(former, false)).toBe(false);
    expect(canCloseAccount({ ...former, balance: cents(0) }, false)).toBe(true);
    expect(canCloseAccount({ ...former, balance: cents(0), closedAt: '2026-07-01T10:00:00Z' }, false)).toBe(
      false,
    );
    expect(canCloseAccount(account(7), true)).toBe(false);
  });

  it('lists the former accounts still to be set to zero', () => {
    expect(accountsToSettle([former, current])).toEqual([former]);
    expect(accountsToSettle([{ ...former, closedAt: '2026-07-01T10:00:00Z' }, current])).toEqual([]);
  });
});
