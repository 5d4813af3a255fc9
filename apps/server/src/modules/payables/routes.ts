import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform';
import { bankDetailsRoutes } from './bank-details/routes';
import { checkRoutes } from './checks/routes';
import { invoiceRoutes } from './invoices/routes';
import { paymentRoutes } from './payments/routes';
import { prefillRoutes } from './prefill/routes';
import { recurringRoutes } from './recurring/routes';
import { payablesReportRoutes } from './reports/routes';

/** Money out (DOMAIN 7): each part registers its own routes. */
export function payablesRoutes(app: FastifyInstance, platform: Platform): void {
  invoiceRoutes(app, platform);
  prefillRoutes(app, platform);
  paymentRoutes(app, platform);
  checkRoutes(app, platform);
  recurringRoutes(app, platform);
  bankDetailsRoutes(app, platform);
  payablesReportRoutes(app, platform);
}
