import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

/**
 * `npm start`'s server as one JavaScript file, made at install (scripts/start.mjs runs it while
 * none of its sources changed). Run through tsx, the TypeScript sources cost a second and a half
 * of CPU and about 95 MB of memory more at every start: the loader's own thread, a transform per
 * file, the source maps kept for stack traces. Our own code (the server, the domain package, the
 * start script) is bundled; every npm package stays an import, resolved as before.
 */
const root = path.resolve(import.meta.dirname, '../..');
export const serverDist = path.join(root, 'apps/server/dist');
const entry = path.join(root, 'scripts/src/start.ts');
const outfile = path.join(serverDist, 'start.mjs');
/**
 * Where the bundle was made (it names its source folders) and the files it was made of, relative
 * to the root: scripts/start.mjs checks both.
 */
const manifestFile = path.join(serverDist, 'start.json');

/** The `node_modules/<name>` directory Node would find first from `dir`, or null. */
function packageDir(dir: string, name: string): string | null {
  for (let at = dir; ; at = path.dirname(at)) {
    const candidate = path.join(at, 'node_modules', name);
    if (fs.existsSync(candidate)) return fs.realpathSync(candidate);
    if (path.dirname(at) === at) return null;
  }
}

const packageName = (specifier: string): string =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * Whether `specifier` names a directory inside a package without an exports map
 * (`nodemailer/lib/mail-composer`): tsx and CommonJS take it, Node's ES module loader refuses it
 * (ERR_UNSUPPORTED_DIR_IMPORT), so the bundle would fail at start. Its file must be named.
 */
function directoryImport(specifier: string, dir: string | null): boolean {
  const name = packageName(specifier);
  if (specifier === name || !dir) return false;
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    exports?: unknown;
  };
  // With an exports map, Node resolves the subpath through it (and says so when it cannot).
  if (manifest.exports !== undefined) return false;
  const target = path.join(dir, specifier.slice(name.length + 1));
  return fs.existsSync(target) && fs.statSync(target).isDirectory();
}

/**
 * Our sources are bundled; npm packages stay imports, and must be found from the bundle's folder
 * as from the file that imports them (a package nested in one workspace's node_modules would not
 * be). Each file keeps its own location: `import.meta.dirname` (the migrations folder, the web
 * app's) is written in as the source file's folder.
 */
const ownSourcesOnly: Plugin = {
  name: 'own-sources-only',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@copro/') || args.path.startsWith('node:')) return undefined;
      const name = packageName(args.path);
      const fromSource = packageDir(args.resolveDir, name);
      if (fromSource !== packageDir(serverDist, name)) {
        return { errors: [{ text: `${name} is not the same package from ${serverDist}` }] };
      }
      if (directoryImport(args.path, fromSource)) {
        return {
          errors: [{ text: `${args.path} is a directory: Node cannot import it (name its index.js)` }],
        };
      }
      return { path: args.path, external: true };
    });
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = fs.readFileSync(args.path, 'utf8');
      const contents = source
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path))
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
      return { contents, loader: 'ts' };
    });
  },
};

/** Bundles the start script and the server into apps/server/dist; throws when it cannot. */
export async function buildServerBundle(): Promise<void> {
  fs.rmSync(manifestFile, { force: true });
  const result = await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Written beside it, read only when asked: NODE_OPTIONS=--enable-source-maps npm start.
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    plugins: [ownSourcesOnly],
  });
  const inputs = Object.keys(result.metafile.inputs).map((input) =>
    path.relative(root, path.resolve(process.cwd(), input)),
  );
  // Written last: without it, or with a source newer than the bundle, start runs the sources.
  fs.writeFileSync(manifestFile, JSON.stringify({ root, inputs }));
}

// `npm run build:server`: after changing the server, so that npm start runs the new code at full speed.
if (import.meta.filename === path.resolve(process.argv[1] ?? '')) {
  await buildServerBundle();
  console.log(`Copro: server built (${path.relative(root, outfile)}).`);
}
