import type { FastifyInstance } from 'fastify';
import type { Platform } from '../platform/platform';
import { accountRoutes } from './account/routes';
import { ledgerAccountRoutes } from './accounts/routes';
import { scheduleMonthlyBilling } from './budget/billing';
import { budgetRoutes } from './budget/routes';
import { fiscalYearRoutes } from './fiscal-years/routes';
import { ledgerRoutes } from './ledger/routes';
import { schedulePenaltyJob } from './penalties/penalty-job';
import { penaltyRoutes } from './penalties/routes';
import { receivablesRoutes } from './receivables/routes';
import { unitAccountRoutes } from './unit-accounts/routes';
import { registryRoutes } from './registry/routes';
import { reportRoutes } from './reports/routes';
import { authRoutes } from './auth/routes';
import { eventRoutes } from './events/routes';
import { logRoutes } from './logs/routes';
import { systemRoutes } from './system/routes';
import { tenancyRoutes } from './tenancy/routes';

/** Each module registers its own routes; the order does not matter. */
export function registerModules(app: FastifyInstance, platform: Platform): void {
  systemRoutes(app, platform);
  eventRoutes(app, platform);
  authRoutes(app, platform);
  accountRoutes(app, platform);
  tenancyRoutes(app, platform);
  logRoutes(app, platform);
  registryRoutes(app, platform);
  ledgerRoutes(app, platform);
  fiscalYearRoutes(app, platform);
  budgetRoutes(app, platform);
  reportRoutes(app, platform);
  ledgerAccountRoutes(app, platform);
  receivablesRoutes(app, platform);
  penaltyRoutes(app, platform);
  unitAccountRoutes(app, platform);
}

/** What modules start once the job queue runs: today's billing run, so a restart catches up at once. */
export async function startModules(platform: Platform): Promise<void> {
  await scheduleMonthlyBilling(platform);
  await schedulePenaltyJob(platform);
}
