import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/platform';

/** Scaffold: the bank-details routes are written by the bank-details part of the payables area. */
export function bankDetailsRoutes(_app: FastifyInstance, _platform: Platform): void {}
