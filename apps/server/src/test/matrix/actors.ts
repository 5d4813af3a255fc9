import { buildingRoles, type BuildingRole } from '@copro/domain';
import type { BuildingFixture, Harness, TestUser } from '../harness';

/**
 * The permissions matrix (apps/server/src/permissions-matrix.test.ts) calls every route as every
 * kind of user: the building roles, group roles (inherited in the building), a banned admin, a
 * billing-account admin, an admin of another building, and nobody. Areas write their cases in
 * files of their own here; the expected sets are written out by hand so a change shows in review.
 */
export type Actor =
  BuildingRole | 'groupAdmin' | 'groupAccountant' | 'bannedAdmin' | 'billingAdmin' | 'outsider' | 'anonymous';
export const allActors: Actor[] = [
  ...buildingRoles,
  'groupAdmin',
  'groupAccountant',
  'bannedAdmin',
  'billingAdmin',
  'outsider',
  'anonymous',
];
export const signedInActors = allActors.filter((a) => a !== 'anonymous');
export const buildingMembers: Actor[] = [...buildingRoles, 'groupAdmin', 'groupAccountant', 'bannedAdmin'];
export const managers: Actor[] = ['admin', 'approverWrite', 'approver', 'groupAdmin'];
// SPEC 6: finance read and write. Reads survive a ban; writes do not.
export const financeReaders: Actor[] = [
  'admin',
  'approverWrite',
  'approver',
  'accountantWrite',
  'accountant',
  'groupAdmin',
  'groupAccountant',
  'bannedAdmin',
];
export const financeWriters: Actor[] = ['admin', 'approverWrite', 'accountantWrite', 'groupAdmin'];
// DOMAIN 7: the approver roles decide supplier payments; no group role maps to them, and a ban withdraws it.
export const approvers: Actor[] = ['approverWrite', 'approver'];
// Readers of the approvals leave notes on payments; a note is a write, so the banned admin cannot.
export const paymentNoteWriters: Actor[] = [
  'admin',
  'approverWrite',
  'approver',
  'accountantWrite',
  'accountant',
  'groupAdmin',
  'groupAccountant',
];
// Owners read their own units; handlers read units to place requests.
export const unitReaders: Actor[] = [...financeReaders, 'handler', 'owner'];
// The building lets owners, residents and approvers edit their own data (selfServiceEditAccess: edit).
export const selfServiceUsers: Actor[] = ['approver', 'owner', 'resident'];

export interface Case {
  route: string;
  allowed: Actor[];
  call: (actor: TestUser | null) => Promise<{ statusCode: number; body: string }>;
}

/** What an area's cases may use: the matrix building ("Secret Tower") and its users by actor. */
export interface MatrixContext {
  h: Harness;
  /** The building every case calls; its name must never leak to a denied caller. */
  b: BuildingFixture;
  users: Map<Actor, TestUser>;
  /** A new record written straight through the service, so no call depends on another. */
  freshRecord: (collection: string, body: object) => Promise<string>;
  /** The unit (uuid) owned by the `owner` actor's person, with an insurance proof on file. */
  ownerUnit: () => string;
}

export const yearRoute = (method: string, path: string): string =>
  `${method} /api/buildings/:buildingRef/fiscal-years/:fiscalYear/${path}`;
