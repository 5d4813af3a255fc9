import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import {
  buildingToday,
  cents,
  newBillingAccountId,
  newBuildingGroupId,
  type BuildingRole,
} from '@copro/domain';
import type { Tx } from '@copro/server/db/client';
import {
  billingAccount,
  billingAccountUser,
  building,
  buildingGroup,
  buildingUser,
  fiscalYear,
  groupUser,
  type LogSource,
} from '@copro/server/db/schema/index';
import type { Platform } from '@copro/server/platform/platform';
import { transactionWithFiles } from '@copro/server/platform/storage';
import { defaultEndDate } from '@copro/server/modules/tenancy/buildings';
import { seedChartOfAccounts } from '@copro/server/modules/accounts/chart';
import { configuredPartner } from '@copro/server/modules/otonom/partner/configured';
import { seedDemoCommunications } from './demo-communications';
import { demoOtonomSettings } from './demo-otonom';
import { seedDemoRegistry } from './demo-registry';
import { seedDemoPayables } from './demo-payables';
import { seedDemoPenalties } from './demo-penalties';
import { seedDemoReconciliation } from './demo-reconciliation';
import { seedDemoYear } from './demo-year';

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
    timeZone: 'America/Toronto',
    size: { floors: 6, perFloor: 4 },
  },
  {
    ref: 'maple-court',
    name: 'Maple Court',
    city: 'Ottawa',
    state: 'ON',
    locale: 'en-CA',
    timeZone: 'America/Toronto',
    size: { floors: 3, perFloor: 3 },
  },
] as const;

/**
 * The demo users, with better-auth's own adapter as `createUserWithPassword` does, but their shared
 * password hashed once: scrypt is slow by design, and eight hashes were most of the first start.
 */
async function createDemoUsers(platform: Platform): Promise<Map<string, LogSource>> {
  const ctx = await platform.auth.$context;
  const password = await ctx.password.hash(demoPassword);
  const sources = new Map<string, LogSource>();
  for (const u of demoUsers) {
    const created = await ctx.internalAdapter.createUser(
      { email: u.email, name: u.name, emailVerified: true, locale: u.locale },
      { method: 'email-password' },
    );
    await ctx.internalAdapter.linkAccount({
      userId: created.id,
      providerId: 'credential',
      accountId: created.id,
      password,
    });
    sources.set(u.email, { kind: 'user', id: created.id, name: u.name, email: u.email });
  }
  return sources;
}

export interface DemoOptions {
  /**
   * Also a year of finances for « Les Jardins du Parc » up to today (demo-year.ts, demo-otonom.ts,
   * demo-payables.ts, demo-reconciliation.ts) and its recent posts, reminders and requests (demo-communications.ts,
   * written before the year): what `npm start` shows.
   */
  year?: boolean;
  /** Hears each step as it starts, for a progress line. */
  onStep?: (step: string) => void;
  /**
   * With `year`: receives the writing of the year instead of awaiting it, so the caller can serve
   * requests first (`npm start` writes it once it listens, in short transactions).
   */
  deferYear?: (writeYear: () => Promise<void>) => void;
}

/**
 * The demo building group: one billing account, two buildings, a user per role. The admin is
 * billing-account and group admin, so they reach both buildings; every other demo user has a
 * role in the first building only. Runs once: it does nothing when a billing account exists.
 */
