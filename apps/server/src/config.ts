import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

/** Every environment variable Copro reads, with its default. The README lists the same table. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Empty counts as unset (`HOST= npm start`).
  HOST: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  DATA_DIR: z.string().default('./data'),
  FILES_DIR: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  AUTH_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Copro <no-reply@copro.local>'),
  SEED_DEMO: booleanFlag,
  DEMO_MAILBOX: booleanFlag,
  TRUST_PROXY: booleanFlag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SIGN_IN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  SIGN_IN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  JOBS_POLL_MS: z.coerce.number().int().min(50).default(1000),
  WEB_DIST: z.string().optional(),
  // Requests by email: no listener unless a port is given (DOMAIN 11, docs/operations.md).
  SMTP_IN_PORT: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(0).max(65535).optional(),
  ),
  SMTP_IN_HOST: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  MAIL_IN_DOMAIN: z
    .string()
    .optional()
    .transform((v) => v?.trim().toLowerCase() || undefined),
  // The payment partner (Otonom, DOMAIN 8): nothing is sent unless its address is given.
  OTONOM_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  OTONOM_API_KEY: z
    .string()
    .optional()
    .transform((v) => v || undefined),
});

/**
 * Where the server listens: HOST when it is set; else this computer only when the demo's users
 * (whose password is public) may exist; else every interface.
 */
export function listenHost(host: string | undefined, seedDemo: boolean): string {
  return host ?? (seedDemo ? '127.0.0.1' : '0.0.0.0');
}

export interface Config {
  port: number;
  host: string;
  /** HOST is unset and the demo runs: the server listens on this computer only (start says so). */
  demoLocalOnly: boolean;
  dataDir: string;
  /** Uploaded files (insurance proofs, attachments); FILES_DIR, else DATA_DIR/files. */
  filesDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  /**
   * PUBLIC_URL was given: only it may sign in. Without it, publicUrl is a guess (localhost), and a
   * browser that reached Copro by another address (127.0.0.1, the machine's network name) is
   * same-origin with the address its request reached, which is trusted too.
   */
  publicUrlSet: boolean;
  authSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  seedDemo: boolean;
  /** The demo mailbox shows every outgoing mail to anyone: only without SMTP, on the embedded database or when asked. */
  demoMailbox: 'off' | 'loopback' | 'everyone';
  /** Honour X-Forwarded-For and friends: only behind a reverse proxy that sets them. */
  trustProxy: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  signInMaxFailures: number;
  signInFailureWindowMinutes: number;
  jobsPollMs: number;
  webDist: string;
  /** The inbound SMTP listener's port (SMTP_IN_PORT); undefined: no listener. */
  smtpInPort: number | undefined;
  /** Where it listens: SMTP_IN_HOST, else where the web server listens. */
  smtpInHost: string;
  /** The domain of the buildings' request addresses (`{ref}@domain`): MAIL_IN_DOMAIN, else PUBLIC_URL's host. */
  mailInDomain: string;
  /** The payment partner's API (OTONOM_URL, no trailing slash); undefined: no partner, nothing is sent. */
  otonomUrl: string | undefined;
  /** The bearer token the partner gave (OTONOM_API_KEY). */
  otonomApiKey: string | undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = envSchema.parse(env);
  const embedded = !e.DATABASE_URL;
  const seedDemo = embedded || e.SEED_DEMO;
  const host = listenHost(e.HOST, seedDemo);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    port: e.PORT,
    host,
    demoLocalOnly: seedDemo && e.HOST === undefined,
    dataDir: path.resolve(e.DATA_DIR),
    filesDir: path.resolve(e.FILES_DIR ?? path.join(e.DATA_DIR, 'files')),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    publicUrlSet: e.PUBLIC_URL !== undefined,
    authSecret: e.AUTH_SECRET,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    seedDemo,
    // The mailbox shows reset and invitation links: on the embedded demo only to this machine's own
    // browser, to everyone only when asked, never when real mail is sent.
    demoMailbox: e.SMTP_URL ? 'off' : e.DEMO_MAILBOX ? 'everyone' : embedded ? 'loopback' : 'off',
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    signInMaxFailures: e.SIGN_IN_MAX_FAILURES,
    signInFailureWindowMinutes: e.SIGN_IN_FAILURE_WINDOW_MINUTES,
    jobsPollMs: e.JOBS_POLL_MS,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.resolve(import.meta.dirname, '../../web/dist'),
    smtpInPort: e.SMTP_IN_PORT,
    smtpInHost: e.SMTP_IN_HOST ?? host,
    mailInDomain: e.MAIL_IN_DOMAIN ?? new URL(publicUrl).hostname.toLowerCase(),
    otonomUrl: e.OTONOM_URL?.replace(/\/+$/, ''),
    otonomApiKey: e.OTONOM_API_KEY,
  };
}
