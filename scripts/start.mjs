import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * `npm start`: runs scripts/src/start.ts as the install built it (scripts/src/server-bundle.ts),
 * plain JavaScript that starts faster and holds less memory; or, when a source changed since,
 * the sources themselves through tsx, as `npm run build:server` would otherwise be needed first.
 * Plain JavaScript itself, so that nothing is transpiled before the choice is made.
 */
const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/server/dist');

/** Whether the built server is that of these sources: made here, and none of its files changed since. */
function builtIsCurrent() {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(dist, 'start.json'), 'utf8'));
    const builtAt = fs.statSync(path.join(dist, 'start.mjs')).mtimeMs;
    return (
      manifest.root === root &&
      manifest.inputs.every((file) => fs.statSync(path.join(root, file)).mtimeMs <= builtAt)
    );
  } catch {
    // No build, or one of its files is gone.
    return false;
  }
}

if (builtIsCurrent()) {
  await import(pathToFileURL(path.join(dist, 'start.mjs')).href);
} else {
  console.log(
    'Running the server from its sources (they changed since the install built it: npm run build:server).',
  );
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(path.join(root, 'scripts/src/start.ts')).href);
}
