// Roles and named permissions (SPEC section 6). The server guards routes with `can`; the web
// reads `permissionsOf` and `navigationEntries`. Both sides use these same rules.

export const buildingRoles = [
  'admin',
  'approverWrite',
  'approver',
  'accountantWrite',
  'accountant',
  'handler',
  'owner',
  'resident',
] as const;
export type BuildingRole = (typeof buildingRoles)[number];

export const groupRoles = ['admin', 'accountantWrite', 'accountant', 'handler'] as const;
export type GroupRole = (typeof groupRoles)[number];

export const billingAccountRoles = ['admin'] as const;
export type BillingAccountRole = (typeof billingAccountRoles)[number];

export const ownersFinancesAccessValues = ['none', 'self', 'all'] as const;
export type OwnersFinancesAccess = (typeof ownersFinancesAccessValues)[number];

export const selfServiceEditAccessValues = ['none', 'request', 'edit'] as const;
export type SelfServiceEditAccess = (typeof selfServiceEditAccessValues)[number];

/** A group user with no role in a building inherits the building role of the same name. */
export function effectiveBuildingRole(
  buildingRole: BuildingRole | null,
  groupRole: GroupRole | null,
): BuildingRole | null {
  // A role given in the building itself is deliberate, so it wins over the group's.
  return buildingRole ?? groupRole;
}

export const permissions = [
  'building.view',
  'building.edit',
  'export',
  'users.view',
  'users.edit',
  'logs.read',
  'finance.read',
  'finance.write',
  'forced-fiscal-year-dialog',
  'fiscal-years.create',
  'approval.view',
  'payments.approve',
  'approval.note',
  'reports',
  'units.read',
  'people.read',
  'registry.read.all',
  'parkings.read',
  'lockers.read',
  'vote-shares.edit',
  'units.insurance-proof.edit',
  'suppliers.read',
  'banks.read',
  'banks.reconciliation.read',
  'categories.read',
  'budgets.view',
  'penalties.read',
  'transactions.read',
  'transactions.read.unit',
  'statements.send',
  'self-service.request',
  'self-service.edit',
  'social.read',
  'social.write',
  'posts.view',
  'posts.templates',
  'email-templates.create',
  'requests.view',
  'requests.create.self',
  'requests.handle',
  'requests.emails.templates',
  'requests.tags',
] as const;
export type Permission = (typeof permissions)[number];

export interface BuildingPolicy {
  ownersFinancesAccess: OwnersFinancesAccess;
  selfServiceEditAccess: SelfServiceEditAccess;
}

export interface Actor {
  /** Already resolved with `effectiveBuildingRole`. */
  role: BuildingRole | null;
  banned: boolean;
}

type RoleList = readonly BuildingRole[];

const financeReadRoles: RoleList = ['admin', 'approverWrite', 'approver', 'accountantWrite', 'accountant'];
const financeWriteRoles: RoleList = ['admin', 'approverWrite', 'accountantWrite'];
// The board side: building settings, users, logs, export, templates.
const managerRoles: RoleList = ['admin', 'approverWrite', 'approver'];
const requestHandlerRoles: RoleList = ['admin', 'approverWrite', 'approver', 'handler'];
const postReaderRoles: RoleList = ['admin', 'approverWrite', 'approver', 'owner', 'resident'];
// Roles that act on their own person/unit data and their own requests.
const selfServiceRoles: RoleList = ['owner', 'resident', 'approver'];
// SPEC: communications need "social read"; these are the roles that view posts or handle requests.
const socialRoles: RoleList = [...new Set([...postReaderRoles, ...requestHandlerRoles])];

interface Rule {
  /**
   * Read permissions survive a ban; write ones do not. SPEC only says banned owners/residents
   * cannot write socially; we apply it to every role: a banned user keeps reading but changes nothing.
   */
  kind: 'read' | 'write';
  grants: (role: BuildingRole, policy: BuildingPolicy) => boolean;
}

const roles =
  (list: RoleList) =>
  (role: BuildingRole): boolean =>
    list.includes(role);

const everyRole = (): boolean => true;

