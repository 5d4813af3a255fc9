import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const compressible = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/** Writes `file.br` and `file.gz` beside `file`, each only where it is smaller than the file itself. */
async function compressFile(file: string): Promise<void> {
  const content = await fs.promises.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([
    br.length < content.length ? fs.promises.writeFile(`${file}.br`, br) : undefined,
    gz.length < content.length ? fs.promises.writeFile(`${file}.gz`, gz) : undefined,
  ]);
}

/**
 * Brotli and gzip copies of the built text files, made once at build time at the best ratio, so
 * the server sends them by the browser's Accept-Encoding without compressing on each request
 * (apps/server/src/platform/web-app.ts).
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'copro-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the bundle and the public folder's files are written.
    async closeBundle(error?: Error) {
      if (error || !fs.existsSync(outDir)) return;
      const files = filesUnder(outDir).filter((file) => compressible.test(file));
      await Promise.all(files.map(compressFile));
    },
  };
}
