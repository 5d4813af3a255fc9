import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform';

/** Money in (DOMAIN 4): unit payments and charges, checks, deposits, returned payments, wire transfers. */
export function receivablesRoutes(_app: FastifyInstance, _platform: Platform): void {}
