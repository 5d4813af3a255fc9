import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { z } from 'zod';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { appVersion, errorCodes, issueToFieldIssue, translate, type ApiErrorBody } from '@copro/domain';
import { isBadDataError, isDatabaseUnavailable } from './platform/database-errors';
import { AppError } from './platform/errors';
import { refuseUnstorableInput } from './platform/input-guard';
import type { Platform } from './platform/platform';
import { installGuard } from './platform/routes';
import { installSecurityHeaders } from './platform/security-headers';
import { serveWebApp } from './platform/web-app';
import { registerModules } from './modules/index';

export type App = FastifyInstance;
export type TypedApp = ReturnType<FastifyInstance['withTypeProvider']> & FastifyInstance;

export interface BuiltApp {
  app: FastifyInstance;
  /** METHOD path → declared permission, for the route snapshot and the role matrix test. */
  routeTable: Map<string, string>;
}

/** The value at `path` inside a request's body (or params, or query), if there is one. */
function valueAt(root: unknown, path: readonly (string | number)[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}

export async function buildApp(platform: Platform, options: { logger?: boolean } = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: options.logger ? { level: platform.config.logLevel } : false,
    trustProxy: platform.config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  // JSON only: a cross-site form can post text/plain with the user's cookies, JSON it cannot.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // First of all, so every answer carries them: the OpenAPI viewer's, static files, errors.
  installSecurityHeaders(app, platform.config.publicUrl);

  app.setErrorHandler((error, req, reply) => {
    const language = req.ctx?.language ?? 'en';
    const answer = (body: ApiErrorBody, status: number) => reply.status(status).send(body);
    if (error instanceof AppError) {
      return answer(
        {
          code: error.code,
          message: translate(language, errorCodes[error.code].key),
          ...(error.issues ? { issues: error.issues } : {}),
        },
        error.status,
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const input = (req as unknown as Record<string, unknown>)[error.validationContext ?? 'body'];
      // The type provider flattens each zod issue; put it back together for the shared mapping.
      const issues = error.validation.map((v) => {
        const path = v.instancePath
          .split('/')
          .filter(Boolean)
          .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
        const issue = issueToFieldIssue({
          ...v.params,
          code: v.keyword,
          message: v.message,
          path,
        } as unknown as z.core.$ZodIssue);
        // SPEC 5 "Missing fields": zod calls an absent choice an invalid option, but it is missing.
        return issue.key === 'validation.invalidEnum' && valueAt(input, path) === undefined
          ? { path, key: 'validation.required' }
          : issue;
      });
      return answer(
        { code: 'validation', message: translate(language, 'validation.completeForm'), issues },
        400,
      );
    }
    // A database restart or a lost connection: the next try will likely work, so say so (503).
    if (isDatabaseUnavailable(error)) {
      req.log.warn({ err: error }, 'database unavailable');
      return reply
        .header('retry-after', '5')
        .status(503)
        .send({
          code: 'databaseUnavailable',
          message: translate(language, errorCodes.databaseUnavailable.key),
        } satisfies ApiErrorBody);
    }
    // PostgreSQL refused a value that validation let through: still bad input, never a 500. Logged,
    // as the route's validation should have caught it.
    if (isBadDataError(error)) {
      req.log.warn({ err: error }, 'value refused by the database');
      return answer({ code: 'validation', message: translate(language, 'errors.refusedValue') }, 400);
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      const code =
        status === 404
          ? 'notFound'
          : status === 401
            ? 'unauthenticated'
            : status === 403
              ? 'forbidden'
              : 'validation';
      return answer({ code, message: translate(language, errorCodes[code].key) }, status);
    }
    req.log.error(error);
    if (process.env.DEBUG_ERRORS) console.error(error);
    return answer({ code: 'unknown', message: translate(language, 'errors.unknown') }, 500);
  });

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Copro API', version: appVersion } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });

  const routeTable = new Map<string, string>();
  installGuard(app, platform, routeTable);
  // After the guard, so the refusal is in the signed-in user's language.
  app.addHook('preValidation', refuseUnstorableInput);
  await app.register(async (api) => registerModules(api, platform));

  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0] ?? '';
    // A missing script or stylesheet must not be answered with the app's HTML page (an old tab after
    // a deploy would fail on a MIME error instead of reloading).
    if (pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/assets/')) {
      return reply
        .status(404)
        .send({ code: 'notFound', message: translate(req.ctx?.language ?? 'en', 'errors.notFound') });
    }
    // Every other path is the single-page app's: it shows its own not-found page.
    return fs.existsSync(path.join(platform.config.webDist, 'index.html'))
      ? reply.type('text/html').sendFile('index.html')
      : reply.status(404).send('The web app is not built. Run npm run build.');
  });
  await serveWebApp(app, platform.config.webDist);
  return { app, routeTable };
}
