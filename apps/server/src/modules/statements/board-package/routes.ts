import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/platform';

// Being built (issue 16): this part's routes are registered here.
export function boardPackageRoutes(_app: FastifyInstance, _platform: Platform): void {}
