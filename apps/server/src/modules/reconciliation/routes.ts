import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform';
import { importRoutes } from './import/routes';
import { periodRoutes } from './periods/routes';
import { bankReportRoutes } from './reports/routes';

/** Bank reconciliation (DOMAIN 9): each part registers its own routes. */
export function reconciliationRoutes(app: FastifyInstance, platform: Platform): void {
  periodRoutes(app, platform);
  importRoutes(app, platform);
  bankReportRoutes(app, platform);
}
