import type { TransactionKind } from '../ledger/transaction';
import { languageOf, type Language } from '../locale';
import type { PenaltyKind } from '../schemas/receivables';

/** What charging a penalty by hand posts, by the penalty's kind (DOMAIN 5). */
export const penaltyTransactionKind: Record<PenaltyKind, TransactionKind> = {
  customPenalty: 'unitCustomPenalty',
  customFee: 'unitCustomFee',
  defaultLatePaymentFee: 'unitLateFee',
  defaultInterests: 'unitInterestFee',
  defaultCheckReversalFee: 'unitDepositReversalFee',
};

/** Deposit numbers and references become transaction indexes, which accept only these characters. */
export const indexablePattern = /^[A-Za-z0-9-]{1,60}$/;

/**
 * The next deposit number of a year: one more than the highest whole number used so far, so
 * numbers typed by hand ("2026-A") do not stop the sequence.
 */
export function nextDepositNumber(existing: readonly string[]): string {
  const highest = existing
    .filter((n) => /^\d{1,15}$/.test(n))
    .reduce((max, n) => Math.max(max, Number(n)), 0);
  return String(highest + 1);
}

/**
 * The index key of an electronic payment: its reference with anything an index cannot hold turned
 * into dashes; the transaction's short id when nothing is left.
 */
export function electronicDepositKey(reference: string | undefined, transactionUuid: string): string {
  const key = (reference ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return key === '' ? transactionUuid.slice(0, 8) : key;
}

/** A person's mail is in their own language when they chose one, else in the building's. */
export const mailLanguage = (personLocale: string | null | undefined, buildingLocale: string): Language =>
  languageOf(personLocale || buildingLocale);
