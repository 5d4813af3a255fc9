import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/platform';

/** Scaffold: the prefill routes are written by the prefill part of the payables area. */
export function prefillRoutes(_app: FastifyInstance, _platform: Platform): void {}
