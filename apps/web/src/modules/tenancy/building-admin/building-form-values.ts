import {
  buildingRoles,
  paymentMethods,
  taxCodes,
  type BuildingRole,
  type BuildingSettings,
  type BuildingView,
  type FieldIssue,
  type Language,
} from '@copro/domain';
import {
  formatCents,
  formatPercent,
  parseCents,
  parsePercent,
  parseWholeNumber,
  taxRatePresets,
} from '@copro/domain';

export type PaymentMethod = (typeof paymentMethods)[number];
export type TaxCode = (typeof taxCodes)[number];

type Flags<P extends string, K extends string> = { [Key in `${P}.${K}`]: boolean };
type TaxFields = { [Key in `taxes.${TaxCode}.isActive`]: boolean } & {
  [Key in `taxes.${TaxCode}.rate`]: string;
};

/**
 * The building form, flat: inputs hold text (money in dollars, rates in percent) and one flag per
 * option of a multi-select; field names are the API paths, so validation messages land under
 * their input.
 */
export type BuildingFormValues = {
  name: string;
  type: string;
  email: string;
  phone: string;
  floors: string;
  locale: string;
  timeZone: string;
  logoUrl: string;
  'address.street': string;
  'address.city': string;
  'address.state': string;
  'address.country': string;
  'address.zip': string;
  currency: string;
  lowBalanceWarningThreshold: string;
  minimumUnitBalanceBeforeChargingPenalties: string;
  numberOfApprovalsRequired: string;
  numberOfMonthsUnitHasUnpaidBalanceBeforeAlert: string;
  ownersFinancesAccess: string;
  selfServiceEditAccess: string;
  requestTagsMandatory: boolean;
  sendEmailOnCheckSaved: boolean;
  sendNoEmails: boolean;
  'otonom.apiVersion': string;
  'otonom.automaticallySend.suppliers': boolean;
  'otonom.automaticallySend.units': boolean;
  'otonom.clientId': string;
  'otonom.id': string;
} & Flags<'paymentMethodsRequiringApproval', PaymentMethod> &
  Flags<'rolesThatReceiveAlerts', BuildingRole> &
  TaxFields;

export type ListSetting = 'paymentMethodsRequiringApproval' | 'rolesThatReceiveAlerts';

function flags<P extends ListSetting, K extends string>(
  prefix: P,
  options: readonly K[],
  selected: readonly string[],
): Flags<P, K> {
  // Built from the option list, so every key of the mapped type is present.
  return Object.fromEntries(
    options.map((option) => [`${prefix}.${option}`, selected.includes(option)]),
  ) as Flags<P, K>;
}

function taxFields(taxes: BuildingSettings['taxes'], language: Language): TaxFields {
  return Object.fromEntries(
    taxCodes.flatMap((code) => {
      const tax = taxes.find((t) => t.id === code);
      return [
        [`taxes.${code}.isActive`, tax?.isActive ?? false],
        // A tax not set yet shows its current rate (issue 15: each province's rate preset, editable).
        [
          `taxes.${code}.rate`,
          formatPercent(tax && tax.rate !== 0 ? tax.rate : taxRatePresets[code], language),
        ],
      ];
    }),
  ) as TaxFields;
}

export function toFormValues(b: BuildingView, language: Language): BuildingFormValues {
  return {
    name: b.name,
    type: b.type,
    email: b.email ?? '',
    phone: b.phone ?? '',
    floors: b.floors === undefined ? '' : String(b.floors),
    locale: b.locale,
    timeZone: b.timeZone,
    logoUrl: b.logoUrl ?? '',
    'address.street': b.address.street ?? '',
    'address.city': b.address.city ?? '',
    'address.state': b.address.state ?? '',
    'address.country': b.address.country ?? '',
    'address.zip': b.address.zip ?? '',
    currency: b.currency,
    lowBalanceWarningThreshold: formatCents(b.lowBalanceWarningThreshold, language),
    minimumUnitBalanceBeforeChargingPenalties: formatCents(
      b.minimumUnitBalanceBeforeChargingPenalties,
      language,
    ),
    numberOfApprovalsRequired: String(b.numberOfApprovalsRequired),
    numberOfMonthsUnitHasUnpaidBalanceBeforeAlert: String(b.numberOfMonthsUnitHasUnpaidBalanceBeforeAlert),
    ownersFinancesAccess: b.ownersFinancesAccess,
    selfServiceEditAccess: b.selfServiceEditAccess,
    requestTagsMandatory: b.requestTagsMandatory,
    sendEmailOnCheckSaved: b.sendEmailOnCheckSaved,
    sendNoEmails: b.sendNoEmails,
    'otonom.apiVersion': b.otonom.apiVersion ?? '',
    'otonom.automaticallySend.suppliers': b.otonom.automaticallySend?.suppliers ?? false,
    'otonom.automaticallySend.units': b.otonom.automaticallySend?.units ?? false,
    'otonom.clientId': b.otonom.clientId ?? '',
    'otonom.id': b.otonom.id ?? '',
    ...flags('paymentMethodsRequiringApproval', paymentMethods, b.paymentMethodsRequiringApproval),
    ...flags('rolesThatReceiveAlerts', buildingRoles, b.rolesThatReceiveAlerts),
    ...taxFields(b.taxes, language),
  };
}

