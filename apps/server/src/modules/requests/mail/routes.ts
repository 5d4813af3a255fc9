import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/platform';

/** Requests by email: the request emails, folders, replies (DOMAIN 11). */
export function requestMailRoutes(_app: FastifyInstance, _platform: Platform): void {}
