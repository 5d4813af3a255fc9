import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform';
import { agreementRoutes } from './agreements/routes';
import { fileRoutes } from './files/routes';
import { orderRoutes } from './orders/routes';
import { settingsRoutes } from './settings/routes';

/** Pre-authorized debits and electronic payments through the payment partner (DOMAIN 8). */
export function otonomRoutes(app: FastifyInstance, platform: Platform): void {
  settingsRoutes(app, platform);
  agreementRoutes(app, platform);
  orderRoutes(app, platform);
  fileRoutes(app, platform);
}
