import fastifySwagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { defaultSecurity, PUBLIC, SECURITY_SCHEMES } from '#server/auth/security-schemes.ts';
import { errorResponses, sendJsonText } from '#server/http/route-schemas.ts';
import { OPERATION_TAGS, operationTag } from './operation-tags.ts';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * A form body (multipart/form-data unless `consumes` names another type), for the document
     * only: the route reads it itself (request.parts(), or the checkout's urlencoded card form), so
     * Fastify must not validate a body it never attaches.
     */
    formBody?: z.ZodType;
  }
}

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

const DESCRIPTION = `The API the FieldBid app itself uses (DESIGN.md, "Public API").

- Errors answer one shape (the \`Error\` schema): \`errors\` (field → messages), \`non_field_errors\`, \`detail\`, \`error\` and a \`code\` from a fixed list.
- Lists answer \`{results, count, total_pages, current_page}\`.
- Every path answers with and without its trailing slash.
- Signing in: GET /api/get-csrf-token/ starts a visitor session (cookie) and answers its CSRF token; POST /api/users/login/ answers a \`token\` to send as \`Authorization: Bearer\`, and sets the session cookie.
- Vendors' integrations use an API key as \`Authorization: Bearer fb_...\` on the operations that list the \`vendorApiKey\` scheme.`;

/**
 * What zod writes for every integer (the safe-integer bounds) and every moment (a regular expression
 * beside its format) is true but unreadable, and Swagger UI made examples from it (an id of
 * -9007199254740991, a date in the year 8934): the reference shows the plain type and format.
 */
function tidy(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) tidy(item);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  if (schema.minimum === Number.MIN_SAFE_INTEGER && schema.maximum === Number.MAX_SAFE_INTEGER) {
    delete schema.minimum;
    delete schema.maximum;
  }
  if ((schema.format === 'date-time' || schema.format === 'date') && typeof schema.pattern === 'string') {
    delete schema.pattern;
  }
  for (const value of Object.values(schema)) tidy(value);
}

/**
 * fastify-type-provider-zod's transform (zod → JSON Schema) plus what every operation needs here:
 * its security when the route does not name one, a tag, and a form body for the document.
 */
const documentRoute: NonNullable<FastifyDynamicSwaggerOptions['transform']> = (input) => {
  const transformed = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  const schema = { ...(transformed.schema as Record<string, unknown>) };
  if (schema.hide) return transformed;
  const { route } = input;
  const method = [route.method].flat()[0] ?? 'GET';
  schema.security ??= defaultSecurity(method, route.url, route.config);
  schema.tags ??= [operationTag(route.url)];
  const formBody = input.schema?.formBody;
  if (formBody) {
    delete schema.formBody;
    const { $schema: _ignored, ...body } = z.toJSONSchema(formBody, { io: 'input', unrepresentable: 'any' });
    schema.body = body;
    schema.consumes ??= ['multipart/form-data'];
  }
  tidy(schema);
  return { ...transformed, schema };
};

/**
 * GET /api/openapi.json (OpenAPI 3.1, generated from the routes' zod schemas by @fastify/swagger) and
 * the readable reference at /api/docs (Swagger UI's own files, served only under that prefix and
 * never part of the app's bundles). @fastify/swagger learns the routes as they are added, so this
 * runs on the root instance (not as an encapsulated plugin) before any route is declared.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'FieldBid API', version: '1', description: DESCRIPTION },
      // Relative: the reference's "Try it out" calls the server that served it, whatever its address.
      servers: [{ url: '/' }],
      components: { securitySchemes: SECURITY_SCHEMES },
      tags: OPERATION_TAGS,
    },
    transform: documentRoute,
    transformObject: jsonSchemaTransformObject,
  });

  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    // Swagger UI would otherwise send the document to validator.swagger.io for its badge.
    validatorUrl: false,
    // BaseLayout: the reference without Swagger UI's top bar (its logo and a box to load other documents).
    uiConfig: { layout: 'BaseLayout', deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0 },
    theme: { title: 'FieldBid API reference' },
  });

  let document: string | undefined;
  app.get(
    OPENAPI_PATH,
    {
      schema: {
        summary: 'This document',
        security: PUBLIC,
        response: { ...errorResponses, 200: z.looseObject({ openapi: z.literal('3.1.0') }) },
      },
    },
    async (_request, reply) => {
      // The routes are fixed once the app is ready: the text is built once per process.
      document ??= JSON.stringify(app.swagger());
      return sendJsonText(reply.header('cache-control', 'no-cache'), document);
    },
  );
}
