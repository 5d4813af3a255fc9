import type { BankAccountType, CategoryParent } from './schemas/accounts';
import type { Language } from './locale';

/**
 * The chart of accounts a new Quebec building starts with (DOMAIN 1 and 12). Names are given in
 * both languages and seeded in the building's language; the admin renames or adds accounts after.
 * `key` marks the accounts later features look for (the contingency fund for the 5% rule, the
 * accumulated surplus that closes the year, the condo-fee revenue a budget credits).
 */
export interface ChartAccount {
  key: string;
  parent: CategoryParent;
  name: Record<Language, string>;
}

export const defaultChartOfAccounts: readonly ChartAccount[] = [
  {
    key: 'otherReceivables',
    parent: 'accounts-receivable',
    name: { en: 'Other receivables', fr: 'Autres débiteurs' },
  },
  { key: 'prepaidExpenses', parent: 'assets', name: { en: 'Prepaid expenses', fr: 'Frais payés d’avance' } },
  {
    key: 'otherPayables',
    parent: 'accounts-payable',
    name: { en: 'Other payables', fr: 'Autres créditeurs' },
  },
  {
    key: 'accruedLiabilities',
    parent: 'liabilities',
    name: { en: 'Accrued liabilities', fr: 'Frais courus à payer' },
  },
  {
    key: 'feesReceivedInAdvance',
    parent: 'liabilities',
    name: { en: 'Fees received in advance', fr: 'Contributions perçues d’avance' },
  },
  {
    key: 'accumulatedSurplus',
    parent: 'capital',
    name: { en: 'Accumulated surplus', fr: 'Surplus accumulé' },
  },
  { key: 'contingencyFund', parent: 'capital', name: { en: 'Contingency fund', fr: 'Fonds de prévoyance' } },
  {
    key: 'selfInsuranceFund',
    parent: 'capital',
    name: { en: 'Self-insurance fund', fr: 'Fonds d’auto-assurance' },
  },
  { key: 'condoFees', parent: 'revenues', name: { en: 'Condo fees', fr: 'Charges communes' } },
  {
    key: 'contingencyFundContributions',
    parent: 'revenues',
    name: { en: 'Contingency fund contributions', fr: 'Contributions au fonds de prévoyance' },
  },
  {
    key: 'selfInsuranceFundContributions',
    parent: 'revenues',
    name: { en: 'Self-insurance fund contributions', fr: 'Contributions au fonds d’auto-assurance' },
  },
  {
    key: 'penaltiesAndFees',
    parent: 'revenues',
    name: { en: 'Penalties and fees', fr: 'Pénalités et frais' },
  },
  { key: 'interestIncome', parent: 'revenues', name: { en: 'Interest income', fr: 'Revenus d’intérêts' } },
  { key: 'otherRevenues', parent: 'revenues', name: { en: 'Other revenues', fr: 'Autres revenus' } },
  { key: 'insurance', parent: 'expenses', name: { en: 'Insurance', fr: 'Assurances' } },
  { key: 'electricity', parent: 'expenses', name: { en: 'Electricity', fr: 'Électricité' } },
  { key: 'heating', parent: 'expenses', name: { en: 'Heating and gas', fr: 'Chauffage et gaz' } },
  {
    key: 'maintenance',
    parent: 'expenses',
    name: { en: 'Maintenance and repairs', fr: 'Entretien et réparations' },
  },
  { key: 'cleaning', parent: 'expenses', name: { en: 'Cleaning', fr: 'Entretien ménager' } },
  { key: 'snowRemoval', parent: 'expenses', name: { en: 'Snow removal', fr: 'Déneigement' } },
  { key: 'landscaping', parent: 'expenses', name: { en: 'Landscaping', fr: 'Aménagement paysager' } },
  { key: 'elevator', parent: 'expenses', name: { en: 'Elevator', fr: 'Ascenseur' } },
  { key: 'management', parent: 'expenses', name: { en: 'Management fees', fr: 'Frais de gestion' } },
  {
    key: 'professionalFees',
    parent: 'expenses',
    name: { en: 'Professional fees', fr: 'Honoraires professionnels' },
  },
  { key: 'bankFees', parent: 'expenses', name: { en: 'Bank fees', fr: 'Frais bancaires' } },
  {
    key: 'officeExpenses',
    parent: 'expenses',
    name: { en: 'Office and administration', fr: 'Frais de bureau et d’administration' },
  },
];

export interface ChartBank {
  key: string;
  bankAccountType: BankAccountType;
  name: Record<Language, string>;
}

/** An operating account and the contingency fund's own account, which Quebec keeps separate. */
export const defaultBanks: readonly ChartBank[] = [
  {
    key: 'operating',
    bankAccountType: 'checking',
    name: { en: 'Operating account', fr: 'Compte d’exploitation' },
  },
  {
    key: 'contingencyFund',
    bankAccountType: 'saving',
    name: { en: 'Contingency fund account', fr: 'Compte du fonds de prévoyance' },
  },
];
