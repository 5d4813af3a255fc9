import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/platform';

/** Automatic communications and their editable mail templates (SPEC 2 posts/reminders). */
export function automaticMailRoutes(_app: FastifyInstance, _platform: Platform): void {}
