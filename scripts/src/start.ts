import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '@copro/server/config';
import { DataDirLockedError } from '@copro/server/platform/lock';
import { startServer } from '@copro/server/server';
import { demoPassword, demoUsers, seedDemo } from './demo';

const root = path.resolve(import.meta.dirname, '../..');
const webDir = path.join(root, 'apps/web');
const stamp = path.join(webDir, 'dist/.build-stamp');

function newestChange(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds the web app when its sources (or the shared domain package) changed since the last build. */
function buildWebIfNeeded(): void {
  const sources = [path.join(webDir, 'src'), path.join(root, 'packages/domain/src')];
  const files = [path.join(webDir, 'index.html'), path.join(webDir, 'vite.config.ts')];
  const newest = Math.max(...sources.map(newestChange), ...files.map((f) => fs.statSync(f).mtimeMs));
  if (fs.existsSync(stamp) && fs.statSync(stamp).mtimeMs >= newest) return;
  console.log('Building the web app…');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: webDir, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.writeFileSync(stamp, new Date().toISOString());
}

// WEB_DIST serves a web app built elsewhere (e.g. one per working copy), so there is nothing to build here.
if (!process.env.WEB_DIST) buildWebIfNeeded();
const config = loadConfig();
try {
  let seeded = false;
  const server = await startServer(config, {
    logger: false,
    beforeListen: async (platform) => {
      if (config.seedDemo) seeded = await seedDemo(platform);
    },
  });
  const url = config.publicUrl;
  console.log(`\nCopro ${seeded ? 'started with a new demo building' : 'started'} on ${url}`);
  console.log(`Database: ${config.databaseUrl ? 'PostgreSQL' : `embedded (${config.dataDir}/db)`}`);
  if (config.seedDemo) {
    console.log(`\nDemo sign-ins (password: ${demoPassword}):`);
    for (const u of demoUsers) console.log(`  ${u.email.padEnd(30)} ${u.role}`);
  }
  if (config.demoMailbox !== 'off') {
    const who = config.demoMailbox === 'loopback' ? ' (open from this computer only)' : '';
    console.log(`\nOutgoing mail is kept in the demo mailbox${who}: ${url}/demo/mailbox`);
  }
  const stop = (): void => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(`\n${error.message}`);
    process.exit(1);
  }
  throw error;
}
