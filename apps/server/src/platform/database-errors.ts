/**
 * What a database failure means for the request that met it. Drivers and drizzle wrap errors
 * (drizzle puts the driver's error in `cause`), so each test looks down the chain of causes.
 */

/** The error and its causes, outermost first. */
function* causes(error: unknown): Generator<unknown> {
  const seen = new Set<unknown>();
  for (let e = error; e !== undefined && e !== null && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    yield e;
    if (typeof e !== 'object') return;
  }
}

const codeOf = (e: unknown): string | undefined => {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};

/**
 * PostgreSQL's "the server is going away or not there yet" codes: admin_shutdown (a restart ends
 * the sessions), crash_shutdown, cannot_connect_now (still starting), too_many_connections, and
 * the connection exceptions (class 08); and the socket's own codes when nothing answers.
 */
const unavailableCodes = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** node-postgres says these in words only, with no code. */
const unavailableMessages = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /Client was closed and is not queryable/i,
];

/** The database cannot be reached right now: the request may succeed again in a few seconds. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of causes(error)) {
    const code = codeOf(e);
    if (code && (unavailableCodes.has(code) || code.startsWith('08'))) return true;
    const message = e instanceof Error ? e.message : '';
    if (unavailableMessages.some((m) => m.test(message))) return true;
  }
  return false;
}

/**
 * PostgreSQL refused a value itself (class 22, data exception: a NUL byte, a bad Unicode escape in
 * JSON, a date or number out of range). Input that got past validation is still the caller's bad
 * input, not a server failure.
 */
export function isBadDataError(error: unknown): boolean {
  for (const e of causes(error)) {
    const code = codeOf(e);
    if (code && /^22[0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}
