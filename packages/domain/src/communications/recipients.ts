import { z } from 'zod';
import type { BuildingRole } from '../permissions';
import type { Language } from '../locale';
import { mailLanguage } from '../receivables/payments';

/**
 * Who a post goes to (DOMAIN 11, SPEC 3 "Post": recipients all, owners, residents, parkings,
 * lockers, floor-{x}, unit-{x}, any combination).
 *
 * The rule, as of the post's date (a link counts when it has started and not ended that day,
 * like `ownerLinksOn`):
 * - `owners`: every owner of every unit, and every proxy (a proxy acts for an owner, so what the
 *   owners are told reaches them too);
 * - `residents`: every resident of every unit;
 * - `floor-{x}`: the owners, proxies and residents of the units whose floor is `x`;
 * - `unit-{x}`: the owners, proxies and residents of the unit numbered `x`;
 * - `parkings`: the people holding a parking: its renter person, and the owners, proxies and
 *   residents of the unit it is rented to or assigned to (listed in the unit's parkings);
 * - `lockers`: the owners, proxies and residents of the units a locker is assigned to;
 * - `all`: everyone any of the above names (every owner, proxy, resident and parking renter), so
 *   `all` always includes any other choice.
 * The recipients are the union of the values, each person once, with the numbers of the units
 * that made them a recipient (none for a renter named without a unit), their addresses, and their
 * language: their own, else the building's (`mailLanguage`). A person the registry no longer has
 * is left out.
 */

export const fixedRecipientValues = ['all', 'owners', 'residents', 'parkings', 'lockers'] as const;
export type FixedRecipientValue = (typeof fixedRecipientValues)[number];

/** A floor or unit number as the registry keeps them: short names (SPEC 5 short name max 30). */
const recipientValuePattern =
  /^(all|owners|residents|parkings|lockers|floor-[^\s].{0,29}|unit-[^\s].{0,29})$/;

export type RecipientValue = FixedRecipientValue | `floor-${string}` | `unit-${string}`;

export const recipientValueSchema = z
  .string()
  .regex(recipientValuePattern, { message: 'validation.wrongType' })
  .transform((value) => value as RecipientValue);

const dedupe = (values: RecipientValue[]): RecipientValue[] => [...new Set(values)];

/** Recipients as a template keeps them: possibly none yet. */
export const recipientValuesSchema = z.array(recipientValueSchema).max(2000).transform(dedupe);

/** Recipients of a post: at least one. */
export const postRecipientValuesSchema = z.array(recipientValueSchema).min(1).max(2000).transform(dedupe);

export interface RecipientLink {
  personUuid: string;
  from?: string;
  to?: string;
}

export interface RecipientUnit {
  uuid: string;
  number: string;
  floor?: string;
  owners: readonly RecipientLink[];
  residents: readonly RecipientLink[];
  proxies: readonly RecipientLink[];
  /** Parkings and lockers assigned to the unit, by uuid. */
  parkings: readonly string[];
  lockers: readonly string[];
}

export interface RecipientParking {
  uuid: string;
  renter: { personUuid?: string; unitUuid?: string };
}

export interface RecipientPerson {
  uuid: string;
  name: string;
  emails: readonly string[];
  locale?: string;
}

export interface RecipientsInput {
  /** The post's date, YYYY-MM-DD. */
  date: string;
  buildingLocale: string;
  units: readonly RecipientUnit[];
  parkings: readonly RecipientParking[];
  people: readonly RecipientPerson[];
}

export interface ResolvedRecipient {
  personUuid: string;
  name: string;
  /** Lower-cased, each once. */
  emails: string[];
  language: Language;
  /** The numbers of the units that made them a recipient, sorted. */
  units: string[];
}

const activeOn = (link: RecipientLink, date: string): boolean =>
  (!link.from || link.from <= date) && (!link.to || link.to >= date);

type Kind = 'owners' | 'residents';

/** Whom each value names: person uuid → unit numbers (possibly none). */
type Named = Map<string, Set<string>>;

function add(named: Named, personUuid: string, unitNumber?: string): void {
  const units = named.get(personUuid) ?? new Set<string>();
  if (unitNumber !== undefined) units.add(unitNumber);
  named.set(personUuid, units);
}

function unitPeople(named: Named, unit: RecipientUnit, date: string, kinds: readonly Kind[]): void {
  const links = [
    ...(kinds.includes('owners') ? [...unit.owners, ...unit.proxies] : []),
    ...(kinds.includes('residents') ? unit.residents : []),
  ];
  for (const link of links) if (activeOn(link, date)) add(named, link.personUuid, unit.number);
}

const both: readonly Kind[] = ['owners', 'residents'];

export function resolveRecipients(
  values: readonly RecipientValue[],
  input: RecipientsInput,
): ResolvedRecipient[] {
  const { date, units } = input;
  const named: Named = new Map();
  const byUuid = new Map(units.map((u) => [u.uuid, u]));
  const chosen = new Set(values);
  const all = chosen.has('all');
  for (const unit of units) {
    const kinds: Kind[] = [];
    if (all || chosen.has('owners')) kinds.push('owners');
    if (all || chosen.has('residents')) kinds.push('residents');
    const floor = unit.floor?.trim();
    const whole =
      chosen.has(`unit-${unit.number}`) ||
      (floor !== undefined && floor !== '' && chosen.has(`floor-${floor}`)) ||
      ((all || chosen.has('lockers')) && unit.lockers.length > 0) ||
      ((all || chosen.has('parkings')) && unit.parkings.length > 0);
    unitPeople(named, unit, date, whole ? both : kinds);
  }
  if (all || chosen.has('parkings')) {
    for (const parking of input.parkings) {
      if (parking.renter.personUuid) add(named, parking.renter.personUuid);
      const unit = parking.renter.unitUuid ? byUuid.get(parking.renter.unitUuid) : undefined;
      if (unit) unitPeople(named, unit, date, both);
    }
  }
  const people = new Map(input.people.map((p) => [p.uuid, p]));
  const out: ResolvedRecipient[] = [];
  for (const [personUuid, unitNumbers] of named) {
    const person = people.get(personUuid);
    if (!person) continue;
    out.push({
      personUuid,
      name: person.name,
      emails: [...new Set(person.emails.map((e) => e.trim().toLowerCase()).filter((e) => e !== ''))],
      language: mailLanguage(person.locale, input.buildingLocale),
      units: [...unitNumbers].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })),
    });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name) || a.personUuid.localeCompare(b.personUuid));
}

/** The roles that read every post (the board side); owners and residents read those addressed to them. */
const everyPostReaders: readonly BuildingRole[] = ['admin', 'approverWrite', 'approver'];

export const readsEveryPost = (role: BuildingRole | null): boolean =>
  role !== null && everyPostReaders.includes(role);
