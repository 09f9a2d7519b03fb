import { Readable } from 'node:stream';
import type {
  FastifyInstance,
  FastifyReply,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
} from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ErrorBody, errorBodySchema } from '#shared/api-errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The 404 body of a route whose path id is malformed: the same answer as for an unknown id
     * (`{detail: 'Not found.'}` when not given).
     */
    notFound?: ErrorBody;
    /** The spec's password calls also name the first field message as `error` in their 400. */
    firstErrorAsError?: boolean;
  }
}

/** Params, query or body that broke the route's zod schema; the error handler answers it. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  readonly code = 'FST_ERR_VALIDATION';
  constructor(
    readonly part: string,
    readonly issues: z.ZodError,
  ) {
    super(`Invalid ${part}`);
  }
}

/**
 * Route schemas are zod schemas from src/shared (the same ones the forms use). Fastify hands a
 * missing body over as null; it is read as `{}`, as the handlers' own parsing did, so a call without
 * a body hears which fields are required instead of "expected object".
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart, method, url }) => {
  if (!(schema instanceof z.ZodType)) {
    throw new Error(`${method} ${url}: the ${httpPart} schema must be a zod schema (src/shared)`);
  }
  const part = httpPart ?? 'body';
  return (data: unknown) => {
    const result = schema.safeParse(part === 'body' && data == null ? {} : data);
    return result.success
      ? { value: result.data }
      : { error: new RequestValidationError(part, result.error) };
  };
};

/**
 * The answer checked against its response schema and written without the fields the schema does not
 * name; an answer that breaks it is a 500 (ResponseSerializationError), never a malformed answer.
 * fastify-type-provider-zod's own serializer encodes (zod's backward direction), about three times
 * slower than a parse here (1.7 µs against 0.6 µs for auth-status's answer); answer schemas never
 * transform (src/shared/response-fields.ts), so a parse yields the same object.
 */
export const zodSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema, method, url }) => {
  if (!(schema instanceof z.ZodType)) {
    throw new Error(`${method} ${url}: a response schema must be a zod schema (src/shared)`);
  }
  return (data: unknown) => {
    const result = schema.safeParse(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};

/**
 * Input validated and output serialized from the route's zod schemas. A handler that sends a string
 * (a pre-serialized cached page) with a JSON content type skips serialization altogether
 * (sendJsonText).
 */
export function registerZodSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(zodSerializerCompiler);
}

/**
 * The error answers every route may give (the shared shape, src/shared/api-errors.ts): its own
 * refusals, and those of the hooks in front of it (401 and 403 of sign-in, CSRF and API keys, 429,
 * 503). A route whose error carries a field of its own declares that status itself.
 */
export const errorResponses = {
  '4xx': errorBodySchema,
  '5xx': errorBodySchema,
} as const;

/** An HTML page this server renders (the local checkout), for the document. */
export const htmlPage = (description: string) => ({
  description,
  content: { 'text/html': { schema: z.string() } },
});

/**
 * The bytes of a file (a Buffer, text such as a CSV, or a stream from the file store), sent as they
 * are: never serialized.
 */
const fileBytes = z
  .custom<Buffer | string | Readable>(
    (value) => Buffer.isBuffer(value) || typeof value === 'string' || value instanceof Readable,
  )
  .meta({ type: 'string', format: 'binary' });

/** A file answered as stored (its own type), for the document. */
export const fileDownload = (description: string, types: readonly string[]) => ({
  description,
  content: Object.fromEntries(types.map((type) => [type, { schema: fileBytes }])),
});

/** 304 Not Modified: the caller's copy (its If-None-Match) is current; no body. */
export const notModified = z.undefined().describe('Not modified: the copy named by If-None-Match is current');

/** 303 See Other to the next page; no body. */
export const redirect = (description: string) => z.null().describe(description);

/** 204 No Content: `reply.code(204).send()` (the browser reads the empty body as null). */
export const noContent = z.undefined().describe('No content');

/**
 * Sends a pre-serialized JSON answer (a cached page) as it is: Fastify never runs the serializer on
 * a string, so the route's response schema costs nothing here, while the API suite still holds the
 * text to that schema (tests/support/response-contract.ts). Typed routes call this instead of
 * `reply.send(text)`, which their schema's types would refuse.
 */
export function sendJsonText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(text);
}
