import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform';
import { requestMailRoutes } from './mail/routes';
import { requestRoutes } from './requests/routes';

/** Requests (DOMAIN 11): each part registers its own routes. */
export function requestsRoutes(app: FastifyInstance, platform: Platform): void {
  requestRoutes(app, platform);
  requestMailRoutes(app, platform);
}
