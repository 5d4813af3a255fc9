import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/platform';

/** Scaffold: the invoices routes are written by the invoices part of the payables area. */
export function invoiceRoutes(_app: FastifyInstance, _platform: Platform): void {}
