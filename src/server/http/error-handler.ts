import type { FastifyError, FastifyInstance } from 'fastify';
import { DATABASE_UNAVAILABLE_BODY, isDatabaseUnavailable } from '#server/db/database-unavailable.ts';
import { STORAGE_UNAVAILABLE_BODY, StorageUnavailableError } from '#server/storage/storage-unavailable.ts';
import { fieldErrors, HttpError } from './http-error.ts';
import { RequestValidationError } from './route-schemas.ts';

const GENERIC_DETAIL = 'Something went wrong on our side. Please try again.';

/** Every failure leaves as JSON in the spec's error shape; never a stack trace. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | RequestValidationError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(error.body);
    }
    if (error instanceof RequestValidationError) {
      const { config } = request.routeOptions;
      // A malformed id names no record: the route's own 404, exactly as for an unknown id.
      if (error.part === 'params') return reply.status(404).send(config.notFound ?? { detail: 'Not found.' });
      const body = fieldErrors(error.issues);
      if (!config.firstErrorAsError) return reply.status(400).send(body);
      return reply.status(400).send({ ...body, error: error.issues.issues[0]?.message ?? 'Invalid request' });
    }
    const status = error.statusCode ?? 500;
    // Before the database's check: a refused S3 socket carries the same ECONNREFUSED in its cause.
    if (error instanceof StorageUnavailableError) {
      request.log.warn(
        { err: { message: String((error.cause as Error | undefined)?.message) } },
        'storage unavailable',
      );
      return reply.status(503).header('retry-after', '2').send(STORAGE_UNAVAILABLE_BODY);
    }
    if (isDatabaseUnavailable(error)) {
      // One line, not a stack per request: during an outage every request lands here.
      request.log.warn({ err: { message: error.message } }, 'database unavailable');
      return reply.status(503).header('retry-after', '2').send(DATABASE_UNAVAILABLE_BODY);
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ detail: GENERIC_DETAIL });
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type): their messages are safe.
    return reply.status(status).send({ detail: error.message, code: error.code });
  });
}
