import {
  bankEntryRules,
  defaultCounterpart,
  type BankEntryType,
  type CounterpartHints,
} from './bank-entry-rules';
import type { BankEntryValues } from './bank-entry-values';
import type { AccountKind } from './ledger-accounts';

/** What the form knows of the building to fill the entry in for the user. */
export interface BankEntryContext {
  hintsFor: (bank: string) => CounterpartHints;
  kindOf: (aid: string) => AccountKind | undefined;
  /** The entry type's name, which is also the description until the user writes one. */
  labelOf: (type: BankEntryType) => string;
}

const preset = (type: BankEntryType, bank: string, context: BankEntryContext): string => {
  const aid = defaultCounterpart(type, context.hintsFor(bank));
  return aid === undefined || String(aid) === bank ? '' : String(aid);
};

/**
 * The other line's account after the type or the bank changed: an account the user picked stays
 * while it still fits; one the form had preset follows the new type or bank.
 */
function counterpartAfter(
  before: BankEntryValues,
  type: BankEntryType,
  bank: string,
  context: BankEntryContext,
) {
  const current = before.counterpart;
  const kind = context.kindOf(current);
  const picked = current !== '' && current !== preset(before.type, before.bank, context);
  const fits = kind !== undefined && bankEntryRules[type].counterpartKinds.includes(kind) && current !== bank;
  return picked && fits ? current : preset(type, bank, context);
}

export function newBankEntry(bank: string, type: BankEntryType, date: string, context: BankEntryContext) {
  return {
    bank,
    type,
    date,
    amount: '',
    counterpart: preset(type, bank, context),
    description: context.labelOf(type),
  } satisfies BankEntryValues;
}

export function withType(
  values: BankEntryValues,
  type: BankEntryType,
  context: BankEntryContext,
): BankEntryValues {
  const described = values.description.trim() !== '' && values.description !== context.labelOf(values.type);
  return {
    ...values,
    type,
    counterpart: counterpartAfter(values, type, values.bank, context),
    description: described ? values.description : context.labelOf(type),
  };
}

export function withBank(values: BankEntryValues, bank: string, context: BankEntryContext): BankEntryValues {
  return { ...values, bank, counterpart: counterpartAfter(values, values.type, bank, context) };
}
