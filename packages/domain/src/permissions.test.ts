import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  assignableRoles,
  buildingRoles,
  can,
  canManageMember,
  canInGroup,
  effectiveBuildingRole,
  groupRoles,
  groupVisibleCollections,
  navigationEntries,
  ownersFinancesAccessValues,
  ownerSeesUnit,
  permissions,
  permissionsOf,
  selfServiceEditAccessValues,
  visibleCollections,
  type BuildingPolicy,
  type BuildingRole,
  type GroupPermission,
  type GroupRole,
  type NavEntry,
  type OwnersFinancesAccess,
  type Permission,
  type SelfServiceEditAccess,
} from './permissions';

function policy(
  ownersFinancesAccess: OwnersFinancesAccess = 'none',
  selfServiceEditAccess: SelfServiceEditAccess = 'none',
): BuildingPolicy {
  return { ownersFinancesAccess, selfServiceEditAccess };
}

/** What `can` answers for each of the 8 roles, so a failure shows the whole row. */
function grants(
  permission: Permission,
  buildingPolicy = policy(),
  banned = false,
): Record<BuildingRole, boolean> {
  return Object.fromEntries(
    buildingRoles.map((role) => [role, can({ role, banned }, permission, buildingPolicy)]),
  ) as Record<BuildingRole, boolean>;
}

/** The expected row: exactly the listed roles are granted. */
function only(...granted: BuildingRole[]): Record<BuildingRole, boolean> {
  return Object.fromEntries(buildingRoles.map((role) => [role, granted.includes(role)])) as Record<
    BuildingRole,
    boolean
  >;
}

const financeRead: BuildingRole[] = ['admin', 'approverWrite', 'approver', 'accountantWrite', 'accountant'];

function rolesShowing(entry: NavEntry, buildingPolicy = policy(), files = false): BuildingRole[] {
  return buildingRoles.filter((role) =>
    navigationEntries({ role, banned: false }, buildingPolicy, { files }).includes(entry),
  );
}

describe('group users inherit the building role of the same name', () => {
  it('resolves a group role when the user has no building role', () => {
    expect(effectiveBuildingRole(null, 'accountant')).toBe('accountant');
    expect(effectiveBuildingRole(null, 'admin')).toBe('admin');
    expect(effectiveBuildingRole(null, 'accountantWrite')).toBe('accountantWrite');
    expect(effectiveBuildingRole(null, 'handler')).toBe('handler');
  });

  it('lets the building role win over the group role', () => {
    expect(effectiveBuildingRole('owner', 'admin')).toBe('owner');
    expect(effectiveBuildingRole('admin', 'handler')).toBe('admin');
  });

  it('gives no role without either', () => {
    expect(effectiveBuildingRole(null, null)).toBeNull();
  });

  it('gives group admin and accountantWrite finance write, group accountant and handler not', () => {
    const writes = Object.fromEntries(
      groupRoles.map((groupRole) => [
        groupRole,
        can({ role: effectiveBuildingRole(null, groupRole), banned: false }, 'finance.write', policy()),
      ]),
    );
    expect(writes).toEqual({ admin: true, accountantWrite: true, accountant: false, handler: false });
  });

  it('gives group admin, accountant and accountantWrite finance read, group handler not', () => {
    const reads = Object.fromEntries(
      groupRoles.map((groupRole) => [
        groupRole,
        can({ role: effectiveBuildingRole(null, groupRole), banned: false }, 'finance.read', policy()),
      ]),
    );
    expect(reads).toEqual({ admin: true, accountantWrite: true, accountant: true, handler: false });
  });
});

describe('a null role gets nothing', () => {
  it('has no permission under any policy', () => {
    for (const owners of ownersFinancesAccessValues) {
      for (const selfService of selfServiceEditAccessValues) {
        expect(permissionsOf({ role: null, banned: false }, policy(owners, selfService))).toEqual([]);
      }
    }
  });

  it('has no navigation entry, even with files on', () => {
    expect(navigationEntries({ role: null, banned: false }, policy('all'), { files: true })).toEqual([]);
  });
});

