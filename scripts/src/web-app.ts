import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const webDir = path.join(root, 'apps/web');
const builtPage = path.join(webDir, 'dist/index.html');

function newestChange(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(entry)
    .reduce((newest, name) => Math.max(newest, newestChange(path.join(entry, name))), stat.mtimeMs);
}

/**
 * Whether apps/web/dist holds a build of the current sources: the web app's and the shared domain
 * package's, against the time its page was written (every build writes it anew).
 */
export function webAppState(): 'built' | 'missing' | 'stale' {
  if (!fs.existsSync(builtPage)) return 'missing';
  const sources = [
    path.join(webDir, 'src'),
    path.join(webDir, 'public'),
    path.join(webDir, 'index.html'),
    path.join(webDir, 'vite.config.ts'),
    path.join(webDir, 'build-plugins'),
    path.join(root, 'packages/domain/src'),
  ];
  return Math.max(...sources.map(newestChange)) > fs.statSync(builtPage).mtimeMs ? 'stale' : 'built';
}

/** `npm run build`, its progress on this terminal; true when it built. */
export function buildWebApp(): boolean {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', '--silent', 'build'], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  return result.status === 0;
}
