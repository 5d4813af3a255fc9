import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/platform';

/** Scaffold: the recurring routes are written by the recurring part of the payables area. */
export function recurringRoutes(_app: FastifyInstance, _platform: Platform): void {}
