import type { FastifyRequest } from 'fastify';
import { fieldErrors, HttpError } from './http-error.ts';
import { RequestValidationError } from './route-schemas.ts';

/*
 * Routes whose documented order puts checks on the record before the input (the bid writes:
 * 404 → 403 → 400; the lifecycle steps: 401 → 404 → 403 → 400 → 409) declare their schemas with
 * `attachValidation: true`: Fastify still validates params and body with them, but hands a refusal
 * to the handler (request.validationError) instead of answering it, and the handler raises it once
 * its own checks have passed. Only such routes call these.
 */

/** The route's own 404 when its path id broke the params schema (a malformed id is an unknown one). */
export function requireValidParams(request: FastifyRequest): void {
  const error = request.validationError;
  if (error instanceof RequestValidationError && error.part === 'params') {
    // As the error handler answers it (the property calls' 404 also names `error`).
    const { detail = 'Not found.', error: message } = request.routeOptions.config.notFound ?? {};
    throw new HttpError(404, message === undefined ? { detail } : { detail, error: message });
  }
}

/**
 * The 400 of a body that broke its schema, as the error handler would answer it. An HttpError, so
 * an idempotent write keeps the refusal for its key as it keeps any other 4xx.
 */
export function requireValidBody(request: FastifyRequest): void {
  const error = request.validationError;
  if (!error) return;
  if (error instanceof RequestValidationError) {
    if (error.part === 'params') requireValidParams(request);
    throw new HttpError(400, fieldErrors(error.issues));
  }
  throw error;
}
