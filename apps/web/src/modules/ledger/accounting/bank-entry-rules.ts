import { negateCents, type Cents, type Subtransaction, type TransactionKind } from '@copro/domain';
import type { AccountKind } from './ledger-accounts';

/** DOMAIN 9: the entries a bank's statement brings that no other feature writes. */
export const bankEntryTypes = ['interestReceived', 'interestPaid', 'capitalPaid', 'transfer', 'fee'] as const;
export type BankEntryType = (typeof bankEntryTypes)[number];

export interface BankEntryRule {
  kind: TransactionKind;
  /** Money in debits the bank account; money out credits it. */
  bankSide: 'debit' | 'credit';
  /** The accounts the other line may go to. */
  counterpartKinds: readonly AccountKind[];
  /** The category of the standard chart the other line goes to unless the user picks another. */
  counterpartSystemKey?: string;
  /** A loan is owed to the bank itself: its supplier account is the liability that capital repays. */
  counterpartIsBankSupplier?: boolean;
}

export const bankEntryRules: Record<BankEntryType, BankEntryRule> = {
  // Interest earned: the bank account grows, against interest income.
  interestReceived: {
    kind: 'bankInterestReceived',
    bankSide: 'debit',
    counterpartKinds: ['category'],
    counterpartSystemKey: 'interestIncome',
  },
  // Interest on a loan: an expense, paid from the bank account.
  interestPaid: { kind: 'bankInterestPaid', bankSide: 'credit', counterpartKinds: ['category'] },
  // Capital repaid: the debt shrinks, paid from the bank account.
  capitalPaid: {
    kind: 'bankCapitalPaid',
    bankSide: 'credit',
    counterpartKinds: ['category', 'supplier'],
    counterpartIsBankSupplier: true,
  },
  // The bank account chosen is the one the money leaves; the other line is the receiving bank.
  transfer: { kind: 'bankTransfer', bankSide: 'credit', counterpartKinds: ['bank'] },
  fee: {
    kind: 'bankFee',
    bankSide: 'credit',
    counterpartKinds: ['category'],
    counterpartSystemKey: 'bankFees',
  },
};

/** The two balanced lines of an entry, the bank account's first. */
export function bankEntryLines(
  type: BankEntryType,
  bankAid: number,
  counterpartAid: number,
  amount: Cents,
): Subtransaction[] {
  const bankAmount = bankEntryRules[type].bankSide === 'debit' ? amount : negateCents(amount);
  return [
    { aid: bankAid, amount: bankAmount },
    { aid: counterpartAid, amount: negateCents(bankAmount) },
  ];
}

/** What the building's chart offers for the other line: its standard categories, the bank's own supplier. */
export interface CounterpartHints {
  /** The aid of each category of the standard chart, by its system key. */
  systemAids: ReadonlyMap<string, number>;
  /** The aid of the supplier that stands for the chosen bank, if it has one. */
  bankSupplierAid?: number | undefined;
}

/** The account the other line starts on for a type of entry; undefined lets the user pick. */
export function defaultCounterpart(type: BankEntryType, hints: CounterpartHints): number | undefined {
  const rule = bankEntryRules[type];
  if (rule.counterpartIsBankSupplier) return hints.bankSupplierAid;
  return rule.counterpartSystemKey ? hints.systemAids.get(rule.counterpartSystemKey) : undefined;
}
