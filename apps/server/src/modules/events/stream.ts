import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LiveChange } from '@copro/domain';

/** How long a stream relays changes on the strength of its last access check. */
const recheckMs = 30_000;
/** A comment line this often keeps proxies from closing an idle stream; access is checked then too. */
const keepAliveMs = 25_000;

/**
 * Changes that may alter what the listener may read: their own role and ban (users) or the
 * building's policy (building). Access is checked again before relaying them.
 */
const accessCollections = new Set<string>(['users', 'building']);

/** What one stream watches, and what its listener may receive of it. */
export interface Watch {
  /** Checks the session and the access again; false ends the stream. */
  recheck(): Promise<boolean>;
  /** Subscribes to the changes; answers how to unsubscribe. */
  subscribe(push: (change: LiveChange) => void): () => void;
  /** What the listener receives of a change, as the access last checked allows: maybe nothing. */
  relay(change: LiveChange): LiveChange[];
}

/**
 * Opens a server-sent-event stream on a hijacked reply, which Fastify neither serializes nor
 * ends. Access was checked when it opened, but a stream lives for hours: it is checked again
 * before relaying a change that may alter it, at least every `recheckMs` otherwise, and on a
 * timer; the stream ends when access is gone.
 */
export function openStream(
  req: FastifyRequest,
  reply: FastifyReply,
  openStreams: Set<ServerResponse>,
  watch: Watch,
): void {
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
    const allowed = await watch.recheck().catch(() => false);
    checkedAt = Date.now();
    if (!allowed) end();
    return allowed;
  };
  const unsubscribe = watch.subscribe((change) => {
    // One at a time, so the changes reach the page in the order they happened.
    queue = queue.then(async () => {
      if (reply.raw.writableEnded) return;
      if (accessCollections.has(change.collection) || Date.now() - checkedAt > recheckMs) {
        if (!(await verify())) return;
      }
      for (const relayed of watch.relay(change)) {
        reply.raw.write(`event: change\ndata: ${JSON.stringify(relayed)}\n\n`);
      }
    });
  });
  const keepAlive = setInterval(() => {
    reply.raw.write(': ping\n\n');
    if (Date.now() - checkedAt > recheckMs) void verify();
  }, keepAliveMs);
  req.raw.on('close', () => {
    clearInterval(keepAlive);
    unsubscribe();
    openStreams.delete(reply.raw);
  });
}