describe('finance write: approverWrite, admin, accountantWrite', () => {
  const financeWrite = only('admin', 'approverWrite', 'accountantWrite');

  it.each(['finance.write', 'fiscal-years.create', 'vote-shares.edit'] as const)('%s', (permission) => {
    expect(grants(permission, policy('all', 'edit'))).toEqual(financeWrite);
  });

  it('alone gets the forced fiscal-year dialog', () => {
    expect(grants('forced-fiscal-year-dialog', policy('all', 'edit'))).toEqual(financeWrite);
  });
});

describe('finance read: approver, approverWrite, admin, accountant, accountantWrite', () => {
  it.each([
    'finance.read',
    'reports',
    'penalties.read',
    'lockers.read',
    'parkings.read',
    'approval.view',
  ] as const)('%s, whatever ownersFinancesAccess says', (permission) => {
    for (const owners of ownersFinancesAccessValues) {
      expect(grants(permission, policy(owners))).toEqual(only(...financeRead));
    }
  });

  it('budgets view: also owners, even with no finances access', () => {
    for (const owners of ownersFinancesAccessValues) {
      expect(grants('budgets.view', policy(owners))).toEqual(only(...financeRead, 'owner'));
    }
  });
});

describe('building edit, export, users edit, email templates, logs, post templates: approverWrite, approver, admin', () => {
  it.each([
    'building.edit',
    'export',
    'users.edit',
    'users.view',
    'email-templates.create',
    'logs.read',
    'posts.templates',
  ] as const)('%s', (permission) => {
    expect(grants(permission)).toEqual(only('admin', 'approverWrite', 'approver'));
  });
});

describe('requests', () => {
  it.each(['requests.handle', 'requests.emails.templates', 'requests.tags'] as const)(
    '%s: approverWrite, admin, approver, handler',
    (permission) => {
      expect(grants(permission)).toEqual(only('admin', 'approverWrite', 'approver', 'handler'));
    },
  );

  it('view: the handlers plus owner and resident', () => {
    expect(grants('requests.view')).toEqual(
      only('admin', 'approverWrite', 'approver', 'handler', 'owner', 'resident'),
    );
  });

  it('creation for self: owner, resident, approver', () => {
    expect(grants('requests.create.self')).toEqual(only('owner', 'resident', 'approver'));
  });
});

describe('posts view: approvers, admin, owners, residents', () => {
  it('posts.view', () => {
    expect(grants('posts.view')).toEqual(only('admin', 'approverWrite', 'approver', 'owner', 'resident'));
  });
});

describe('social read and write: roles that view posts or handle requests', () => {
  const social = only('admin', 'approverWrite', 'approver', 'handler', 'owner', 'resident');

  it('social.read', () => {
    expect(grants('social.read')).toEqual(social);
  });

  it('social.write for the same roles when not banned', () => {
    expect(grants('social.write')).toEqual(social);
  });

  it('banned owners and residents cannot write socially but still read', () => {
    for (const role of ['owner', 'resident'] as const) {
      expect(can({ role, banned: true }, 'social.write', policy())).toBe(false);
      expect(can({ role, banned: true }, 'social.read', policy())).toBe(true);
    }
  });
});

describe('transactions and the building books by ownersFinancesAccess', () => {
  const matrix = (permission: Permission) =>
    Object.fromEntries(
      ownersFinancesAccessValues.map((owners) => [
        owners,
        {
          owner: can({ role: 'owner', banned: false }, permission, policy(owners)),
          resident: can({ role: 'resident', banned: false }, permission, policy(owners)),
        },
      ]),
    );

  it('transactions.read: owners only with all, residents never', () => {
    expect(matrix('transactions.read')).toEqual({
      none: { owner: false, resident: false },
      self: { owner: false, resident: false },
      all: { owner: true, resident: false },
    });
  });

  it('transactions.read.unit: owners with self or all, residents never', () => {
    expect(matrix('transactions.read.unit')).toEqual({
      none: { owner: false, resident: false },
      self: { owner: true, resident: false },
      all: { owner: true, resident: false },
    });
  });

  it.each(['banks.read', 'banks.reconciliation.read', 'suppliers.read', 'categories.read'] as const)(
    '%s: owners only with all, residents never',
    (permission) => {
      expect(matrix(permission)).toEqual({
        none: { owner: false, resident: false },
        self: { owner: false, resident: false },
        all: { owner: true, resident: false },
      });
    },
  );

  it.each([
    'transactions.read',
    'transactions.read.unit',
    'banks.read',
    'banks.reconciliation.read',
    'suppliers.read',
    'categories.read',
  ] as const)('%s: finance read roles whatever the policy; handlers never', (permission) => {
    expect(grants(permission, policy('none'))).toEqual(only(...financeRead));
    expect(grants(permission, policy('all'))).toEqual(only(...financeRead, 'owner'));
  });
});

