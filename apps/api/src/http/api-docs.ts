import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { DOCS_CSP, serializeCsp } from './security-headers.ts';

/** Where the generated OpenAPI document and the reference page are served (decision 017). */
export const OPENAPI_DOCUMENT_PATH = '/api/openapi.json';
export const API_REFERENCE_PATH = '/api/docs';

/** The reference page and its assets and the document need no client signature: they are not the API. */
export function isApiDocsRoute(routePattern: string): boolean {
  return routePattern === OPENAPI_DOCUMENT_PATH || routePattern === API_REFERENCE_PATH || routePattern.startsWith(`${API_REFERENCE_PATH}/`);
}

/**
 * Collects every route's zod schemas into an OpenAPI document. Must be registered before the
 * routes (it listens to onRoute). Only the tagged routes are published: apiRoute() tags each JSON
 * route with its resource; pages (the sandbox cashier, the mock authorization page), files and the
 * web app are not the API.
 */
export async function registerOpenApiCollector(app: FastifyInstance, version: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Kuaibao API',
        version,
        description:
          'Every JSON answer is the envelope `{ code, msg, data?, encrypt? }`: code 0 is success; otherwise `msg` is the catalog text (docs/decisions/002-envelope.md). ' +
          'Visitor routes (`/api/*`, `/env`) are signed with the query parameters `timestamp`, `nonce` and `signature` (docs/decisions/003-request-signature.md); the console (`/api/console/*`) uses its session cookie and the `x-kb-console` header on changes (docs/decisions/008-console-auth-and-roles.md).',
      },
    },
    hideUntagged: true,
    transform: jsonSchemaTransform,
  });
}

/** GET /api/openapi.json and the reference page at /api/docs (Swagger UI, served from our own origin). */
export async function registerApiDocsRoutes(app: FastifyInstance): Promise<void> {
  app.get(OPENAPI_DOCUMENT_PATH, { schema: { hide: true } }, async (_request, reply) => reply.header('cache-control', 'no-store').send(app.swagger()));
  const docsCsp = serializeCsp(DOCS_CSP);
  await app.register(async (scope) => {
    // Swagger UI styles its parts inline; everything else stays as strict as the app's policy.
    scope.addHook('onRequest', async (_request, reply) => {
      reply.header('content-security-policy', docsCsp);
    });
    await scope.register(fastifySwaggerUi, {
      routePrefix: API_REFERENCE_PATH,
      // It reads the document at /api/docs/json, the same as /api/openapi.json.
      uiConfig: { docExpansion: 'list', deepLinking: false },
    });
  });
}
