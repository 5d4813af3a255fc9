import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Vite names each file under assets/ by a hash of its content: a changed file is a new address. */
export const hashedCache = 'public, max-age=31536000, immutable';
/** The page and the files of public/ keep their names: the browser asks again each time (ETag, 304). */
export const pageCache = 'no-cache';

const hashedDir = 'assets';

/**
 * The built web app (apps/web/dist). The build wrote a brotli and a gzip copy beside each text
 * file (apps/web/build-plugins/precompress.ts): the browser gets the best its Accept-Encoding takes
 * (br, then gzip, else the file itself), compressed once at build time rather than per request.
 * Hashed files are cached for good; the page is asked for again on each visit, so a new release
 * shows at the next load. The app's own paths get the page from the not-found handler (app.ts),
 * through `reply.sendFile`, with the same headers.
 */
export async function serveWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  if (!fs.existsSync(webDist)) return;
  await app.register(fastifyStatic, {
    root: webDist,
    index: false,
    // A directory (`/` first of all) is no file to send: the app answers it, as any other path of
    // its own. The compressed copies are sent for their file only, never under their own name.
    allowedPath: (pathname) => !pathname.endsWith('/') && !/\.(br|gz)$/.test(pathname),
    preCompressed: true,
    // Set below, by file: `send` would put max-age=0 on everything.
    cacheControl: false,
    setHeaders: (res, filePath) => {
      const hashed = path.relative(webDist, filePath).split(path.sep)[0] === hashedDir;
      res.setHeader('cache-control', hashed ? hashedCache : pageCache);
      // One address, several bodies: a shared cache must key them by the request's encodings.
      res.setHeader('vary', 'accept-encoding');
    },
  });
}
