import type { FastifyInstance } from 'fastify';

/**
 * The built app loads its scripts and stylesheets from its own origin only; Mantine writes its
 * theme in <style> elements and style attributes, hence 'unsafe-inline' for styles (never for
 * scripts). Images may come from https (a building's logo is an address of the manager's choice).
 * No page may frame Copro (clickjacking). A PDF answered inline still opens in Chromium's viewer
 * under this policy (checked on Chromium 156).
 */
const directives = [
  "default-src 'self'",
  "base-uri 'self'",
  "connect-src 'self'",
  "font-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "img-src 'self' data: https:",
  "object-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "worker-src 'self'",
];

/** The headers of every answer, by whether Copro is reached over https (its public URL). */
export function securityHeaders(https: boolean): Record<string, string> {
  return {
    // Under https, a stray http address is upgraded rather than blocked; under plain http
    // (localhost), upgrading would break every request.
    'content-security-policy': [...directives, ...(https ? ['upgrade-insecure-requests'] : [])].join('; '),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    'cross-origin-opener-policy': 'same-origin',
    // Only over https: a browser ignores it over http, and a localhost answer must not pin https.
    ...(https ? { 'strict-transport-security': 'max-age=31536000' } : {}),
  };
}

/** Adds the security headers to every answer: pages, the API, assets, errors and not-found alike. */
export function installSecurityHeaders(app: FastifyInstance, publicUrl: string): void {
  const headers = securityHeaders(publicUrl.startsWith('https:'));
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.headers(headers);
    return payload;
  });
}
