import { loadConfig } from './config';
import { DataDirLockedError } from './platform/lock';
import { rideOutDatabaseOutages, startServer } from './server';

/** The plain server: no build, no seeding (npm start does both, see scripts/src/start.ts). */
try {
  const server = await startServer(loadConfig());
  // Once started: a database missing at the start is a failure to report, not an outage to ride out.
  rideOutDatabaseOutages();
  const stop = (): void => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