describe('self-service by selfServiceEditAccess: owner, resident, approver', () => {
  const byAccess = (permission: Permission) =>
    Object.fromEntries(
      selfServiceEditAccessValues.map((access) => [access, grants(permission, policy('none', access))]),
    );

  it('self-service.edit only with edit', () => {
    expect(byAccess('self-service.edit')).toEqual({
      none: only(),
      request: only(),
      edit: only('owner', 'resident', 'approver'),
    });
  });

  it('self-service.request with request or edit', () => {
    expect(byAccess('self-service.request')).toEqual({
      none: only(),
      request: only('owner', 'resident', 'approver'),
      edit: only('owner', 'resident', 'approver'),
    });
  });

  it('finance-write roles edit people and units through finance.write whatever the setting', () => {
    for (const access of selfServiceEditAccessValues) {
      expect(can({ role: 'accountantWrite', banned: false }, 'finance.write', policy('none', access))).toBe(
        true,
      );
    }
  });
});

describe('named permissions open to several roles', () => {
  it('building.view: every role', () => {
    expect(grants('building.view')).toEqual(only(...buildingRoles));
  });

  it('people.read: every role, handlers too', () => {
    expect(grants('people.read')).toEqual(only(...buildingRoles));
  });

  it('registry.read.all: every role but owners and residents, who read the directory', () => {
    expect(grants('registry.read.all')).toEqual(only(...financeRead, 'handler'));
  });

  it('units.read: finance read, owner or handler; not resident', () => {
    expect(grants('units.read')).toEqual(only(...financeRead, 'owner', 'handler'));
  });

  it('units.insurance-proof.edit: finance writers; owners and approvers too when they edit their own data', () => {
    const financeWrite: BuildingRole[] = ['admin', 'approverWrite', 'accountantWrite'];
    expect(grants('units.insurance-proof.edit', policy('all', 'request'))).toEqual(only(...financeWrite));
    // Residents edit their own data but read no unit, so they change no unit's papers.
    expect(grants('units.insurance-proof.edit', policy('none', 'edit'))).toEqual(
      only(...financeWrite, 'approver', 'owner'),
    );
    expect(grants('units.insurance-proof.edit', policy('none', 'edit'), true)).toEqual(only());
  });

  it("statements.send: whoever reads the unit's ledger, banned or not, as reading it", () => {
    for (const owners of ownersFinancesAccessValues) {
      for (const banned of [false, true]) {
        expect(grants('statements.send', policy(owners), banned)).toEqual(
          grants('transactions.read.unit', policy(owners), banned),
        );
      }
    }
    expect(grants('statements.send', policy('self'))).toEqual(only(...financeRead, 'owner'));
  });
});

