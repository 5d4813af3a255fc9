import type { FastifyReply, FastifyRequest } from 'fastify';
import { translate, type ApiErrorBody, type FieldIssue } from '@copro/domain';

/** Half of a UTF-16 surrogate pair, which is no character at all. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * A NUL character, which PostgreSQL cannot store in text or JSON, or a lone surrogate, which
 * JSON.parse lets through ("\ud800") and PostgreSQL's JSON refuses.
 */
const unstorable = (text: string): boolean => text.includes('\u0000') || loneSurrogate.test(text);

/** The path of the first string (or object key) in `value` that cannot be stored, if any. */
export function unstorablePath(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return unstorable(value) ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = unstorablePath(item, [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (unstorable(key)) return [...path, key];
      const found = unstorablePath(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Refuses a request whose body, query or path holds a string that cannot be stored, once for every
 * route: the database would otherwise fail on it with a 500, wherever the string lands. The answer
 * names the field, and says what is wrong in the reader's language.
 */
export async function refuseUnstorableInput(
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply | undefined> {
  const parts = { body: req.body, querystring: req.query, params: req.params } as const;
  for (const [part, value] of Object.entries(parts)) {
    const path = unstorablePath(value);
    if (!path) continue;
    // A body's path names a form field; a query's or a path's says where it was.
    const issue: FieldIssue = {
      path: part === 'body' ? path : [part, ...path],
      key: 'validation.invalidCharacters',
    };
    const body: ApiErrorBody = {
      code: 'validation',
      message: translate(req.ctx?.language ?? 'en', 'validation.invalidCharacters'),
      issues: [issue],
    };
    return reply.status(400).send(body);
  }
  return undefined;
}
