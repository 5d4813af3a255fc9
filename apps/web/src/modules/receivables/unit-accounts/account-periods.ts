import type { UnitAccountView } from '@copro/domain';

/** The account of the present owners: the one the sale has not ended, else the latest. */
export const currentAccount = (accounts: readonly UnitAccountView[]): UnitAccountView | undefined =>
  accounts.find((account) => account.until === null) ?? accounts.at(-1);

/**
 * The account the ledger shows: the one picked, while it is still one of the unit's; else the
 * current one; else the unit's own (the accounts not loaded, or not readable).
 */
export function shownAid(
  accounts: readonly UnitAccountView[],
  chosen: number | null,
  unitAid: number,
): number {
  if (chosen !== null && accounts.some((account) => account.aid === chosen)) return chosen;
  return currentAccount(accounts)?.aid ?? unitAid;
}

/** A message key with its parameters: translated where it is shown. */
export interface Phrase {
  key: string;
  params: Record<string, string>;
}

/**
 * How an ownership period is named in the selector: "Former owners (names), until <date>",
 * "Current owners (names), since <date>". `day` formats a date.
 */
export function periodPhrase(
  account: UnitAccountView,
  isCurrent: boolean,
  day: (isoDate: string) => string,
  noOwner: string,
): Phrase {
  const owners = account.ownerNames.join(', ') || noOwner;
  if (!isCurrent)
    return account.until
      ? { key: 'unitSale.periods.formerUntil', params: { owners, until: day(account.until) } }
      : { key: 'unitSale.periods.former', params: { owners } };
  return account.from
    ? { key: 'unitSale.periods.currentSince', params: { owners, from: day(account.from) } }
    : { key: 'unitSale.periods.current', params: { owners } };
}

/** DOMAIN 6: a former owner's account is closed once it owes nothing and is owed nothing. */
export const canCloseAccount = (account: UnitAccountView, isCurrent: boolean): boolean =>
  !isCurrent && account.closedAt === null && account.balance === 0;

/** Former accounts still to be brought to zero and closed (a balance was left with the seller). */
export const accountsToSettle = (accounts: readonly UnitAccountView[]): UnitAccountView[] => {
  const current = currentAccount(accounts);
  return accounts.filter(
    (account) => account !== current && account.soldAndNeedToSetBalanceToZero && account.closedAt === null,
  );
};
