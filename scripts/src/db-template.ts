import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { migrationsFolder, openDatabase } from '@copro/server/db/client';

/**
 * An empty embedded database, created at install: PostgreSQL's initdb is most of a first start on
 * PGlite (every new database starts the same), so the first start copies this one instead. It
 * holds the migrations of its day; opening the copy applies any later ones, as on any database.
 */
const root = path.resolve(import.meta.dirname, '../..');
export const defaultTemplateDir = path.join(root, 'node_modules/.cache/copro/empty-database');

interface TemplateStamp {
  pglite: string;
  migrations: string[];
}

/** The PGlite version whose files the template holds: another version may not read them. */
function pgliteVersion(): string {
  const require = createRequire(path.join(root, 'apps/server/package.json'));
  const entry = require.resolve('@electric-sql/pglite');
  let dir = path.dirname(entry);
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

function migrationTags(): string[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return journal.entries.map((e) => e.tag);
}

/** Creates the template (initdb and the migrations), replacing the one there was. */
export async function prepareDatabaseTemplate(templateDir = defaultTemplateDir): Promise<void> {
  const work = `${templateDir}.${process.pid}`;
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  const database = await openDatabase({ dataDir: path.join(work, 'db') });
  await database.close();
  const stamp: TemplateStamp = { pglite: pgliteVersion(), migrations: migrationTags() };
  fs.writeFileSync(path.join(work, 'stamp.json'), JSON.stringify(stamp));
  fs.rmSync(templateDir, { recursive: true, force: true });
  fs.renameSync(work, templateDir);
}

/**
 * A plain copy of a directory tree, file by file: `fs.cpSync` checks and stats each of the
 * database's thousand files several times over, and took three times as long.
 */
function copyTree(from: string, to: string): void {
  fs.mkdirSync(to);
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    if (entry.isDirectory()) copyTree(source, path.join(to, entry.name));
    else fs.copyFileSync(source, path.join(to, entry.name));
  }
}

/**
 * How the template stands against this PGlite and today's migrations: `current` holds them all,
 * `usable` the first of them (opening a copy applies the others), `unusable` otherwise or none.
 */
export function templateState(templateDir = defaultTemplateDir): 'current' | 'usable' | 'unusable' {
  const stampFile = path.join(templateDir, 'stamp.json');
  if (!fs.existsSync(stampFile)) return 'unusable';
  const stamp = JSON.parse(fs.readFileSync(stampFile, 'utf8')) as TemplateStamp;
  const current = migrationTags();
  if (stamp.pglite !== pgliteVersion() || stamp.migrations.some((tag, i) => current[i] !== tag)) {
    return 'unusable';
  }
  return stamp.migrations.length === current.length ? 'current' : 'usable';
}

/**
 * Puts a copy of the template at `dbDir` when there is no database there yet, the template was
 * made by this PGlite and its migrations are the first ones of today's. Answers whether it did.
 */
export function copyDatabaseTemplate(dbDir: string, templateDir = defaultTemplateDir): boolean {
  if (fs.existsSync(dbDir) && fs.readdirSync(dbDir).length > 0) return false;
  if (templateState(templateDir) === 'unusable') return false;
  // Copied beside it, then renamed: a start that stops halfway leaves no half database behind.
  const work = `${dbDir}.${process.pid}`;
  fs.mkdirSync(path.dirname(dbDir), { recursive: true });
  fs.rmSync(work, { recursive: true, force: true });
  copyTree(path.join(templateDir, 'db'), work);
  try {
    fs.renameSync(work, dbDir);
    return true;
  } catch {
    // Another start got there first: its database stands.
    fs.rmSync(work, { recursive: true, force: true });
    return false;
  }
}
