import {
  padSettingsSchema,
  type BankView,
  type DebitAmountBasis,
  type FieldIssue,
  type PadChannel,
  type PadSettings,
} from '@copro/domain';
import { prepareWith, type Prepared } from '../../ui/prepare';

type Cpa005 = NonNullable<PadSettings['cpa005']>;
export type Cpa005Currency = Cpa005['currency'];
export const cpa005Currencies: readonly Cpa005Currency[] = ['CAD', 'USD'];

/** The CPA-005 fields as typed (every one a text box but the currency). */
export interface Cpa005Values {
  originatorId: string;
  shortName: string;
  longName: string;
  destinationDataCentre: string;
  currency: Cpa005Currency;
  returnInstitution: string;
  returnTransit: string;
  returnAccount: string;
}

/** The CPA-005 boxes, in the card's order (the currency is a select). */
export const cpa005TextFields = [
  'originatorId',
  'shortName',
  'longName',
  'destinationDataCentre',
  'returnInstitution',
  'returnTransit',
  'returnAccount',
] as const satisfies readonly (keyof Cpa005Values)[];

/** The settings card as typed; '' for a bank not chosen. */
export interface SettingsValues {
  channel: PadChannel;
  debitAmount: DebitAmountBasis;
  bankUuid: string;
  cpa005: Cpa005Values;
}

/** The building's default bank (named by its ledger account id) while it is in use, else none. */
export function defaultBankUuid(banks: readonly BankView[], defaultBankAccountAID: string | null): string {
  const bank = banks.find(
    (candidate) => !candidate.archived && String(candidate.aid) === defaultBankAccountAID,
  );
  return bank?.uuid ?? '';
}

const isCurrency = (value: string): value is Cpa005Currency =>
  (cpa005Currencies as readonly string[]).includes(value);

/**
 * The form from the saved settings; a building never set up starts on the partner's channel with
 * the month's fee, its default bank, and a CPA-005 currency of its own when the format has it.
 */
export function settingsValues(
  settings: PadSettings | null,
  defaults: { bankUuid: string; currency: string },
): SettingsValues {
  const cpa = settings?.cpa005;
  return {
    channel: settings?.channel ?? 'otonom',
    debitAmount: settings?.debitAmount ?? 'monthlyFee',
    bankUuid: settings ? (settings.bankUuid ?? '') : defaults.bankUuid,
    cpa005: {
      originatorId: cpa?.originatorId ?? '',
      shortName: cpa?.shortName ?? '',
      longName: cpa?.longName ?? '',
      destinationDataCentre: cpa?.destinationDataCentre ?? '',
      currency: cpa?.currency ?? (isCurrency(defaults.currency) ? defaults.currency : 'CAD'),
      returnInstitution: cpa?.returnInstitution ?? '',
      returnTransit: cpa?.returnTransit ?? '',
      returnAccount: cpa?.returnAccount ?? '',
    },
  };
}

const cpa005Schema = padSettingsSchema.shape.cpa005.unwrap();

/** The CPA-005 boxes without the spaces around what was typed (a blank box is then "required"). */
const trimmed = (cpa: Cpa005Values): Cpa005Values => ({
  ...cpa,
  originatorId: cpa.originatorId.trim(),
  shortName: cpa.shortName.trim(),
  longName: cpa.longName.trim(),
  destinationDataCentre: cpa.destinationDataCentre.trim(),
  returnInstitution: cpa.returnInstitution.trim(),
  returnTransit: cpa.returnTransit.trim(),
  returnAccount: cpa.returnAccount.trim(),
});

/**
 * The body of PUT …/otonom/settings (`padSettingsSchema`), or what to correct. The bank is asked
 * here although the schema lets it be left out: no debit lands and no payment leaves without it.
 * The CPA-005 fields are checked for that channel only; on the partner's channel they are kept
 * when complete (going back and forth between channels loses nothing) and otherwise left out.
 */
export function prepareSettings(values: SettingsValues): Prepared<PadSettings> {
  const issues: FieldIssue[] = [];
  if (values.bankUuid === '') issues.push({ path: ['bankUuid'], key: 'otonom.validation.noBank' });
  const cpa = trimmed(values.cpa005);
  const cpa005 = values.channel === 'cpa005' || cpa005Schema.safeParse(cpa).success ? cpa : undefined;
  return prepareWith(
    padSettingsSchema,
    {
      channel: values.channel,
      debitAmount: values.debitAmount,
      bankUuid: values.bankUuid,
      ...(cpa005 ? { cpa005 } : {}),
    },
    issues,
  );
}
