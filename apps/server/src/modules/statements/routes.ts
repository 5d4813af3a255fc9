import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform';
import { boardPackageRoutes } from './board-package/routes';
import { statementRoutes } from './statements/routes';

/** Financial statements (DOMAIN 10) and the board package: each part registers its own routes. */
export function financialStatementRoutes(app: FastifyInstance, platform: Platform): void {
  statementRoutes(app, platform);
  boardPackageRoutes(app, platform);
}
