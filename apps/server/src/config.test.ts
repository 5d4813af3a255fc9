import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listenHost, loadConfig } from './config';
import { startServer } from './server';

const postgres = 'postgres://copro@db.example/copro';

describe('where the server listens', () => {
  it('keeps the demo on this computer unless HOST says otherwise', () => {
    const cases: [NodeJS.ProcessEnv, string, boolean][] = [
      // The embedded database always has the demo users and their public password.
      [{}, '127.0.0.1', true],
      [{ HOST: '' }, '127.0.0.1', true],
      [{ HOST: '0.0.0.0' }, '0.0.0.0', false],
      [{ HOST: '192.168.1.20' }, '192.168.1.20', false],
      // PostgreSQL: the demo only when asked for.
      [{ DATABASE_URL: postgres }, '0.0.0.0', false],
      [{ DATABASE_URL: postgres, SEED_DEMO: '1' }, '127.0.0.1', true],
      [{ DATABASE_URL: postgres, SEED_DEMO: '1', HOST: '0.0.0.0' }, '0.0.0.0', false],
      [{ DATABASE_URL: postgres, HOST: '::' }, '::', false],
    ];
    for (const [env, host, localOnly] of cases) {
      const config = loadConfig(env);
      expect({ env, host: config.host, localOnly: config.demoLocalOnly }).toEqual({ env, host, localOnly });
    }
    expect(listenHost(undefined, true)).toBe('127.0.0.1');
    expect(listenHost(undefined, false)).toBe('0.0.0.0');
    expect(listenHost('10.0.0.5', true)).toBe('10.0.0.5');
  });

  it('binds the embedded demo to the loopback address only', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'copro-host-'));
    const config = {
      ...loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' }),
      authSecret: 'test-secret-test-secret-test-secret-0000',
      webDist: dataDir,
    };
    const server = await startServer(config, { logger: false });
    try {
      expect((server.app.server.address() as AddressInfo).address).toBe('127.0.0.1');
    } finally {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    // A new embedded database runs every migration first: slow on a busy machine.
  }, 120_000);
});
