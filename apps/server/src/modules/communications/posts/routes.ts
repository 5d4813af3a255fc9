import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/platform';

/** Posts and post templates (DOMAIN 11, SPEC 2 posts, posts/templates). */
export function postRoutes(_app: FastifyInstance, _platform: Platform): void {}
