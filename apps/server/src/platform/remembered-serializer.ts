import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { serializerCompiler } from 'fastify-type-provider-zod';

type ZodRouteSchema = Parameters<typeof serializerCompiler>[0];

/**
 * The app's response serializer (the route's zod schema, then JSON), remembering what it wrote
 * for each answer object: a route that answers the very same object again, one kept by a cache
 * that drops it when its rows change, is parsed and written once, not on each request. Such
 * answers are never changed after they are returned.
 */
export function rememberedSerializer<S>(route: FastifyRouteSchemaDef<S>): (data: unknown) => string {
  // The response schemas of every route are zod's (app.ts sets the same compiler app-wide).
  const serialize = serializerCompiler(route as unknown as ZodRouteSchema);
  const written = new WeakMap<object, string>();
  return (data) => {
    if (typeof data !== 'object' || data === null) return serialize(data);
    let json = written.get(data);
    if (json === undefined) {
      json = serialize(data);
      written.set(data, json);
    }
    return json;
  };
}
