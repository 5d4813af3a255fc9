import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/platform';

/** Scaffold: the checks routes are written by the checks part of the payables area. */
export function checkRoutes(_app: FastifyInstance, _platform: Platform): void {}
