import {
  formatCents,
  formatPercent,
  parseCents,
  parsePercent,
  parseWholeNumber,
  unitCreateSchema,
  unitEditSchema,
  unitSelfEditSchema,
  type Insurance,
  type Language,
  type UnitCreate,
  type UnitEdit,
  type UnitPerson,
  type UnitSelfEdit,
  type UnitView,
  type WaterHeater,
} from '@copro/domain';
import {
  invalidAmountKey,
  invalidDayKey,
  invalidPercentKey,
  NumberReader,
  validated,
  type Prepared,
} from './prepare';

/**
 * What the unit forms hold (text as typed, so "12,5" stays "12,5" until saved) and how it becomes
 * the body the API validates with the same shared schema.
 */

export const personRoles = ['owners', 'residents', 'proxies'] as const;
export type PersonRole = (typeof personRoles)[number];

export interface PersonLinkValues {
  personUuid: string;
  from: string;
  to: string;
}

export interface InsuranceValues {
  provider: string;
  policyNumber: string;
  /** Dollars as typed. */
  civilResponsibilityAmount: string;
  endDate: string;
}

export interface WaterHeaterValues {
  installationDate: string;
  warrantyEndDate: string;
  location: string;
}

export interface PapersValues {
  insurance: InsuranceValues;
  waterHeater: WaterHeaterValues;
}

export interface UnitFormValues extends PapersValues {
  /** Given only when the unit is created (DOMAIN 6). */
  number: string;
  /** A percentage as typed, given only when the unit is created. */
  voteShare: string;
  floor: string;
  owners: PersonLinkValues[];
  residents: PersonLinkValues[];
  proxies: PersonLinkValues[];
  parkings: string[];
  lockers: string[];
  paymentDay: string;
  automaticPayment: boolean;
  noMonthlyFees: boolean;
  notes: string;
}

export const insuranceValues = (insurance: Insurance, language: Language): InsuranceValues => ({
  provider: insurance.provider ?? '',
  policyNumber: insurance.policyNumber ?? '',
  civilResponsibilityAmount:
    insurance.civilResponsibilityAmount === undefined
      ? ''
      : formatCents(insurance.civilResponsibilityAmount, language),
  endDate: insurance.endDate ?? '',
});

export const waterHeaterValues = (heater: WaterHeater): WaterHeaterValues => ({
  installationDate: heater.installationDate ?? '',
  warrantyEndDate: heater.warrantyEndDate ?? '',
  location: heater.location ?? '',
});

const linkValues = (links: readonly UnitPerson[]): PersonLinkValues[] =>
  links.map((link) => ({ personUuid: link.personUuid, from: link.from ?? '', to: link.to ?? '' }));

export const papersValues = (unit: UnitView, language: Language): PapersValues => ({
  insurance: insuranceValues(unit.insurance, language),
  waterHeater: waterHeaterValues(unit.waterHeater),
});

/** The form of an existing unit, or an empty one for a new unit. */
export function unitFormValues(unit: UnitView | undefined, language: Language): UnitFormValues {
  return {
    number: unit?.number ?? '',
    voteShare: unit ? formatPercent(unit.voteShare, language) : '',
    floor: unit?.floor ?? '',
    owners: linkValues(unit?.owners ?? []),
    residents: linkValues(unit?.residents ?? []),
    proxies: linkValues(unit?.proxies ?? []),
    parkings: [...(unit?.parkings ?? [])],
    lockers: [...(unit?.lockers ?? [])],
    paymentDay: unit?.paymentDay === undefined ? '' : String(unit.paymentDay),
    automaticPayment: unit?.automaticPayment ?? false,
    noMonthlyFees: unit?.noMonthlyFees ?? false,
    notes: unit?.notes ?? '',
    insurance: insuranceValues(unit?.insurance ?? {}, language),
    waterHeater: waterHeaterValues(unit?.waterHeater ?? {}),
  };
}

function papersRaw(values: PapersValues, numbers: NumberReader) {
  return {
    insurance: {
      provider: values.insurance.provider.trim(),
      policyNumber: values.insurance.policyNumber.trim(),
      civilResponsibilityAmount: numbers.read(
        values.insurance.civilResponsibilityAmount,
        ['insurance', 'civilResponsibilityAmount'],
        parseCents,
        invalidAmountKey,
      ),
      endDate: values.insurance.endDate,
    },
    waterHeater: {
      installationDate: values.waterHeater.installationDate,
      warrantyEndDate: values.waterHeater.warrantyEndDate,
      location: values.waterHeater.location.trim(),
    },
  };
}

/** The owners' and proxies' own edit: insurance and water heater only. */
export function prepareUnitPapers(values: PapersValues): Prepared<UnitSelfEdit> {
  const numbers = new NumberReader();
  const raw = papersRaw(values, numbers);
  return validated(unitSelfEditSchema, raw, numbers);
}

function unitRaw(values: UnitFormValues, numbers: NumberReader) {
  // DOMAIN 6, also said by the schema, but only once every other field is right: say it at once.
  if (values.automaticPayment && values.paymentDay.trim() === '') {
    numbers.issues.push({ path: ['paymentDay'], key: 'validation.required' });
  }
  const links = (list: PersonLinkValues[]) =>
    list.map((link) => ({ personUuid: link.personUuid, from: link.from, to: link.to }));
  return {
    floor: values.floor.trim(),
    owners: links(values.owners),
    residents: links(values.residents),
    proxies: links(values.proxies),
    parkings: values.parkings,
    lockers: values.lockers,
    paymentDay: numbers.read(values.paymentDay, ['paymentDay'], parseWholeNumber, invalidDayKey),
    automaticPayment: values.automaticPayment,
    noMonthlyFees: values.noMonthlyFees,
    notes: values.notes.trim(),
    ...papersRaw(values, numbers),
  };
}

/** A new unit: the number and the vote share (typed as a percentage) come with it. */
export function prepareUnitCreate(values: UnitFormValues): Prepared<UnitCreate> {
  const numbers = new NumberReader();
  const raw = {
    ...unitRaw(values, numbers),
    // French users write 12,5 for unit 12.5; the number is stored with a dot.
    number: values.number.trim().replace(',', '.'),
    voteShare: numbers.read(values.voteShare, ['voteShare'], parsePercent, invalidPercentKey),
  };
  return validated(unitCreateSchema, raw, numbers);
}

/** An edit replaces every editable field; the number and the vote share are not among them. */
export function prepareUnitEdit(values: UnitFormValues): Prepared<UnitEdit> {
  const numbers = new NumberReader();
  return validated(unitEditSchema, unitRaw(values, numbers), numbers);
}
