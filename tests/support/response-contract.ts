import { isDeepStrictEqual } from 'node:util';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import { errorBodySchema } from '#shared/api-errors.ts';

/**
 * Every JSON answer a test app gives is held to its route's declared response schema ("a
 * server answer that breaks its schema fails the API test that made it"). It hooks into each route
 * as Fastify adds it (buildApp's onRoute), so no test can leave it out:
 *
 * - a route that declares response schemas: the answer must match the schema of its status (exact,
 *   then `4xx`, then `default`), carry no field the schema does not name (a pre-serialized cached
 *   page skips the serializer, so it is checked here), and the schema must not have dropped a field
 *   the handler sent (the serializer strips unknown keys silently); a JSON answer with an undeclared
 *   status is a violation too;
 * - a route without them yet: its error answers must still have the shared error shape, with a code
 *   from the shared list (src/shared/api-errors.ts).
 *
 * A violation turns the answer into a 500 naming it, so the test that made the call fails there, and
 * is kept in `violations` (startTestApp's close() fails on any).
 */
export interface ResponseContract {
  onRoute(route: RouteOptions): void;
  readonly violations: string[];
}

type SchemaMap = Record<string, unknown>;

/** Extra fields some error answers carry (DUPLICATE_BID's bidId...) belong to routes not yet declared. */
const undeclaredErrorSchema = errorBodySchema.loose();

function schemaFor(response: SchemaMap, status: number, contentType: string): z.ZodType | null | undefined {
  const entry = response[status] ?? response[`${String(status)[0]}xx`] ?? response.default;
  if (entry === undefined) return undefined;
  if (entry instanceof z.ZodType) return entry;
  // A per-content-type answer ({content: {'text/csv': {schema}}}): only JSON ones are checked here.
  const content = (entry as { content?: Record<string, { schema?: unknown }> }).content;
  const mediaType = contentType.split(';')[0]?.trim() ?? '';
  const schema = content?.[mediaType]?.schema;
  return schema instanceof z.ZodType ? schema : null;
}

function isJson(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && /^application\/(.+\+)?json/.test(type);
}

/** What is wrong with one answer, or null. */
function problemOf(
  route: RouteOptions,
  status: number,
  contentType: string,
  wire: unknown,
  sent: { value: unknown } | undefined,
): string | null {
  const response = route.schema?.response as SchemaMap | undefined;
  if (!response) {
    if (status < 400) return null;
    const result = undeclaredErrorSchema.safeParse(wire);
    return result.success
      ? null
      : `error answer outside the shared error shape: ${z.prettifyError(result.error)}`;
  }
  const schema = schemaFor(response, status, contentType);
  if (schema === undefined) return `status ${status} is not among the route's declared responses`;
  if (schema === null) return null;
  const result = schema.safeParse(wire);
  if (!result.success) return `the answer breaks its ${status} schema: ${z.prettifyError(result.error)}`;
  if (!isDeepStrictEqual(JSON.parse(JSON.stringify(result.data)), wire)) {
    return `the answer carries fields its ${status} schema does not declare`;
  }
  if (sent && !isDeepStrictEqual(JSON.parse(JSON.stringify(sent.value ?? null)), wire)) {
    return `the ${status} schema dropped or changed what the handler sent: ${JSON.stringify(sent.value).slice(0, 500)}`;
  }
  return null;
}

export function responseContract(): ResponseContract {
  const violations: string[] = [];
  const sentObjects = new WeakMap<FastifyRequest, { value: unknown }>();

  const preSerialization = async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
    sentObjects.set(request, { value: payload });
    return payload;
  };

  const check =
    (route: RouteOptions) => async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (request.method === 'HEAD' || typeof payload !== 'string' || payload === '' || !isJson(reply)) {
        return payload;
      }
      let wire: unknown;
      try {
        wire = JSON.parse(payload);
      } catch {
        return payload;
      }
      const contentType = String(reply.getHeader('content-type'));
      const problem = problemOf(route, reply.statusCode, contentType, wire, sentObjects.get(request));
      if (!problem) return payload;
      const message = `${request.method} ${route.url} answered ${reply.statusCode}: ${problem}\n${payload.slice(0, 1000)}`;
      violations.push(message);
      reply.code(500);
      return JSON.stringify({ detail: `Response contract broken. ${message}` });
    };

  return {
    violations,
    onRoute(route) {
      const hooks = route as RouteOptions & Record<'onSend' | 'preSerialization', unknown>;
      hooks.preSerialization = [hooks.preSerialization ?? []].flat().concat(preSerialization);
      hooks.onSend = [hooks.onSend ?? []].flat().concat(check(route));
    },
  };
}
