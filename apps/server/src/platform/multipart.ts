import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppError } from './errors';

/**
 * Registers `routes` in a scope that reads `multipart/form-data` bodies (the rest of the API takes
 * JSON only), parsed by the platform's own reader (fetch's FormData): no parser of our own to get
 * wrong. The body becomes the parsed form. `maxFileBytes` is the largest file the routes take (the
 * form's boundaries and headers come on top); a body that does not parse answers `unreadable()`.
 * The session cookie is SameSite, so another site's form cannot post one with the user's session.
 */
export function withMultipart(
  app: FastifyInstance,
  options: { maxFileBytes: number; unreadable: () => AppError },
  routes: (scoped: FastifyInstance) => void,
): void {
  void app.register(async (scoped) => {
    scoped.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'buffer', bodyLimit: options.maxFileBytes + 64 * 1024 },
      async (req: FastifyRequest, body: Buffer) => {
        try {
          return await new Response(body, {
            headers: { 'content-type': req.headers['content-type'] ?? '' },
          }).formData();
        } catch {
          throw options.unreadable();
        }
      },
    );
    routes(scoped);
  });
}
