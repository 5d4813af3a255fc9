import type { FastifyInstance, FastifyRequest } from 'fastify';
import { buildingToday } from '@copro/domain';
import type { Clock } from './clock';
import { buildingOf } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The platform's clock, for code that is handed the request only (report files). */
    clock: Clock;
  }
}

/** Makes the platform's clock readable from the requests of `app`'s routes. */
export function provideClock(app: FastifyInstance, clock: Clock): void {
  if (!app.hasDecorator('clock')) app.decorate('clock', clock);
}

/** The request's building's today (its time zone), by the platform's clock. */
export const requestToday = (req: FastifyRequest): string =>
  buildingToday(buildingOf(req).building, req.server.clock.now());