/** The settings as the form says them, not yet validated: the schema judges them next. */
export type SettingsDraft = { [K in keyof BuildingSettings]?: unknown };

export interface Draft {
  settings: SettingsDraft;
  /** Text that is not a number at all: reported as is, the schema never sees it. */
  issues: FieldIssue[];
}

export function toDraft(values: BuildingFormValues): Draft {
  const issues: FieldIssue[] = [];
  const numeric = (
    field: keyof BuildingFormValues & string,
    parse: (text: string) => number | null,
    key: string,
  ) => {
    const text = String(values[field]).trim();
    if (text === '') return undefined;
    const value = parse(text);
    if (value === null) issues.push({ path: field.split('.'), key });
    return value ?? undefined;
  };
  const rates = taxCodes.map((id) => ({
    id,
    isActive: values[`taxes.${id}.isActive`],
    rate: numeric(`taxes.${id}.rate`, parsePercent, 'admin.building.invalidPercent'),
  }));
  for (const id of taxCodes) {
    if (values[`taxes.${id}.isActive`] && values[`taxes.${id}.rate`].trim() === '')
      issues.push({ path: ['taxes', id, 'rate'], key: 'validation.required' });
  }
  return {
    issues,
    settings: {
      name: values.name,
      type: values.type,
      email: values.email,
      phone: values.phone,
      floors: numeric('floors', parseWholeNumber, 'admin.building.wholeNumber'),
      locale: values.locale,
      timeZone: values.timeZone,
      logoUrl: values.logoUrl,
      address: {
        street: values['address.street'],
        city: values['address.city'],
        state: values['address.state'],
        country: values['address.country'],
        zip: values['address.zip'],
      },
      currency: values.currency,
      lowBalanceWarningThreshold: numeric(
        'lowBalanceWarningThreshold',
        parseCents,
        'admin.building.invalidAmount',
      ),
      minimumUnitBalanceBeforeChargingPenalties: numeric(
        'minimumUnitBalanceBeforeChargingPenalties',
        parseCents,
        'admin.building.invalidAmount',
      ),
      numberOfApprovalsRequired: numeric(
        'numberOfApprovalsRequired',
        parseWholeNumber,
        'admin.building.wholeNumber',
      ),
      numberOfMonthsUnitHasUnpaidBalanceBeforeAlert: numeric(
        'numberOfMonthsUnitHasUnpaidBalanceBeforeAlert',
        parseWholeNumber,
        'admin.building.wholeNumber',
      ),
      ownersFinancesAccess: values.ownersFinancesAccess,
      selfServiceEditAccess: values.selfServiceEditAccess,
      requestTagsMandatory: values.requestTagsMandatory,
      sendEmailOnCheckSaved: values.sendEmailOnCheckSaved,
      sendNoEmails: values.sendNoEmails,
      otonom: {
        apiVersion: values['otonom.apiVersion'],
        automaticallySend: {
          suppliers: values['otonom.automaticallySend.suppliers'],
          units: values['otonom.automaticallySend.units'],
        },
        clientId: values['otonom.clientId'],
        id: values['otonom.id'],
      },
      paymentMethodsRequiringApproval: paymentMethods.filter(
        (m) => values[`paymentMethodsRequiringApproval.${m}`],
      ),
      rolesThatReceiveAlerts: buildingRoles.filter((r) => values[`rolesThatReceiveAlerts.${r}`]),
      // A tax neither active nor given a rate says nothing: it is left out.
      taxes: rates
        .filter((tax) => tax.isActive || (tax.rate !== undefined && tax.rate !== 0))
        .map((tax) => ({ ...tax, rate: tax.rate ?? 0 })),
    },
  };
}
