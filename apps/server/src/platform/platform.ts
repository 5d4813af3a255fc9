import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import { AccessCache } from './access-cache';
import { createAuth, type Auth } from './auth';
import { CacheChannel } from './cache-channel';
import { systemClock, type Clock } from './clock';
import { LiveEventHub } from './events';
import { JobQueue } from './jobs';
import { Mailer } from './mail';
import { RemoteConfigStore } from './remote-config';
import { getOrCreateSecret } from './secrets';
import { SessionCache } from './session-cache';
import { LocalFileStorage, type FileStorage } from './storage';

/** The shared services every module receives. */
export interface Platform {
  config: Config;
  database: Database;
  db: Db;
  auth: Auth;
  jobs: JobQueue;
  mailer: Mailer;
  events: LiveEventHub;
  remoteConfig: RemoteConfigStore;
  storage: FileStorage;
  /** The time every service reads (tests inject their own). */
  clock: Clock;
  /** What keeps the request caches exact: the database's word on changed rows, and the barrier. */
  cacheChannel: CacheChannel;
  /** Signed-in sessions, resolved once and then served from memory (the request guard's). */
  sessions: SessionCache;
  /** Building access and fiscal years per user and building, from memory (the request guard's). */
  access: AccessCache;
}

export async function createPlatform(
  config: Config,
  database: Database,
  log: (error: unknown, context: string) => void,
  clock: Clock = systemClock,
): Promise<Platform> {
  const db = database.db;
  const jobs = new JobQueue(db, config.jobsPollMs, (error, name) => log(error, `job ${name}`));
  const storage = new LocalFileStorage(config.filesDir);
  const mailer = new Mailer(db, jobs, config.smtpUrl, config.mailFrom, storage);
  const secret = config.authSecret ?? (await getOrCreateSecret(db, 'auth'));
  const auth = createAuth({ config, db, mailer, secret });
  // Listening before the first request: until it listens, requests read the database.
  const cacheChannel = new CacheChannel();
  await cacheChannel.start(database);
  return {
    config,
    database,
    db,
    auth,
    jobs,
    mailer,
    events: new LiveEventHub(),
    remoteConfig: new RemoteConfigStore(db),
    storage,
    clock,
    cacheChannel,
    sessions: new SessionCache(auth, cacheChannel),
    access: new AccessCache(db, cacheChannel),
  };
}
