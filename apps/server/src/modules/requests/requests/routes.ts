import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/platform';

/** Requests, tags, notes, merges, request email templates and the badge counts (DOMAIN 11). */
export function requestRoutes(_app: FastifyInstance, _platform: Platform): void {}