// Owners may see the building's books (banks, suppliers, accounts) only when the building opens them all.
const financeReadOrOwnerWithAll = (role: BuildingRole, policy: BuildingPolicy): boolean =>
  financeReadRoles.includes(role) || (role === 'owner' && policy.ownersFinancesAccess === 'all');

const rules: Record<Permission, Rule> = {
  'building.view': { kind: 'read', grants: everyRole },
  'building.edit': { kind: 'write', grants: roles(managerRoles) },
  // Export hands out a bulk copy of the building's data, so a ban withdraws it like a write.
  export: { kind: 'write', grants: roles(managerRoles) },
  'users.view': { kind: 'read', grants: roles(managerRoles) },
  'users.edit': { kind: 'write', grants: roles(managerRoles) },
  'logs.read': { kind: 'read', grants: roles(managerRoles) },
  'finance.read': { kind: 'read', grants: roles(financeReadRoles) },
  'finance.write': { kind: 'write', grants: roles(financeWriteRoles) },
  // The dialog makes the user create the new year, so only those who may create it see it.
  'forced-fiscal-year-dialog': { kind: 'write', grants: roles(financeWriteRoles) },
  'fiscal-years.create': { kind: 'write', grants: roles(financeWriteRoles) },
  'approval.view': { kind: 'read', grants: roles(financeReadRoles) },
  // DOMAIN 7: the approvers (approver and approverWrite roles) approve or reject supplier payments.
  'payments.approve': { kind: 'write', grants: roles(['approver', 'approverWrite']) },
  // Readers of the approvals leave notes on payments; a note is a write, so a ban withdraws it.
  'approval.note': { kind: 'write', grants: roles(financeReadRoles) },
  reports: { kind: 'read', grants: roles(financeReadRoles) },
  // Owners see their own units (filtered by ownerSeesUnit); handlers need units to place requests.
  'units.read': { kind: 'read', grants: roles([...financeReadRoles, 'owner', 'handler']) },
  'people.read': { kind: 'read', grants: everyRole },
  // DOMAIN 6 privacy: owners and residents read the directory (names, units, what each person
  // shares) and only their own units; managers and staff read every record in full.
  'registry.read.all': { kind: 'read', grants: (role) => role !== 'owner' && role !== 'resident' },
  'parkings.read': { kind: 'read', grants: roles(financeReadRoles) },
  'lockers.read': { kind: 'read', grants: roles(financeReadRoles) },
  'vote-shares.edit': { kind: 'write', grants: roles(financeWriteRoles) },
  // Finance writers, and unit readers who edit their own data (owners, approvers) for a unit they
  // own or hold a proxy for: the route checks that the unit is theirs.
  'units.insurance-proof.edit': {
    kind: 'write',
    grants: (role, policy) =>
      rules['finance.write'].grants(role, policy) ||
      (rules['units.read'].grants(role, policy) && rules['self-service.edit'].grants(role, policy)),
  },
  'suppliers.read': { kind: 'read', grants: financeReadOrOwnerWithAll },
  'banks.read': { kind: 'read', grants: financeReadOrOwnerWithAll },
  'banks.reconciliation.read': { kind: 'read', grants: financeReadOrOwnerWithAll },
  'categories.read': { kind: 'read', grants: financeReadOrOwnerWithAll },
  // Co-owners are entitled to the budget that sets their fees, whatever ownersFinancesAccess says.
  'budgets.view': { kind: 'read', grants: roles([...financeReadRoles, 'owner']) },
  'penalties.read': { kind: 'read', grants: roles(financeReadRoles) },
  'transactions.read': { kind: 'read', grants: financeReadOrOwnerWithAll },
  // 'self' opens an owner's own unit ledger only; residents (tenants) never see a unit's account.
  'transactions.read.unit': {
    kind: 'read',
    grants: (role, policy) =>
      financeReadRoles.includes(role) || (role === 'owner' && policy.ownersFinancesAccess !== 'none'),
  },
  // Mailing a unit's statement hands out what its reader may read (an owner gets a copy at their own
  // address, a manager sends it to the unit's owners): the readers of the unit's ledger send it, and
  // like reading it, a ban does not withdraw it.
  'statements.send': {
    kind: 'read',
    grants: (role, policy) => rules['transactions.read.unit'].grants(role, policy),
  },
  // 'edit' still lets users file a request, e.g. for changes they prefer a manager to review.
  'self-service.request': {
    kind: 'write',
    grants: (role, policy) => selfServiceRoles.includes(role) && policy.selfServiceEditAccess !== 'none',
  },
  // Finance-write roles edit any person or unit through finance.write, so they are not listed here.
  'self-service.edit': {
    kind: 'write',
    grants: (role, policy) => selfServiceRoles.includes(role) && policy.selfServiceEditAccess === 'edit',
  },
  'social.read': { kind: 'read', grants: roles(socialRoles) },
  'social.write': { kind: 'write', grants: roles(socialRoles) },
  'posts.view': { kind: 'read', grants: roles(postReaderRoles) },
  'posts.templates': { kind: 'write', grants: roles(managerRoles) },
  'email-templates.create': { kind: 'write', grants: roles(managerRoles) },
  // Owners and residents see only their own requests; the server filters the list.
  'requests.view': { kind: 'read', grants: roles([...requestHandlerRoles, 'owner', 'resident']) },
  'requests.create.self': { kind: 'write', grants: roles(selfServiceRoles) },
  'requests.handle': { kind: 'write', grants: roles(requestHandlerRoles) },
  'requests.emails.templates': { kind: 'write', grants: roles(requestHandlerRoles) },
  'requests.tags': { kind: 'write', grants: roles(requestHandlerRoles) },
};