describe('banned users keep read permissions and lose every write', () => {
  it('a banned admin reads everything an admin reads and writes nothing', () => {
    expect(permissionsOf({ role: 'admin', banned: true }, policy('all', 'edit'))).toEqual([
      'building.view',
      'users.view',
      'logs.read',
      'finance.read',
      'approval.view',
      'reports',
      'units.read',
      'people.read',
      'registry.read.all',
      'parkings.read',
      'lockers.read',
      'suppliers.read',
      'banks.read',
      'banks.reconciliation.read',
      'categories.read',
      'budgets.view',
      'penalties.read',
      'transactions.read',
      'transactions.read.unit',
      'statements.send',
      'social.read',
      'posts.view',
      'requests.view',
    ]);
  });

  it('a banned owner keeps reading posts, requests and own unit transactions', () => {
    expect(permissionsOf({ role: 'owner', banned: true }, policy('self', 'edit'))).toEqual([
      'building.view',
      'units.read',
      'people.read',
      'budgets.view',
      'transactions.read.unit',
      'statements.send',
      'social.read',
      'posts.view',
      'requests.view',
    ]);
  });

  it('a banned owner loses requests, self-service and social writes it had before', () => {
    const lost = [
      'social.write',
      'requests.create.self',
      'self-service.request',
      'self-service.edit',
    ] as const;
    for (const permission of lost) {
      expect(can({ role: 'owner', banned: false }, permission, policy('self', 'edit'))).toBe(true);
      expect(can({ role: 'owner', banned: true }, permission, policy('self', 'edit'))).toBe(false);
    }
  });

  it('a banned finance writer gets no forced fiscal-year dialog', () => {
    expect(grants('forced-fiscal-year-dialog', policy(), true)).toEqual(only());
  });

  it('a ban never adds a permission', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...buildingRoles),
        fc.constantFrom(...ownersFinancesAccessValues),
        fc.constantFrom(...selfServiceEditAccessValues),
        (role, owners, selfService) => {
          const banned = permissionsOf({ role, banned: true }, policy(owners, selfService));
          const free = permissionsOf({ role, banned: false }, policy(owners, selfService));
          expect(banned.every((permission) => free.includes(permission))).toBe(true);
        },
      ),
    );
  });
});

describe('permissionsOf', () => {
  it('knows every permission name that routes and pages code against, once each', () => {
    const required = [
      'finance.read',
      'finance.write',
      'forced-fiscal-year-dialog',
      'building.edit',
      'export',
      'users.edit',
      'email-templates.create',
      'logs.read',
      'posts.templates',
      'requests.handle',
      'requests.emails.templates',
      'requests.tags',
      'requests.view',
      'requests.create.self',
      'posts.view',
      'social.read',
      'social.write',
      'transactions.read',
      'transactions.read.unit',
      'units.read',
      'suppliers.read',
      'banks.read',
      'banks.reconciliation.read',
      'categories.read',
      'budgets.view',
      'fiscal-years.create',
      'reports',
      'penalties.read',
      'building.view',
      'users.view',
      'lockers.read',
      'parkings.read',
      'people.read',
      'registry.read.all',
      'vote-shares.edit',
      'approval.view',
      'self-service.edit',
      'self-service.request',
    ];
    expect(required.filter((name) => !(permissions as readonly string[]).includes(name))).toEqual([]);
    expect(new Set(permissions).size).toBe(permissions.length);
  });

  it('lists an owner with self access exactly, in permissions order', () => {
    expect(permissionsOf({ role: 'owner', banned: false }, policy('self', 'request'))).toEqual([
      'building.view',
      'units.read',
      'people.read',
      'budgets.view',
      'transactions.read.unit',
      'statements.send',
      'self-service.request',
      'social.read',
      'social.write',
      'posts.view',
      'requests.view',
      'requests.create.self',
    ]);
  });

  it('lists a resident exactly', () => {
    expect(permissionsOf({ role: 'resident', banned: false }, policy('all', 'none'))).toEqual([
      'building.view',
      'people.read',
      'social.read',
      'social.write',
      'posts.view',
      'requests.view',
      'requests.create.self',
    ]);
  });

  it('gives an admin every permission but approving payments, the self-service ones and creating own requests', () => {
    const granted = permissionsOf({ role: 'admin', banned: false }, policy('all', 'edit'));
    expect(permissions.filter((permission) => !granted.includes(permission))).toEqual([
      // DOMAIN 7: the approvers (approver, approverWrite) approve supplier payments.
      'payments.approve',
      'self-service.request',
      'self-service.edit',
      'requests.create.self',
    ]);
  });

  it('agrees with can for any actor and policy', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...buildingRoles),
        fc.boolean(),
        fc.constantFrom(...ownersFinancesAccessValues),
        fc.constantFrom(...selfServiceEditAccessValues),
        fc.constantFrom(...permissions),
        (role, banned, owners, selfService, permission) => {
          const actor = { role, banned };
          const buildingPolicy = policy(owners, selfService);
          expect(permissionsOf(actor, buildingPolicy).includes(permission)).toBe(
            can(actor, permission, buildingPolicy),
          );
        },
      ),
    );
  });
});

