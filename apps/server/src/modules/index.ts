import type { FastifyInstance } from 'fastify';
import type { Platform } from '../platform/platform';
import { accountRoutes } from './account/routes';
import { ledgerAccountRoutes } from './accounts/routes';
import { scheduleMonthlyBilling } from './budget/billing';
import { feeBillingOwner } from './budget/billing-owner';
import { budgetRoutes } from './budget/routes';
import { fiscalYearRoutes } from './fiscal-years/routes';
import type { TransactionOwner } from './ledger/owners';
import { ledgerRoutes } from './ledger/routes';
import { penaltyChargeOwner } from './penalties/charge-owner';
import { schedulePenaltyJob } from './penalties/penalty-job';
import { penaltyRoutes } from './penalties/routes';
import { receivablesRoutes } from './receivables/routes';
import { depositOwner, returnedPaymentOwner } from './receivables/transaction-owners';
import { unitAccountRoutes } from './unit-accounts/routes';
import { saleOwner } from './unit-accounts/sale-owner';
import { registryRoutes } from './registry/routes';
import { reportRoutes } from './reports/routes';
import { authRoutes } from './auth/routes';
import { eventRoutes } from './events/routes';
import { logRoutes } from './logs/routes';
import { systemRoutes } from './system/routes';
import { tenancyRoutes } from './tenancy/routes';

/**
 * The areas that own transactions they posted: the ledger's cancel goes through them, so each
 * restores its own records or refuses (docs/architecture.md "Ledger").
 */
const transactionOwners: readonly TransactionOwner[] = [
  depositOwner,
  returnedPaymentOwner,
  feeBillingOwner,
  penaltyChargeOwner,
  saleOwner,
];

/** Each module registers its own routes; the order does not matter. */
export function registerModules(app: FastifyInstance, platform: Platform): void {
  systemRoutes(app, platform);
  eventRoutes(app, platform);
  authRoutes(app, platform);
  accountRoutes(app, platform);
  tenancyRoutes(app, platform);
  logRoutes(app, platform);
  registryRoutes(app, platform);
  ledgerRoutes(app, platform, transactionOwners);
  fiscalYearRoutes(app, platform);
  budgetRoutes(app, platform);
  reportRoutes(app, platform);
  ledgerAccountRoutes(app, platform);
  receivablesRoutes(app, platform);
  penaltyRoutes(app, platform);
  unitAccountRoutes(app, platform);
}

/**
 * What modules start once the job queue runs: the daily schedules of billing, late fees and arrears
 * (stopped with the queue), and today's run of each building at once, so a restart catches up.
 */
export async function startModules(platform: Platform): Promise<void> {
  await scheduleMonthlyBilling(platform);
  await schedulePenaltyJob(platform);
}