export function can(actor: Actor, permission: Permission, policy: BuildingPolicy): boolean {
  if (actor.role === null) return false;
  const rule = rules[permission];
  if (actor.banned && rule.kind === 'write') return false;
  return rule.grants(actor.role, policy);
}

/** Every permission `can` grants, in `permissions` order. */
export function permissionsOf(actor: Actor, policy: BuildingPolicy): Permission[] {
  return permissions.filter((permission) => can(actor, permission, policy));
}

export type Collection =
  | 'units'
  | 'people'
  | 'suppliers'
  | 'parkings'
  | 'lockers'
  | 'banks'
  | 'penalties'
  | 'categories'
  | 'requestEmailTemplates'
  | 'requestTags'
  | 'users'
  | 'postTemplates';

const collectionOrder: readonly Collection[] = [
  'units',
  'people',
  'suppliers',
  'parkings',
  'lockers',
  'banks',
  'penalties',
  'categories',
  'requestEmailTemplates',
  'requestTags',
  'users',
  'postTemplates',
];

const collectionPermissions: Record<Collection, readonly Permission[]> = {
  units: ['units.read'],
  people: ['people.read'],
  suppliers: ['suppliers.read'],
  parkings: ['parkings.read'],
  lockers: ['lockers.read'],
  banks: ['banks.read'],
  penalties: ['penalties.read'],
  categories: ['categories.read'],
  requestEmailTemplates: ['requests.emails.templates'],
  requestTags: ['requests.tags'],
  // Handlers are not user managers but load users to assign requests (SPEC 6 "Data by role").
  users: ['users.view', 'requests.handle'],
  postTemplates: ['posts.templates'],
};

/** SPEC 6 "Data by role": which building collections a role may load. */
export function visibleCollections(role: BuildingRole, policy: BuildingPolicy): Collection[] {
  // What a role may load does not change with a ban: a ban only withdraws writes.
  const actor: Actor = { role, banned: false };
  return collectionOrder.filter((collection) =>
    collectionPermissions[collection].some((permission) => can(actor, permission, policy)),
  );
}

/** Owners see only units whose ownersEmails include their email. */
export function ownerSeesUnit(
  role: BuildingRole,
  userEmail: string,
  unitOwnersEmails: readonly string[],
): boolean {
  if (role !== 'owner') {
    // units.read does not depend on the policy, so any policy answers the same.
    return rules['units.read'].grants(role, { ownersFinancesAccess: 'none', selfServiceEditAccess: 'none' });
  }
  // Email addresses are compared case-insensitively, as people type them in any case.
  const email = normalizeEmail(userEmail);
  return email !== '' && unitOwnersEmails.some((ownerEmail) => normalizeEmail(ownerEmail) === email);
}

