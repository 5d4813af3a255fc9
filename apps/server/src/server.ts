import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { startModules } from './modules/index';
import { startSmtpListener, type SmtpListener } from './modules/requests';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import type { Clock } from './platform/clock';
import { isDatabaseUnavailable } from './platform/database-errors';
import { lockDataDir } from './platform/lock';
import { createPlatform, type Platform } from './platform/platform';

export interface RunningServer {
  app: FastifyInstance;
  platform: Platform;
  address: string;
  /** The inbound SMTP listener for requests by email, when SMTP_IN_PORT is set. */
  smtpIn: SmtpListener | null;
  close(): Promise<void>;
}

/**
 * Opens the database (locking the data directory first on the embedded one), applies the
 * migrations, starts live events and jobs, and listens.
 */
export async function startServer(
  config: Config,
  options: {
    beforeListen?: (platform: Platform) => Promise<void>;
    /** Runs once requests are served, before the jobs start (the demo's year is written there). */
    beforeJobs?: (platform: Platform) => Promise<void>;
    logger?: boolean;
    /** The time the platform reads (tests inject their own). */
    clock?: Clock;
  } = {},
): Promise<RunningServer> {
  const release = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  let database: Database | null = null;
  let platform: Platform | null = null;
  let app: FastifyInstance | null = null;
  let smtpIn: SmtpListener | null = null;
  // Stops whatever was started, in reverse order; used by close() and when a start step fails.
  const stop = async (): Promise<void> => {
    await smtpIn?.close();
    await app?.close();
    await platform?.jobs.stop();
    await platform?.events.stop();
    await database?.close();
    release();
  };
  try {
    database = await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/db` });
    const logger = options.logger ?? true;
    platform = await createPlatform(
      config,
      database,
      (error, context) => {
        if (logger) console.error(`[${context}]`, error);
      },
      options.clock,
    );
    app = (await buildApp(platform, { logger })).app;
    await options.beforeListen?.(platform);
    await platform.events.start(database);
    const address = await app.listen({ port: config.port, host: config.host });
    await options.beforeJobs?.(platform);
    platform.jobs.start();
    await startModules(platform);
    if (config.smtpInPort !== undefined) {
      smtpIn = await startSmtpListener(platform, { port: config.smtpInPort, host: config.smtpInHost });
    }
    return { app, platform, address, smtpIn, close: stop };
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
}

/**
 * The last net under a database restart: a lost connection that some code left unhandled is
 * logged and the server goes on (the next request finds the database back). Any other uncaught
 * failure still ends the process, as Node does by default: it is a bug to see, not to ride out.
 */
export function rideOutDatabaseOutages(): void {
  const onUncaught = (error: unknown): void => {
    if (isDatabaseUnavailable(error)) {
      console.error(`[database] unavailable: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    console.error(error);
    process.exit(1);
  };
  process.on('uncaughtException', onUncaught);
  process.on('unhandledRejection', onUncaught);
}
