import { compareNumbers } from '../../../ui/compare';

/**
 * What a contribution applies to (DOMAIN 3), as the form picks it: a scope, and for a single
 * member which one. A unit is named by its number, a parking or a locker by its uuid.
 */
export const appliesToScopes = [
  'all:units',
  'all:parkings',
  'all:lockers',
  'units',
  'parkings',
  'lockers',
] as const;
export type AppliesToScope = (typeof appliesToScopes)[number];

export interface AppliesTo {
  scope: AppliesToScope;
  /** The unit number or the parking's or locker's uuid; '' for a whole kind. */
  target: string;
}

/** The catalog word for each scope, under budget.appliesTo.scopes. */
export const scopeKeys: Record<AppliesToScope, string> = {
  'all:units': 'allUnits',
  'all:parkings': 'allParkings',
  'all:lockers': 'allLockers',
  units: 'oneUnit',
  parkings: 'oneParking',
  lockers: 'oneLocker',
};

export const isSingleMember = (scope: AppliesToScope): scope is 'units' | 'parkings' | 'lockers' =>
  !scope.startsWith('all:');

const isScope = (value: string): value is AppliesToScope =>
  (appliesToScopes as readonly string[]).includes(value);

/** 'units:101' → { scope: 'units', target: '101' }; anything unreadable reads as all units. */
export function parseAppliesTo(value: string): AppliesTo {
  if (isScope(value) && value.startsWith('all:')) return { scope: value, target: '' };
  const colon = value.indexOf(':');
  const scope = value.slice(0, colon);
  if (colon > 0 && isScope(scope) && isSingleMember(scope)) return { scope, target: value.slice(colon + 1) };
  return { scope: 'all:units', target: '' };
}

/** The API's value, or null while a single member is still to be picked. */
export function appliesToValue({ scope, target }: AppliesTo): string | null {
  if (!isSingleMember(scope)) return scope;
  return target === '' ? null : `${scope}:${target}`;
}

interface Member {
  uuid: string;
  number: string;
  archived: boolean;
}

/**
 * The members a single-member scope can name, by number: units by their number, parkings and
 * lockers by uuid. Archived members are left out, except the one already picked.
 */
export function targetOptions(
  scope: 'units' | 'parkings' | 'lockers',
  members: readonly Member[],
  current: string,
): { value: string; label: string }[] {
  const valueOf = (member: Member) => (scope === 'units' ? member.number : member.uuid);
  return members
    .filter((member) => !member.archived || valueOf(member) === current)
    .sort((a, b) => compareNumbers(a.number, b.number))
    .map((member) => ({ value: valueOf(member), label: member.number }));
}

/** How a contribution's target reads: a catalog key under budget.appliesTo and its number. */
export function describeAppliesTo(
  value: string,
  numberOf: (kind: 'parkings' | 'lockers', uuid: string) => string | undefined,
): { key: string; number?: string } {
  const { scope, target } = parseAppliesTo(value);
  if (scope === 'units') return { key: 'one.units', number: target };
  if (scope === 'parkings' || scope === 'lockers') {
    const number = numberOf(scope, target);
    // Owners cannot list parkings and lockers: the kind is all they read.
    return number === undefined ? { key: `unnamed.${scope}` } : { key: `one.${scope}`, number };
  }
  return { key: `scopes.${scopeKeys[scope]}` };
}
