import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import { newBillingAccountId, newBuildingGroupId, type BuildingRole } from '@copro/domain';
import type { Tx } from '@copro/server/db/client';
import {
  billingAccount,
  billingAccountUser,
  building,
  buildingGroup,
  buildingUser,
  fiscalYear,
  groupUser,
} from '@copro/server/db/schema/index';
import type { Platform } from '@copro/server/platform/platform';
import { createUserWithPassword } from '@copro/server/platform/users';
import { defaultEndDate } from '@copro/server/modules/tenancy/buildings';
import { seedChartOfAccounts } from '@copro/server/modules/accounts/chart';
import { seedDemoRegistry } from './demo-registry';
import { seedDemoPenalties } from './demo-penalties';

const demoSource = { kind: 'system', id: 'backend' } as const;

export const demoPassword = 'copro-demo-2026';

/** One demo user per building role; the first six are the README's sign-ins. */
export const demoUsers: { email: string; name: string; role: BuildingRole; locale: string }[] = [
  { email: 'admin@example.com', name: 'Alice Admin', role: 'admin', locale: 'fr-CA' },
  { email: 'approver@example.com', name: 'Paul Approbateur', role: 'approver', locale: 'fr-CA' },
  { email: 'accountant@example.com', name: 'Claire Comptable', role: 'accountant', locale: 'fr-CA' },
  { email: 'handler@example.com', name: 'Henri Handler', role: 'handler', locale: 'en-CA' },
  { email: 'owner@example.com', name: 'Olivia Owner', role: 'owner', locale: 'en-CA' },
  { email: 'resident@example.com', name: 'Rémi Résident', role: 'resident', locale: 'fr-CA' },
  { email: 'approver-write@example.com', name: 'Victor Approver', role: 'approverWrite', locale: 'en-CA' },
  {
    email: 'accountant-write@example.com',
    name: 'Wendy Accountant',
    role: 'accountantWrite',
    locale: 'en-CA',
  },
];

export const demoBuildings = [
  {
    ref: 'jardins-du-parc',
    name: 'Les Jardins du Parc',
    city: 'Montréal',
    state: 'QC',
    locale: 'fr-CA',
    size: { floors: 6, perFloor: 4 },
  },
  {
    ref: 'maple-court',
    name: 'Maple Court',
    city: 'Ottawa',
    state: 'ON',
    locale: 'en-CA',
    size: { floors: 3, perFloor: 3 },
  },
] as const;

/**
 * The demo building group: one billing account, two buildings, a user per role. The admin is
 * billing-account and group admin, so they reach both buildings; every other demo user has a
 * role in the first building only. Runs once: it does nothing when a billing account exists.
 */
export async function seedDemo(platform: Platform): Promise<boolean> {
  const [existing] = await platform.db.select({ n: count() }).from(billingAccount);
  if ((existing?.n ?? 0) > 0) return false;

  const userIds = new Map<string, string>();
  for (const u of demoUsers) {
    userIds.set(u.email, await createUserWithPassword(platform.auth, { ...u, password: demoPassword }));
  }
  const fiscalYearStart = `${new Date().getUTCFullYear()}-01-01`;
  await platform.db.transaction(async (tx: Tx) => {
    const accountId = newBillingAccountId();
    const groupId = newBuildingGroupId();
    const adminId = userIds.get('admin@example.com') ?? '';
    await tx.insert(billingAccount).values({
      id: accountId,
      name: 'Gestion Copro Démo',
      email: 'admin@example.com',
      env: 'demo',
      status: 'active',
    });
    await tx
      .insert(billingAccountUser)
      .values({ billingAccountId: accountId, userId: adminId, role: 'admin' });
    await tx.insert(buildingGroup).values({ id: groupId, billingAccountId: accountId, name: 'Groupe Démo' });
    await tx
      .insert(groupUser)
      .values({ buildingGroupId: groupId, userId: adminId, email: 'admin@example.com', role: 'admin' });
    for (const [index, b] of demoBuildings.entries()) {
      const id = randomUUID();
      await tx.insert(building).values({
        id,
        ref: b.ref,
        name: b.name,
        buildingGroupId: groupId,
        billingAccountId: accountId,
        env: 'demo',
        locale: b.locale,
        address: {
          street: index === 0 ? '1200 rue du Parc' : '45 Maple Street',
          city: b.city,
          state: b.state,
          country: 'CA',
        },
        taxes: [
          { id: 'GST', isActive: true, rate: 0.05 },
          { id: b.state, isActive: true, rate: b.state === 'QC' ? 0.09975 : 0.08 },
        ],
      });
      await tx
        .insert(fiscalYear)
        .values({ buildingId: id, startDate: fiscalYearStart, endDate: defaultEndDate(fiscalYearStart) });
      const scope = { buildingId: id, fiscalYear: fiscalYearStart };
      await seedChartOfAccounts(tx, scope, demoSource, b.locale);
      await seedDemoRegistry(tx, platform.storage, scope, demoSource, b.locale, b.size);
      await seedDemoPenalties(tx, scope, demoSource, b.locale);
      if (index === 0) {
        for (const u of demoUsers) {
          await tx
            .insert(buildingUser)
            .values({ buildingId: id, userId: userIds.get(u.email) ?? '', email: u.email, role: u.role });
        }
      }
    }
  });
  return true;
}