function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Building groups load only units and people. */
export const groupVisibleCollections: Collection[] = ['units', 'people'];

/** Group-level permissions (routes under /building-group/{id}). */
export type GroupPermission =
  | 'group.view'
  | 'group.edit'
  | 'group.users.edit'
  | 'building-group.users.view'
  | 'requests.handle'
  | 'requests.emails.templates'
  | 'requests.tags'
  | 'posts.templates';

export function canInGroup(role: GroupRole | null, permission: GroupPermission): boolean {
  if (role === null) return false;
  switch (permission) {
    case 'group.view':
      return true;
    // Administration and user management belong to admins (SPEC 6 "Navigation").
    case 'group.edit':
    case 'group.users.edit':
    case 'building-group.users.view':
      return role === 'admin';
    // A group role acts like the building role of the same name, so the building rules apply.
    case 'requests.handle':
    case 'requests.emails.templates':
    case 'requests.tags':
    case 'posts.templates':
      return rules[permission].grants(role, { ownersFinancesAccess: 'none', selfServiceEditAccess: 'none' });
  }
}

/** SPEC 6 "Navigation": which left-navbar entries a role sees. */
export type NavEntry =
  | 'dashboard'
  | 'units'
  | 'people'
  | 'suppliers'
  | 'payments'
  | 'banks'
  | 'accounting'
  | 'communications'
  | 'requests'
  | 'files'
  | 'administration'
  | 'account';

export function navigationEntries(
  actor: Actor,
  policy: BuildingPolicy,
  flags: { files: boolean },
): NavEntry[] {
  const role = actor.role;
  if (role === null) return [];
  const has = (permission: Permission): boolean => can(actor, permission, policy);
  const shown: Record<NavEntry, boolean> = {
    dashboard: true,
    units: has('units.read'),
    // SPEC 6 "data by role": residents get people and owners get units and people, so the
    // "owners and residents" entry is open to every role that may read people.
    people: has('people.read'),
    suppliers: has('suppliers.read'),
    payments: has('finance.read'),
    banks: has('banks.read'),
    accounting: has('categories.read'),
    communications: has('social.read'),
    // SPEC names admin, owner and handler; approvers handle requests too. Residents have no entry (SPEC).
    requests: has('requests.view') && role !== 'resident',
    // Each file carries the roles that may see it, so the entry itself is open to every role.
    files: flags.files,
    // Administration is for changing the building and its users, so a banned admin loses it.
    administration: role === 'admin' && has('building.edit'),
    account: true,
  };
  const order: readonly NavEntry[] = [
    'dashboard',
    'units',
    'people',
    'suppliers',
    'payments',
    'banks',
    'accounting',
    'communications',
    'requests',
    'files',
    'administration',
    'account',
  ];
  return order.filter((entry) => shown[entry]);
}

/**
 * Roles a user manager may grant, change or take away. SPEC 6 gives user management to admins
 * and approvers, but finance write and administration are separate grants: only an admin makes
 * an admin, and only those who write finances themselves hand out finance write. Without this an
 * approver could promote themselves and remove the admins.
 */
export function assignableRoles(actorRole: BuildingRole | null): BuildingRole[] {
  if (actorRole === 'admin') return [...buildingRoles];
  if (actorRole === 'approverWrite') return buildingRoles.filter((r) => r !== 'admin');
  if (actorRole === 'approver') {
    return buildingRoles.filter((r) => r !== 'admin' && r !== 'approverWrite' && r !== 'accountantWrite');
  }
  return [];
}

/** Whether the actor may act on a member holding `currentRole` (and give them `newRole`). */
export function canManageMember(
  actorRole: BuildingRole | null,
  currentRole: BuildingRole | null,
  newRole?: BuildingRole,
): boolean {
  const allowed = assignableRoles(actorRole);
  return (currentRole === null || allowed.includes(currentRole)) && (!newRole || allowed.includes(newRole));
}
