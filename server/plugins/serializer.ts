import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import fastJson from 'fast-json-stringify';
import type { Schema } from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Answers are written by fast-json-stringify from the JSON Schema of the route's zod response
 * schema: several times faster than checking each answer with zod and JSON.stringify, and just
 * as tight about what leaves the server, since keys the schema does not name are dropped and a
 * missing required key fails the request. A schema JSON Schema cannot express (a date, a
 * codec) falls back to the zod serializer.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = (routeSchema) => {
  const { schema } = routeSchema;
  try {
    const jsonSchema = z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'throw',
    }) as Schema;
    return fastJson(jsonSchema);
  } catch {
    return zodSerializerCompiler(routeSchema);
  }
};
