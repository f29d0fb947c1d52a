import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { API_PREFIX } from '../../common/constants.ts';

export const OPENAPI_PATH = `${API_PREFIX}/openapi.json`;
export const API_DOCS_PATH = `${API_PREFIX}/docs`;

/** The OpenAPI document is generated from the same zod schemas that validate the requests. */
export async function registerOpenApi(
  app: FastifyInstance,
  version: string,
  https: boolean,
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Lodgehall API',
        description:
          'The API of Lodgehall, a members-only app for lodges and clubs. Successful answers are ' +
          '`{ "data": ... }`; errors are application/problem+json whose `type` ends in the error ' +
          'catalogue name. Calls after sign-in are signed (X-SALT, X-SIGNATURE); see docs/api.md.',
        version,
      },
      servers: [{ url: '/' }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    // Swagger UI sends its own policy for its pages (it needs styles from its bundle); that
    // policy asks browsers to upgrade to HTTPS, which breaks the page on a plain-HTTP install.
    staticCSP: true,
    transformStaticCSP: (header) =>
      https ? header : header.replace(/\s*upgrade-insecure-requests;?/, ''),
    uiConfig: { url: OPENAPI_PATH, deepLinking: true },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}
