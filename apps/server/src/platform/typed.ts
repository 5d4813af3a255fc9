import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** Routes read their params, query and body typed from the zod schemas they declare. */
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