export async function seedDemo(platform: Platform, options: DemoOptions = {}): Promise<boolean> {
  const [existing] = await platform.db.select({ n: count() }).from(billingAccount);
  if ((existing?.n ?? 0) > 0) return false;

  options.onStep?.('the demo users');
  const users = await createDemoUsers(platform);
  const userOf = (email: string): LogSource => {
    const source = users.get(email);
    if (!source) throw new Error(`demo: no user ${email}`);
    return source;
  };
  const now = platform.clock.now();
  const pending: { writeYear: (() => Promise<void>) | null } = { writeYear: null };
  let firstBuildingId = '';
  // The demo's insurance proofs are written with its rows, and removed if the seeding fails.
  await transactionWithFiles(platform.db, platform.storage, async (tx: Tx, files) => {
    const accountId = newBillingAccountId();
    const groupId = newBuildingGroupId();
    const adminId = userOf('admin@example.com').id;
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
      const today = buildingToday(b, now);
      const fiscalYearStart = `${today.slice(0, 4)}-01-01`;
      await tx.insert(building).values({
        id,
        ref: b.ref,
        name: b.name,
        buildingGroupId: groupId,
        billingAccountId: accountId,
        env: 'demo',
        locale: b.locale,
        timeZone: b.timeZone,
        address: {
          street: index === 0 ? '1200 rue du Parc' : '45 Maple Street',
          city: b.city,
          state: b.state,
          country: 'CA',
        },
        // Quebec charges GST and QST; Ontario's HST (13%) replaces the GST.
        taxes: [
          { id: 'GST', isActive: b.state === 'QC', rate: 0.05 },
          { id: b.state, isActive: true, rate: b.state === 'QC' ? 0.09975 : 0.13 },
        ],
        // The first building's board approves checks and wire transfers twice (DOMAIN 7).
        ...(index === 0
          ? {
              numberOfApprovalsRequired: 2,
              paymentMethodsRequiringApproval: ['check', 'wire-transfer'] as const,
              lowBalanceWarningThreshold: cents(200_000),
              // Its pre-authorized debits go through the payment partner (demo-otonom.ts).
              otonom: demoOtonomSettings,
            }
          : {}),
      });
      await tx
        .insert(fiscalYear)
        .values({ buildingId: id, startDate: fiscalYearStart, endDate: defaultEndDate(fiscalYearStart) });
      const scope = { buildingId: id, fiscalYear: fiscalYearStart };
      options.onStep?.(`« ${b.name} »: its chart of accounts and registry`);
      await seedChartOfAccounts(tx, scope, demoSource, b.locale);
      await seedDemoRegistry(tx, files, scope, demoSource, b.locale, b.size, today);
      await seedDemoPenalties(tx, scope, demoSource, b.locale);
      if (index === 0) {
        firstBuildingId = id;
        for (const u of demoUsers) {
          await tx
            .insert(buildingUser)
            .values({ buildingId: id, userId: userOf(u.email).id, email: u.email, role: u.role });
        }
        if (options.year) {
          const name = b.name;
          pending.writeYear = async () => {
            options.onStep?.(`« ${name} »: a budget, fees, payments and writings up to ${today}`);
            // Between two of its transactions, requests that came in meanwhile take their turn on the database.
            const inTransaction = async <T>(work: (tx: Tx) => Promise<T>): Promise<T> => {
              await new Promise((resolve) => setImmediate(resolve));
              return platform.db.transaction(work);
            };
            await seedDemoYear(
              inTransaction,
              {
                mailer: platform.mailer,
                withFiles: async (work) => {
                  await new Promise((resolve) => setImmediate(resolve));
                  return transactionWithFiles(platform.db, platform.storage, work);
                },
                // Demo debits go to npm start's local test partner only, never to a real one.
                partner: configuredPartner(platform.config, { env: 'demo' }),
                now: platform.clock.now(),
              },
              scope,
              today,
              {
                admin: userOf('admin@example.com'),
                accountant: userOf('accountant@example.com'),
              },
            );
            options.onStep?.(`« ${name} »: supplier bills, payments and their approvals up to ${today}`);
            await seedDemoPayables(inTransaction, platform, scope, today, {
              admin: userOf('admin@example.com'),
              approver: userOf('approver@example.com'),
              approverWrite: userOf('approver-write@example.com'),
            });
            options.onStep?.(`« ${name} »: the operating account reconciled month by month up to last month`);
            await seedDemoReconciliation(
              inTransaction,
              scope,
              today,
              userOf('admin@example.com'),
              platform.clock.now(),
            );
          };
        }
      }
    }
  });
  if (options.year) {
    options.onStep?.(`« ${demoBuildings[0].name} »: posts, reminders, requests and their emails`);
    await seedDemoCommunications(platform, firstBuildingId, {
      admin: userOf('admin@example.com'),
      handler: userOf('handler@example.com'),
      owner: userOf('owner@example.com'),
      resident: userOf('resident@example.com'),
      approver: userOf('approver@example.com'),
    });
  }
  if (pending.writeYear) {
    if (options.deferYear) options.deferYear(pending.writeYear);
    else await pending.writeYear();
  }
  return true;
}
