import type { BankView } from '@copro/domain';
import { compareText } from '../../ui/compare';
import type { ListSort } from '../../ui/record-browser';

export const bankName = (bank: BankView): string => bank.name;

export const bankSearchText = (bank: BankView): string =>
  [bank.name, String(bank.aid), bank.number ?? ''].join(' ');

export const bankSorts: ListSort<BankView>[] = [
  { key: 'name', labelKey: 'banks.sortName', compare: (a, b) => compareText(a.name, b.name) },
  { key: 'aid', labelKey: 'banks.sortAccount', compare: (a, b) => a.aid - b.aid },
];

/** The building's default bank account is named by its ledger account id (SPEC 3 Building). */
export const isDefaultBank = (bank: BankView, defaultBankAccountAID: string | null): boolean =>
  defaultBankAccountAID === String(bank.aid);
