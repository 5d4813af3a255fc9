import { z } from 'zod';
import { translate } from './i18n/index';
import { languageOf, localeOf, type Language } from './locale';
import { insuranceStatus, waterHeaterStatus } from './registry-alerts';
import type { PersonView, UnitPerson, UnitView } from './schemas/registry';

/** The registry reports (SPEC 2: units/reports and people/reports). */
export const registryReports = ['roster', 'contacts', 'insurance', 'waterHeaters'] as const;
export type RegistryReport = (typeof registryReports)[number];

export const isRegistryReport = (value: string): value is RegistryReport =>
  (registryReports as readonly string[]).includes(value);

/** Every report the reports route serves: the registry's, and the budget's (DOMAIN 3). */
export type BuildingReport = RegistryReport | 'budget';

export interface ReportColumn {
  /** i18n key of the column header. */
  key: string;
  /** Values the header's text takes (a month's name). */
  params?: Record<string, string>;
  /**
   * Dates are YYYY-MM-DD text; spreadsheets store them as dates. Money cells are amounts
   * ({@link MoneyCell}); spreadsheets store them as numbers.
   */
  kind: (typeof reportColumnKinds)[number];
}

export const reportColumnKinds = ['text', 'date', 'money'] as const;

/** An amount: its cents for spreadsheets, and its text in the reader's language for the rest. */
export interface MoneyCell {
  cents: number;
  text: string;
}
export type ReportCell = string | MoneyCell;

/** What a page, a PDF or a CSV shows of a cell. */
export const cellText = (cell: ReportCell | undefined): string =>
  cell === undefined ? '' : typeof cell === 'string' ? cell : cell.text;

/** One table of a report as the page shows it: the headers, and every cell as text. */
export const reportTableJsonSchema = z.object({
  /** Above the table when the report has several. */
  heading: z.string().optional(),
  columns: z.array(z.string()),
  kinds: z.array(z.enum(reportColumnKinds)),
  rows: z.array(z.array(z.string())),
  /** Indexes of the rows that sum up the others. */
  totalRows: z.array(z.number().int()),
});
export type ReportTableJson = z.infer<typeof reportTableJsonSchema>;

/** A report's JSON form (format=json): its words already in the reader's language. */
export const reportJsonSchema = reportTableJsonSchema.extend({
  title: z.string(),
  /** A line the reader must not miss (a budget that is only a draft). */
  notice: z.string().optional(),
  emptyText: z.string(),
  /** The tables after the first one. */
  sections: z.array(reportTableJsonSchema).optional(),
});
export type ReportJson = z.infer<typeof reportJsonSchema>;

/** A report as rows of plain text, ready for a page, a PDF or a spreadsheet. */
export interface ReportTable {
  columns: ReportColumn[];
  rows: string[][];
}

export interface RegistryReportInput {
  units: readonly UnitView[];
  people: readonly PersonView[];
  /** YYYY-MM-DD, in the building's time zone. */
  today: string;
  /** The reader's language: roles, statuses and phone types are written in it. */
  language: Language;
}

const unitRoles = ['owners', 'residents', 'proxies'] as const;
type UnitRole = (typeof unitRoles)[number];

/** Several values in one cell (emails, phones, names). */
const listSeparator = '; ';

const text = (key: string): ReportColumn => ({ key: `reports.columns.${key}`, kind: 'text' });
const date = (key: string): ReportColumn => ({ key: `reports.columns.${key}`, kind: 'date' });

// Numeric-aware, so unit 9 comes before unit 10.
const unitOrder = new Intl.Collator('en', { numeric: true });
const byNumber = (a: UnitView, b: UnitView): number => unitOrder.compare(a.number, b.number);

export const fullName = (person: Pick<PersonView, 'firstName' | 'lastName'>): string =>
  [person.firstName, person.lastName].filter((part) => part !== undefined && part !== '').join(' ');

/** A link counts today when it has started and not yet ended. */
const inEffect = (link: UnitPerson, today: string): boolean =>
  (link.from === undefined || link.from <= today) && (link.to === undefined || link.to >= today);

const join = (values: readonly (string | undefined)[], separator = listSeparator): string =>
  values.filter((v): v is string => v !== undefined && v !== '').join(separator);

/** What every report shares: the live records, looked up by uuid, and translations in one language. */
function context(input: RegistryReportInput) {
  const people = new Map(input.people.filter((p) => !p.archived).map((p) => [p.uuid, p]));
  const units = input.units.filter((u) => !u.archived).sort(byNumber);
  const t = (key: string): string => translate(input.language, key);
  const phones = (person: PersonView): string =>
    join(person.phones.map((phone) => `${phone.number} (${t(`reports.phoneTypes.${phone.type}`)})`));
  /** The people a unit lists under `role` who are still in the registry, with their links. */
  const linked = (unit: UnitView, role: UnitRole) =>
    unit[role].flatMap((link) => {
      const person = people.get(link.personUuid);
      return person ? [{ link, person }] : [];
    });
  const currentOwners = (unit: UnitView) =>
    linked(unit, 'owners')
      .filter(({ link }) => inEffect(link, input.today))
      .map(({ person }) => person);
  const ownerCells = (unit: UnitView): [string, string] => {
    const owners = currentOwners(unit);
    return [join(owners.map(fullName)), join([...new Set(owners.flatMap((p) => p.emails))])];
  };
  return { people, units, t, phones, linked, ownerCells };
}

