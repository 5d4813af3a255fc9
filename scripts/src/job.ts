import { parseArgs } from 'node:util';
import { loadConfig } from '@copro/server/config';
import { openDatabase } from '@copro/server/db/client';
import {
  isJobRunnableAsOf,
  JobRunError,
  jobsRunnableAsOf,
  runJobAsOf,
} from '@copro/server/modules/jobs/run-as-of';
import { systemClock } from '@copro/server/platform/clock';
import { JobQueue } from '@copro/server/platform/jobs';
import { DataDirLockedError, lockDataDir } from '@copro/server/platform/lock';
import { Mailer } from '@copro/server/platform/mail';

/**
 * `npm run job -- <name> --building <ref> --as-of <YYYY-MM-DD>`: runs one daily job for one
 * building as of a date, as the scheduled run of that day would, and prints what it did.
 */
const usage = `Usage: npm run job -- <${jobsRunnableAsOf.join(' | ')}> --building <ref> --as-of <YYYY-MM-DD>`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { building: { type: 'string' }, 'as-of': { type: 'string' } },
  });
} catch (error) {
  fail(`${(error as Error).message}\n${usage}`);
}
const [name, ...extra] = parsed.positionals;
const buildingRef = parsed.values.building;
const asOf = parsed.values['as-of'];
if (!name || extra.length > 0 || !buildingRef || !asOf) fail(usage);
if (!isJobRunnableAsOf(name)) fail(`Unknown job "${name}".\n${usage}`);

const config = loadConfig();
let release: () => void = () => {};
if (!config.databaseUrl) {
  try {
    release = lockDataDir(config.dataDir);
  } catch (error) {
    // PGlite admits one process: the running server holds the data directory.
    if (error instanceof DataDirLockedError) fail(`${error.message}\nThe job was not run.`);
    throw error;
  }
}
const database = await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/db` });
try {
  // Mails (arrears alerts and reminders) go to the outbox; Copro's queue sends them.
  const mailer = new Mailer(
    database.db,
    new JobQueue(database.db, config.jobsPollMs),
    config.smtpUrl,
    config.mailFrom,
  );
  const done = await runJobAsOf(
    { db: database.db, mail: { mailer, publicUrl: config.publicUrl }, clock: systemClock },
    name,
    buildingRef,
    asOf,
  );
  const counts = Object.entries(done)
    .map(([what, count]) => `${what} ${count}`)
    .join(', ');
  console.log(`${name} for ${buildingRef} as of ${asOf}: ${counts}`);
} catch (error) {
  if (error instanceof JobRunError) {
    process.exitCode = 1;
    console.error(error.message);
  } else throw error;
} finally {
  await database.close();
  release();
}
