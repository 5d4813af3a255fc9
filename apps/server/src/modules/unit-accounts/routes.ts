import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform';

/** A unit's accounts (DOMAIN 6): sale, closing the former owner's account, statements and receivables reports. */
export function unitAccountRoutes(_app: FastifyInstance, _platform: Platform): void {}