const roleKey: Record<UnitRole, string> = {
  owners: 'reports.roles.owner',
  residents: 'reports.roles.resident',
  proxies: 'reports.roles.proxy',
};

/** Each unit with every owner, resident and proxy it lists, past and future ones with their dates. */
function roster(input: RegistryReportInput): ReportTable {
  const { units, t, phones, linked } = context(input);
  const rows = units.flatMap((unit) => {
    const people = unitRoles.flatMap((role) =>
      linked(unit, role).map(({ link, person }) => [
        unit.number,
        t(roleKey[role]),
        fullName(person),
        join(person.emails),
        phones(person),
        link.from ?? '',
        link.to ?? '',
      ]),
    );
    // A unit nobody is linked to still shows, so the gap is seen.
    return people.length > 0 ? people : [[unit.number, '', '', '', '', '', '']];
  });
  return {
    columns: [
      text('unit'),
      text('role'),
      text('name'),
      text('emails'),
      text('phones'),
      date('from'),
      date('to'),
    ],
    rows,
  };
}

/** Every person of the registry, by last name, with the units they hold today. */
function contacts(input: RegistryReportInput): ReportTable {
  const { people, units, t, phones, linked } = context(input);
  const names = new Intl.Collator(localeOf(input.language), { sensitivity: 'base', numeric: true });
  const holdings = new Map<string, string[]>();
  for (const unit of units) {
    for (const role of unitRoles) {
      for (const { link, person } of linked(unit, role)) {
        if (!inEffect(link, input.today)) continue;
        const held = holdings.get(person.uuid) ?? [];
        held.push(`${unit.number} (${t(roleKey[role])})`);
        holdings.set(person.uuid, held);
      }
    }
  }
  const sorted = [...people.values()].sort(
    (a, b) => names.compare(a.lastName, b.lastName) || names.compare(a.firstName ?? '', b.firstName ?? ''),
  );
  const rows = sorted.map((person) => {
    const { street, city, state, zip, country } = person.address;
    const { name, phone, email } = person.emergencyContact;
    return [
      fullName(person),
      join(person.emails),
      phones(person),
      join([street, city, join([state, zip], ' '), country], ', '),
      person.locale ? t(`language.${languageOf(person.locale)}`) : '',
      join(holdings.get(person.uuid) ?? []),
      join([name, phone, email], ', '),
    ];
  });
  return {
    columns: [
      text('name'),
      text('emails'),
      text('phones'),
      text('address'),
      text('language'),
      text('units'),
      text('emergencyContact'),
    ],
    rows,
  };
}

/** Units whose insurance is missing, expired or ending soon (DOMAIN 11). */
function insurance(input: RegistryReportInput): ReportTable {
  const { units, t, ownerCells } = context(input);
  const rows = units.flatMap((unit) => {
    const status = insuranceStatus(unit.insurance, unit.insuranceProof !== null, input.today);
    if (status === 'valid') return [];
    const { provider, policyNumber, endDate } = unit.insurance;
    return [
      [
        unit.number,
        t(`reports.insuranceStatus.${status}`),
        provider ?? '',
        policyNumber ?? '',
        endDate ?? '',
        ...ownerCells(unit),
      ],
    ];
  });
  return {
    columns: [
      text('unit'),
      text('status'),
      text('provider'),
      text('policyNumber'),
      date('endDate'),
      text('owners'),
      text('ownersEmails'),
    ],
    rows,
  };
}

/** Units whose water heater is past its warranty or has no warranty date on file. */
function waterHeaters(input: RegistryReportInput): ReportTable {
  const { units, t, ownerCells } = context(input);
  const rows = units.flatMap((unit) => {
    const status = waterHeaterStatus(unit.waterHeater, input.today);
    if (status === 'underWarranty') return [];
    const { installationDate, warrantyEndDate, location } = unit.waterHeater;
    return [
      [
        unit.number,
        t(`reports.waterHeaterStatus.${status}`),
        installationDate ?? '',
        warrantyEndDate ?? '',
        location ?? '',
        ...ownerCells(unit),
      ],
    ];
  });
  return {
    columns: [
      text('unit'),
      text('status'),
      date('installationDate'),
      date('warrantyEndDate'),
      text('location'),
      text('owners'),
      text('ownersEmails'),
    ],
    rows,
  };
}

const builders: Record<RegistryReport, (input: RegistryReportInput) => ReportTable> = {
  roster,
  contacts,
  insurance,
  waterHeaters,
};

/** The rows of one registry report; archived units and people are left out. */
export const registryReport = (report: RegistryReport, input: RegistryReportInput): ReportTable =>
  builders[report](input);
