import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform';
import { automaticMailRoutes } from './automatic/routes';
import { postRoutes } from './posts/routes';

/** Communications (DOMAIN 11): each part registers its own routes. */
export function communicationsRoutes(app: FastifyInstance, platform: Platform): void {
  postRoutes(app, platform);
  automaticMailRoutes(app, platform);
}
