import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { idParamsSchema } from '#shared/record-id.ts';
import { notFound } from './http-error.ts';
import { errorResponses, noContent } from './route-schemas.ts';

/** A list of the caller's own records that they remove one by one (API keys, push devices). */
export interface OwnRecords<Row> {
  /** The list's address, with its trailing slash; one record is `${path}:id/`. */
  path: string;
  /** The caller's guard: answers who owns the records, or throws 401/403. */
  owner: (request: FastifyRequest) => { id: number };
  list: {
    summary: string;
    /** The 200 answer: an array of what `toBody` makes. */
    response: z.ZodType;
    load: (ownerId: number) => Promise<Row[]>;
    toBody: (row: Row) => unknown;
  };
  remove: {
    summary: string;
    /** The 404 detail for a record that is not the caller's, is gone, or has a malformed id. */
    notFound: string;
    /** Removes the owner's record; false when they have none with that id. */
    run: (ownerId: number, id: number) => Promise<boolean>;
  };
}

/**
 * GET `path`: the owner's records; DELETE `path:id/`: 204 once removed, 404 otherwise (someone
 * else's record answers as if it did not exist). The guard runs before the id is read, so a caller
 * who may not have such records hears 401/403 whatever the id.
 */
export function ownRecordRoutes<Row>(app: FastifyInstance, records: OwnRecords<Row>): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { owner, list, remove } = records;

  const listSchema = { summary: list.summary, response: { ...errorResponses, 200: list.response } };
  api.get(records.path, { schema: listSchema }, async (request) => {
    const rows = await list.load(owner(request).id);
    return rows.map(list.toBody);
  });

  const removeSchema = {
    summary: remove.summary,
    params: idParamsSchema,
    response: { ...errorResponses, 204: noContent },
  };
  const removeOptions = {
    schema: removeSchema,
    preValidation: async (request: FastifyRequest) => {
      owner(request);
    },
    config: { notFound: { detail: remove.notFound } },
  };
  api.delete(`${records.path}:id/`, removeOptions, async (request, reply) => {
    if (!(await remove.run(owner(request).id, request.params.id))) throw notFound(remove.notFound);
    return reply.code(204).send();
  });
}
