import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forbidden, HttpError } from '#server/http/http-error.ts';
import { ownRecordRoutes } from '#server/http/own-record-routes.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { apiError } from '#shared/api-errors.ts';
import {
  API_KEY_MESSAGES,
  API_KEYS_PER_VENDOR,
  type ApiKey,
  apiKeyListSchema,
  type CreatedApiKey,
  createApiKeySchema,
  createdApiKeySchema,
} from '#shared/api-keys.ts';
import {
  type ApiKeyRow,
  countLiveApiKeys,
  createApiKey,
  listApiKeys,
  revokeApiKey,
} from './api-key-store.ts';
import { isStaff, requireUser } from './guards.ts';
import { checkFirst } from './route-guards.ts';
import type { UserRow } from './session-store.ts';

/**
 * Keys belong to vendors; staff hold none. Only a signed-in session manages them: an API key is
 * refused before it gets here (api-key-scope.ts), so a leaked key cannot make itself a successor.
 */
function requireVendor(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (user.type !== 'vendor' || isStaff(user)) throw forbidden('Only vendors have API keys.');
  return user;
}

function listed(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    last_four: row.lastFour,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** Settings → API keys: list, create (the key shown once), revoke. */
export async function apiKeyRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const vendorsOnly = checkFirst(requireVendor);

  const createSchema = {
    summary: 'Make an API key: the answer is the only time the key is shown',
    body: createApiKeySchema,
    response: { ...errorResponses, 201: createdApiKeySchema },
  };
  api.post(
    '/api/vendor/api-keys/',
    { schema: createSchema, preValidation: vendorsOnly },
    async (request, reply) => {
      const user = requireVendor(request);
      const { name } = request.body;
      // Counted and made in one transaction under a per-user lock, so two creates cannot pass the cap.
      const created = await app.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`api-keys:${user.id}`}))`);
        if ((await countLiveApiKeys(tx, user.id)) >= API_KEYS_PER_VENDOR) {
          throw new HttpError(409, apiError('TOO_MANY_API_KEYS'));
        }
        return createApiKey(tx, user.id, name);
      });
      const body: CreatedApiKey = {
        id: created.row.id,
        name: created.row.name,
        key: created.key,
        last_four: created.row.lastFour,
        created_at: created.row.createdAt.toISOString(),
      };
      return reply.code(201).send(body);
    },
  );

  ownRecordRoutes(app, {
    path: '/api/vendor/api-keys/',
    owner: requireVendor,
    list: {
      summary: "The vendor's live API keys, newest first (never the keys themselves)",
      response: apiKeyListSchema,
      load: (vendorId) => listApiKeys(app.db, vendorId),
      toBody: listed,
    },
    remove: {
      summary: 'Revoke an API key: refused at once on every server process',
      notFound: API_KEY_MESSAGES.notFound,
      run: (vendorId, id) => revokeApiKey(app.db, vendorId, id),
    },
  });
}
