import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { lockDataDir } from './platform/lock';
import { createPlatform, type Platform } from './platform/platform';

export interface RunningServer {
  app: FastifyInstance;
  platform: Platform;
  address: string;
  close(): Promise<void>;
}

/**
 * Opens the database (locking the data directory first on the embedded one), applies the
 * migrations, starts live events and jobs, and listens.
 */
export async function startServer(
  config: Config,
  options: { beforeListen?: (platform: Platform) => Promise<void>; logger?: boolean } = {},
): Promise<RunningServer> {
  const release = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  let database: Database | null = null;
  try {
    database = await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/db` });
    const logger = options.logger ?? true;
    const platform = await createPlatform(config, database, (error, context) => {
      if (logger) console.error(`[${context}]`, error);
    });
    const { app } = await buildApp(platform, { logger });
    await options.beforeListen?.(platform);
    await platform.events.start(database);
    platform.jobs.start();
    const address = await app.listen({ port: config.port, host: config.host });
    const opened = database;
    return {
      app,
      platform,
      address,
      async close() {
        await app.close();
        await platform.jobs.stop();
        await platform.events.stop();
        await opened.close();
        release();
      },
    };
  } catch (error) {
    await database?.close();
    release();
    throw error;
  }
}
