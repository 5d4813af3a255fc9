import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Conditional GET (SPEC 7): answers 304 when the client's copy is as new as `modified`.
 * HTTP dates have whole seconds, so the comparison drops the milliseconds.
 */
export function notModified(req: FastifyRequest, reply: FastifyReply, modified: Date): boolean {
  const seconds = Math.floor(modified.getTime() / 1000);
  reply.header('Last-Modified', new Date(seconds * 1000).toUTCString());
  reply.header('Cache-Control', 'private, no-cache');
  const since = req.headers['if-modified-since'];
  if (since && Math.floor(Date.parse(since) / 1000) >= seconds) {
    reply.status(304);
    return true;
  }
  return false;
}
