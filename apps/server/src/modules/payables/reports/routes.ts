import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/platform';

/** Scaffold: the reports routes are written by the reports part of the payables area. */
export function payablesReportRoutes(_app: FastifyInstance, _platform: Platform): void {}
