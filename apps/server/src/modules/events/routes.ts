import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { inArray } from 'drizzle-orm';
import { fromNodeHeaders } from 'better-auth/node';
import { can } from '@copro/domain';
import { z } from 'zod';
import { building } from '../../db/schema/index';
import { buildingAccess } from '../../platform/access';
import type { Platform } from '../../platform/platform';
import { buildingOf, inBuilding, signedIn, userOf } from '../../platform/routes';
import { typed } from '../../platform/typed';
import { membershipsOf } from '../tenancy/memberships';

const buildingQuery = z.object({ buildingRef: z.string().min(1).max(40) });
/** How long a stream relays changes on the strength of its last access check. */
const recheckMs = 30_000;

/** Server-sent-event streams of live changes (DESIGN 3 "Live data"). */
export function eventRoutes(app: FastifyInstance, platform: Platform): void {
  const api = typed(app);
  const openStreams = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const stream of openStreams) stream.end();
  });

  /** Whether the request's session still stands (signed out, revoked or disabled: no). */
  const sessionUserId = async (req: FastifyRequest): Promise<string | null> => {
    const found = await platform.auth.api.getSession({ headers: fromNodeHeaders(req.headers) });
    const u = found?.user as { id: string; disabled?: boolean } | undefined;
    return u && !u.disabled ? u.id : null;
  };

  /** Whether the user may still see the building's changes, as the route guard would decide. */
  const mayWatch = async (userId: string, buildingRef: string): Promise<boolean> => {
    const access = await buildingAccess(platform.db, userId, buildingRef);
    return (
      !!access?.role &&
      access.billingStatus !== 'unpaid' &&
      can({ role: access.role, banned: access.banned }, 'building.view', access.policy)
    );
  };

  /**
   * Opens a server-sent-event stream. Access was checked when it opened, but a stream lives for
   * hours: `stillAllowed` runs again before relaying a change of users (a removal is one), at
   * least every `recheckMs` otherwise, and on a timer; the stream ends when access is gone.
   */
  const openStream = (
    req: FastifyRequest,
    reply: FastifyReply,
    stillAllowed: () => Promise<boolean>,
    subscribe: (
      send: (data: { collection: string; ids: string[]; buildingRef?: string }) => void,
    ) => () => void,
  ): void => {
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    openStreams.add(reply.raw);
    reply.raw.write(': connected\n\n');
    let checkedAt = Date.now();
    let queue = Promise.resolve();
    const end = (): void => void reply.raw.end();
    const verify = async (): Promise<boolean> => {
      const allowed = await stillAllowed().catch(() => false);
      checkedAt = Date.now();
      if (!allowed) end();
      return allowed;
    };
    const unsubscribe = subscribe((data) => {
      // One at a time, so the changes reach the page in the order they happened.
      queue = queue.then(async () => {
        if (reply.raw.writableEnded) return;
        if (data.collection === 'users' || Date.now() - checkedAt > recheckMs) {
          if (!(await verify())) return;
        }
        reply.raw.write(`event: change\ndata: ${JSON.stringify(data)}\n\n`);
      });
    });
    // A comment line every 25 s keeps proxies from closing an idle stream; access is checked then too.
    const keepAlive = setInterval(() => {
      reply.raw.write(': ping\n\n');
      if (Date.now() - checkedAt > recheckMs) void verify();
    }, 25_000);
    req.raw.on('close', () => {
      clearInterval(keepAlive);
      unsubscribe();
      openStreams.delete(reply.raw);
    });
  };

  // Live events: a building's pages subscribe once and refresh what the server names.
  api.get(
    '/api/events',
    { config: { permission: inBuilding('building.view') }, schema: { querystring: buildingQuery } },
    async (req, reply) => {
      const { building } = buildingOf(req);
      const stillAllowed = async (): Promise<boolean> => {
        const userId = await sessionUserId(req);
        return userId !== null && (await mayWatch(userId, building.ref));
      };
      openStream(req, reply, stillAllowed, (send) =>
        platform.events.subscribe(building.id, (event) =>
          send({ collection: event.collection, ids: event.ids }),
        ),
      );
    },
  );

  // The user's buildings in one stream (a browser has few connections per site): the dashboard
  // refreshes when a building it lists or its users change. A building the user lost access to is
  // dropped from the stream; the page reopens it when its list changes.
  api.get('/api/events/memberships', { config: { permission: signedIn } }, async (req, reply) => {
    const userId = userOf(req).id;
    const { buildings } = await membershipsOf(platform.db, userId);
    const rows = buildings.length
      ? await platform.db
          .select({ id: building.id, ref: building.ref })
          .from(building)
          .where(
            inArray(
              building.ref,
              buildings.map((b) => b.ref),
            ),
          )
      : [];
    const watched = new Set(rows.map((b) => b.ref));
    const stillAllowed = async (): Promise<boolean> => {
      if ((await sessionUserId(req)) === null) return false;
      for (const ref of watched) if (!(await mayWatch(userId, ref))) watched.delete(ref);
      return true;
    };
    openStream(req, reply, stillAllowed, (send) => {
      const unsubscribers = rows.map((b) =>
        platform.events.subscribe(b.id, (event) => {
          if (watched.has(b.ref)) send({ buildingRef: b.ref, collection: event.collection, ids: event.ids });
        }),
      );
      return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
    });
  });
}