describe('data by role', () => {
  it('resident gets only people', () => {
    for (const owners of ownersFinancesAccessValues) {
      expect(visibleCollections('resident', policy(owners, 'edit'))).toEqual(['people']);
    }
  });

  it('owner gets units and people, and banks, suppliers, categories only with all', () => {
    expect(visibleCollections('owner', policy('none'))).toEqual(['units', 'people']);
    expect(visibleCollections('owner', policy('self'))).toEqual(['units', 'people']);
    expect(visibleCollections('owner', policy('all'))).toEqual([
      'units',
      'people',
      'suppliers',
      'banks',
      'categories',
    ]);
  });

  it('owner never gets penalties', () => {
    for (const owners of ownersFinancesAccessValues) {
      expect(visibleCollections('owner', policy(owners))).not.toContain('penalties');
    }
  });

  it('handler gets no parkings, lockers, banks, suppliers, categories, penalties', () => {
    const handler = visibleCollections('handler', policy('all'));
    for (const collection of [
      'parkings',
      'lockers',
      'banks',
      'suppliers',
      'categories',
      'penalties',
    ] as const) {
      expect(handler).not.toContain(collection);
    }
    expect(handler).toEqual(['units', 'people', 'requestEmailTemplates', 'requestTags', 'users']);
  });

  it('accountants get the registry and the books, not request or post data', () => {
    const registryAndBooks = [
      'units',
      'people',
      'suppliers',
      'parkings',
      'lockers',
      'banks',
      'penalties',
      'categories',
    ];
    expect(visibleCollections('accountant', policy())).toEqual(registryAndBooks);
    expect(visibleCollections('accountantWrite', policy())).toEqual(registryAndBooks);
  });

  it('admin and approvers get every collection', () => {
    const all = [
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
    for (const role of ['admin', 'approverWrite', 'approver'] as const) {
      expect(visibleCollections(role, policy())).toEqual(all);
    }
  });

  it('building groups get only units and people', () => {
    expect(groupVisibleCollections).toEqual(['units', 'people']);
  });
});

describe('owners see only units whose ownersEmails include their email', () => {
  const unitEmails = ['Marie.Tremblay@Example.ca', 'jean@example.ca'];

  it('matches case-insensitively', () => {
    expect(ownerSeesUnit('owner', 'marie.tremblay@example.ca', unitEmails)).toBe(true);
    expect(ownerSeesUnit('owner', 'JEAN@EXAMPLE.CA', unitEmails)).toBe(true);
  });

  it('hides units of other owners', () => {
    expect(ownerSeesUnit('owner', 'paul@example.ca', unitEmails)).toBe(false);
    expect(ownerSeesUnit('owner', 'marie.tremblay@example.ca', [])).toBe(false);
  });

  it('does not match an empty email against an empty owner email', () => {
    expect(ownerSeesUnit('owner', '', [''])).toBe(false);
  });

  it('lets other roles see every unit when they can see units at all', () => {
    const seen = Object.fromEntries(
      buildingRoles
        .filter((role) => role !== 'owner')
        .map((role) => [role, ownerSeesUnit(role, 'paul@example.ca', unitEmails)]),
    );
    expect(seen).toEqual({
      admin: true,
      approverWrite: true,
      approver: true,
      accountantWrite: true,
      accountant: true,
      handler: true,
      resident: false,
    });
  });
});

describe('group permissions', () => {
  const table = (permission: GroupPermission) =>
    Object.fromEntries(
      [...groupRoles, null].map((role: GroupRole | null) => [String(role), canInGroup(role, permission)]),
    );

  it('group.view: every group role', () => {
    expect(table('group.view')).toEqual({
      admin: true,
      accountantWrite: true,
      accountant: true,
      handler: true,
      null: false,
    });
  });

  it.each(['group.edit', 'group.users.edit', 'building-group.users.view', 'posts.templates'] as const)(
    '%s: admin only',
    (permission) => {
      expect(table(permission)).toEqual({
        admin: true,
        accountantWrite: false,
        accountant: false,
        handler: false,
        null: false,
      });
    },
  );

  it.each(['requests.handle', 'requests.emails.templates', 'requests.tags'] as const)(
    '%s: admin and handler',
    (permission) => {
      expect(table(permission)).toEqual({
        admin: true,
        accountantWrite: false,
        accountant: false,
        handler: true,
        null: false,
      });
    },
  );
});

describe('navigation', () => {
  it('payments need finance read, even for owners with all', () => {
    expect(rolesShowing('payments', policy('all'))).toEqual(financeRead);
  });

  it('units need finance read or the owner or handler role', () => {
    expect(rolesShowing('units')).toEqual([...financeRead, 'handler', 'owner']);
  });

  it.each(['suppliers', 'banks', 'accounting'] as const)(
    '%s need finance read, or owner with all-financial access',
    (entry) => {
      expect(rolesShowing(entry, policy('none'))).toEqual(financeRead);
      expect(rolesShowing(entry, policy('self'))).toEqual(financeRead);
      expect(rolesShowing(entry, policy('all'))).toEqual([...financeRead, 'owner']);
    },
  );

  it('communications need social read', () => {
    expect(rolesShowing('communications')).toEqual([
      'admin',
      'approverWrite',
      'approver',
      'handler',
      'owner',
      'resident',
    ]);
  });

  it('requests: admin, owner, handler and the other request handlers', () => {
    expect(rolesShowing('requests')).toEqual(['admin', 'approverWrite', 'approver', 'handler', 'owner']);
  });

  it('people: every role that reads people (SPEC 6: residents get people, owners units and people)', () => {
    expect(rolesShowing('people', policy('all'))).toEqual([...buildingRoles]);
  });

  it('administration: admin only, and not once banned', () => {
    expect(rolesShowing('administration')).toEqual(['admin']);
    expect(navigationEntries({ role: 'admin', banned: true }, policy(), { files: false })).not.toContain(
      'administration',
    );
  });

  it('files only with the flag', () => {
    expect(rolesShowing('files', policy(), false)).toEqual([]);
    expect(rolesShowing('files', policy(), true)).toEqual([...buildingRoles]);
  });

  it('dashboard and account for every role', () => {
    expect(rolesShowing('dashboard')).toEqual([...buildingRoles]);
    expect(rolesShowing('account')).toEqual([...buildingRoles]);
  });

  it('lists an owner with all access exactly, in navbar order', () => {
    expect(navigationEntries({ role: 'owner', banned: false }, policy('all'), { files: true })).toEqual([
      'dashboard',
      'units',
      'people',
      'suppliers',
      'banks',
      'accounting',
      'communications',
      'requests',
      'files',
      'account',
    ]);
  });

  it('lists a resident exactly', () => {
    expect(navigationEntries({ role: 'resident', banned: false }, policy('all'), { files: false })).toEqual([
      'dashboard',
      'people',
      'communications',
      'account',
    ]);
  });

  it('keeps read entries for a banned handler', () => {
    expect(navigationEntries({ role: 'handler', banned: true }, policy(), { files: false })).toEqual([
      'dashboard',
      'units',
      'people',
      'communications',
      'requests',
      'account',
    ]);
  });
});

describe('who may grant which role (no self-escalation)', () => {
  it('an admin assigns every role; approverWrite every role but admin; approver no finance-write or admin role', () => {
    expect(assignableRoles('admin')).toEqual([...buildingRoles]);
    expect(assignableRoles('approverWrite')).not.toContain('admin');
    expect(assignableRoles('approverWrite')).toContain('accountantWrite');
    expect(assignableRoles('approver')).toEqual(['approver', 'accountant', 'handler', 'owner', 'resident']);
    for (const role of ['accountantWrite', 'accountant', 'handler', 'owner', 'resident', null] as const) {
      expect(assignableRoles(role), String(role)).toEqual([]);
    }
  });

  it('an approver can neither promote anyone to admin nor touch an admin', () => {
    expect(canManageMember('approver', 'approver', 'admin')).toBe(false);
    expect(canManageMember('approver', 'admin')).toBe(false);
    expect(canManageMember('approver', 'owner', 'resident')).toBe(true);
    expect(canManageMember('approverWrite', 'admin', 'owner')).toBe(false);
    expect(canManageMember('admin', 'admin', 'owner')).toBe(true);
    expect(canManageMember('admin', null, 'admin')).toBe(true);
  });
});
