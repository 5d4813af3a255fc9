import { mkdtempSync, rmSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listenHost, loadConfig } from './config';
import { startServer } from './server';

const postgres = 'postgres://copro@db.example/copro';

/** The first line an SMTP server says to a new connection on the loopback address. */
const smtpGreeting = (port: number): Promise<string> =>
  new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString('utf8'));
    });
    socket.once('error', reject);
  });

describe('requests by email: configuration', () => {
  it("listens for no mail unless asked; the request domain is PUBLIC_URL's host unless given", () => {
    expect(loadConfig({})).toMatchObject({
      smtpInPort: undefined,
      smtpInHost: '127.0.0.1',
      mailInDomain: 'localhost',
    });
    expect(loadConfig({ SMTP_IN_PORT: '', PUBLIC_URL: 'https://Copro.Example.com/' })).toMatchObject({
      smtpInPort: undefined,
      mailInDomain: 'copro.example.com',
    });
    expect(
      loadConfig({ SMTP_IN_PORT: '2525', SMTP_IN_HOST: '0.0.0.0', MAIL_IN_DOMAIN: ' Requests.Example.com ' }),
    ).toMatchObject({ smtpInPort: 2525, smtpInHost: '0.0.0.0', mailInDomain: 'requests.example.com' });
    expect(() => loadConfig({ SMTP_IN_PORT: '70000' })).toThrow();
  });
});

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

  it('binds the embedded demo (and its inbound SMTP server) to the loopback address only', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'copro-host-'));
    const config = {
      ...loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', SMTP_IN_PORT: '0' }),
      authSecret: 'test-secret-test-secret-test-secret-0000',
      webDist: dataDir,
    };
    const server = await startServer(config, { logger: false });
    const smtpPort = server.smtpIn?.port ?? 0;
    try {
      expect((server.app.server.address() as AddressInfo).address).toBe('127.0.0.1');
      expect(smtpPort).toBeGreaterThan(0);
      expect(await smtpGreeting(smtpPort)).toMatch(/^220 /);
    } finally {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Closed with the server.
    await expect(smtpGreeting(smtpPort)).rejects.toThrow();
    // A new embedded database runs every migration first: slow on a busy machine.
  }, 120_000);
});
