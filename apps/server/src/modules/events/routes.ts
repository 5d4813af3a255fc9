import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import { building } from '../../db/schema/index';
import type { Platform } from '../../platform/platform';
import { buildingOf, inBuilding, signedIn, userOf } from '../../platform/routes';
import { typed } from '../../platform/typed';
import { membershipsOf } from '../tenancy/memberships';

const buildingQuery = z.object({ buildingRef: z.string().min(1).max(40) });

/** Server-sent-event streams of live changes (DESIGN 3 "Live data"). */
export function eventRoutes(app: FastifyInstance, platform: Platform): void {
  const api = typed(app);
  const openStreams = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const stream of openStreams) stream.end();
  });

  /** Opens a server-sent-event stream; `subscribe` gets a sender and answers its unsubscribe. */
  const openStream = (
    req: FastifyRequest,
    reply: FastifyReply,
    subscribe: (send: (data: object) => void) => () => void,
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
    const unsubscribe = subscribe((data) =>
      reply.raw.write(`event: change\ndata: ${JSON.stringify(data)}\n\n`),
    );
    // A comment line every 25 s keeps proxies from closing an idle stream.
    const keepAlive = setInterval(() => reply.raw.write(': ping\n\n'), 25_000);
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
      openStream(req, reply, (send) =>
        platform.events.subscribe(building.id, (event) =>
          send({ collection: event.collection, ids: event.ids }),
        ),
      );
    },
  );

  // The user's buildings in one stream (a browser has few connections per site): the dashboard
  // refreshes when a building it lists or its users change.
  api.get('/api/events/memberships', { config: { permission: signedIn } }, async (req, reply) => {
    const { buildings } = await membershipsOf(platform.db, userOf(req).id);
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
    openStream(req, reply, (send) => {
      const unsubscribers = rows.map((b) =>
        platform.events.subscribe(b.id, (event) =>
          send({ buildingRef: b.ref, collection: event.collection, ids: event.ids }),
        ),
      );
      return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
    });
  });
}
