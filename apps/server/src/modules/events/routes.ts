import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { can, liveEventStreamSchema, type LiveChange } from '@copro/domain';
import { z } from 'zod';
import { buildingAccess, type BuildingAccess } from '../../platform/access';
import type { Platform } from '../../platform/platform';
import { buildingOf, inBuilding, signedIn, userOf } from '../../platform/routes';
import { typed } from '../../platform/typed';
import { membershipsOf } from '../tenancy';
import { shapeFor, standingChanged } from './reach';
import { openStream } from './stream';

const buildingQuery = z.object({ buildingRef: z.string().min(1).max(40) });
/** The stream is written by hand on a hijacked reply: the schema documents it for OpenAPI only. */
const streamResponse = { 200: liveEventStreamSchema };

/** Server-sent-event streams of live changes (DESIGN 3 "Live data"), each as its listener's role may read them. */
export function eventRoutes(app: FastifyInstance, platform: Platform): void {
  const api = typed(app);
  const openStreams = new Set<ServerResponse>();
  // An event stream never ends by itself: closing the server ends the open ones, or it would wait for every open page.
  app.addHook('preClose', async () => {
    for (const stream of openStreams) stream.end();
  });

  /** Whether the request's session still stands (signed out, revoked or disabled: no). */
  const sessionUserId = async (req: FastifyRequest): Promise<string | null> => {
    const found = await platform.auth.api.getSession({ headers: fromNodeHeaders(req.headers) });
    const u = found?.user as { id: string; disabled?: boolean } | undefined;
    return u && !u.disabled ? u.id : null;
  };

  /** The user's access to the building if they may still see its changes, as the route guard would decide. */
  const watchable = async (userId: string, buildingRef: string): Promise<BuildingAccess | null> => {
    const access = await buildingAccess(platform.db, userId, buildingRef);
    const allowed =
      !!access?.role &&
      access.billingStatus !== 'unpaid' &&
      can({ role: access.role, banned: access.banned }, 'building.view', access.policy);
    return allowed ? access : null;
  };

  // Live events: a building's pages subscribe once and refresh what the server names.
  api.get(
    '/api/events',
    {
      config: { permission: inBuilding('building.view') },
      schema: { querystring: buildingQuery, response: streamResponse, produces: ['text/event-stream'] },
    },
    async (req, reply) => {
      let access = buildingOf(req);
      let standingMoved = false;
      openStream(req, reply, openStreams, {
        recheck: async () => {
          const userId = await sessionUserId(req);
          const next = userId === null ? null : await watchable(userId, access.building.ref);
          if (!next) return false;
          standingMoved ||= standingChanged(access, next);
          access = next;
          return true;
        },
        subscribe: (push) =>
          platform.events.subscribe(access.building.id, (event) =>
            push({ collection: event.collection, ids: event.ids }),
          ),
        relay: (change) => {
          // The page reads the user's permissions with the building: a new role or ban refreshes it.
          const own: LiveChange[] =
            standingMoved && change.collection !== 'building'
              ? [{ collection: 'building', ids: [access.building.id] }]
              : [];
          standingMoved = false;
          const shaped = shapeFor(access, change);
          return shaped ? [...own, shaped] : own;
        },
      });
    },
  );

  // The user's buildings in one stream (a browser has few connections per site): the dashboard
  // refreshes when a building it lists changes, or the user's own role or ban in it ('memberships').
  // A building the user lost access to is dropped from the stream; the page reopens it when its
  // list changes.
  api.get(
    '/api/events/memberships',
    {
      config: { permission: signedIn },
      schema: { response: streamResponse, produces: ['text/event-stream'] },
    },
    async (req, reply) => {
      const userId = userOf(req).id;
      const { buildings } = await membershipsOf(platform.db, userId);
      const watched = new Map<string, BuildingAccess>();
      for (const { ref } of buildings) {
        const access = await watchable(userId, ref);
        if (access) watched.set(ref, access);
      }
      const moved = new Set<string>();
      openStream(req, reply, openStreams, {
        recheck: async () => {
          if ((await sessionUserId(req)) === null) return false;
          for (const [ref, access] of watched) {
            const next = await watchable(userId, ref);
            if (standingChanged(access, next)) moved.add(ref);
            if (next) watched.set(ref, next);
            else watched.delete(ref);
          }
          return true;
        },
        subscribe: (push) => {
          const unsubscribers = [...watched.values()].map(({ building }) =>
            platform.events.subscribe(building.id, (event) =>
              push({ buildingRef: building.ref, collection: event.collection, ids: event.ids }),
            ),
          );
          return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
        },
        relay: (change) => {
          const ref = change.buildingRef ?? '';
          const own: LiveChange[] = moved.delete(ref)
            ? [{ buildingRef: ref, collection: 'memberships', ids: [] }]
            : [];
          const access = watched.get(ref);
          const shaped = access ? shapeFor(access, change) : null;
          return shaped ? [...own, shaped] : own;
        },
      });
    },
  );
}
