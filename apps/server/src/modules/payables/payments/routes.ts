import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/platform';

/** Scaffold: the payments routes are written by the payments part of the payables area. */
export function paymentRoutes(_app: FastifyInstance, _platform: Platform): void {}
