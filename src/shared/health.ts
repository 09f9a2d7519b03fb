import { z } from 'zod';
import { errorBodySchema } from './api-errors.ts';

/** What a health probe says of one dependency. */
export const healthCheckSchema = z.enum(['ok', 'down']);

/** GET /api/health/ (DESIGN.md, API conventions): 200 while the database and the file store answer. */
export const healthOkSchema = z.object({ status: z.literal('ok') });
/** ... else 503, naming which one is down. */
export const healthDownSchema = z.object({
  status: z.literal('unavailable'),
  database: healthCheckSchema,
  storage: healthCheckSchema,
});

/** GET /api/health/ready: 200 once this process serves and its database answers, else 503. */
export const readyOkSchema = z.object({ status: z.literal('ready') });
export const readyDownSchema = z.object({ status: z.literal('unavailable'), database: z.literal('down') });

/**
 * A probe's 503: its own answer, or the shared error body the error handler gives when something in
 * front of the handler failed (DATABASE_UNAVAILABLE), so that answer is a 503 too, never a 500.
 */
export const probeUnavailableSchema = <Own extends z.ZodType>(own: Own) => z.union([own, errorBodySchema]);
