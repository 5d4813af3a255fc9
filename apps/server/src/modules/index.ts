import type { FastifyInstance } from 'fastify';
import type { Platform } from '../platform/platform';
import { accountRoutes } from './auth';
import { ledgerAccountRoutes } from './accounts';
import { scheduleMonthlyBilling } from './receivables';
import { feeBillingOwner } from './receivables';
import { budgetRoutes } from './receivables';
import { fiscalYearRoutes } from './ledger';
import type { TransactionOwner } from './ledger';
import { ledgerRoutes } from './ledger';
import { penaltyChargeOwner } from './receivables';
import { schedulePenaltyJob } from './receivables';
import { penaltyRoutes } from './receivables';
import { receivablesRoutes } from './receivables';
import { depositOwner, returnedPaymentOwner } from './receivables';
import { unitAccountRoutes } from './receivables';
import { saleOwner } from './receivables';
import { payablesRoutes, supplierInvoiceOwner, supplierPaymentOwner } from './payables';
import { scheduleRecurringBills } from './payables';
import { reconciliationRoutes } from './reconciliation';
import { communicationsRoutes, scheduleAutomaticMails } from './communications';
import { requestsRoutes } from './requests';
import { otonomRoutes, padOrderOwner, scheduleOtonomDebits, scheduleOtonomSend } from './otonom';
import { registryRoutes } from './registry';
import { financialStatementRoutes } from './statements';
import { reportRoutes } from './reports';
import { authRoutes } from './auth';
import { eventRoutes } from './events';
import { logRoutes } from './admin';
import { systemRoutes } from './admin';
import { tenancyRoutes } from './tenancy';

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
  supplierInvoiceOwner,
  supplierPaymentOwner,
  padOrderOwner,
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
  payablesRoutes(app, platform);
  reconciliationRoutes(app, platform);
  financialStatementRoutes(app, platform);
  communicationsRoutes(app, platform);
  requestsRoutes(app, platform);
  otonomRoutes(app, platform);
}

/**
 * What modules start once the job queue runs: the daily schedules of billing, late fees and arrears
 * (stopped with the queue), and today's run of each building at once, so a restart catches up.
 */
export async function startModules(platform: Platform): Promise<void> {
  await scheduleMonthlyBilling(platform);
  await schedulePenaltyJob(platform);
  await scheduleRecurringBills(platform);
  await scheduleAutomaticMails(platform);
  await scheduleOtonomDebits(platform);
  await scheduleOtonomSend(platform);
}
