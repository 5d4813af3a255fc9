import { loadConfig } from './config';
import { DataDirLockedError } from './platform/lock';
import { startServer } from './server';

/** The plain server: no build, no seeding (npm start does both, see scripts/src/start.ts). */
try {
  const server = await startServer(loadConfig());
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
