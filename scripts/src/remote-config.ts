import { loadConfig } from '@copro/server/config';
import { openDatabase } from '@copro/server/db/client';
import { lockDataDir } from '@copro/server/platform/lock';
import { RemoteConfigStore } from '@copro/server/platform/remote-config';

/** `npm run remote-config -- show | set '<json>'`: reads or replaces the remote configuration. */
const [command, value] = process.argv.slice(2);
if (command !== 'show' && command !== 'set') {
  console.error("Usage: npm run remote-config -- show | set '<json>'");
  process.exit(2);
}
const config = loadConfig();
const release = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
const database = await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/db` });
try {
  const store = new RemoteConfigStore(database.db);
  const result = command === 'set' ? await store.set(JSON.parse(value ?? '{}')) : await store.get();
  console.log(JSON.stringify(result, null, 2));
} finally {
  await database.close();
  release();
}
