import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type PushDevice, pushSubscriptionInputSchema } from '#shared/push-messages.ts';
import { cleanHeaderText } from '#shared/text-fields.ts';
import { requireUser } from '../auth/guards.ts';
import { pushSubscriptions } from '../db/schema/push-subscriptions.ts';
import { HttpError, notFound, parseInput } from '../http/http-error.ts';
import { deviceLabel } from './device-label.ts';

/** A user keeps a device per browser; past this many the oldest ones are surely gone. */
export const PUSH_DEVICES_PER_USER = 20;

const PUSH_OFF = 'Push notifications are not set up on this server.';

function deviceBody(row: typeof pushSubscriptions.$inferSelect): PushDevice {
  return {
    id: row.id,
    endpoint: row.endpoint,
    device: deviceLabel(row.userAgent),
    created_at: row.createdAt.toISOString(),
    last_success_at: row.lastSuccessAt?.toISOString() ?? null,
  };
}

/**
 * Web Push (issue 19): GET /api/push/config/ (the VAPID public key a browser subscribes with),
 * the signed-in user's devices (GET, POST to add this browser's subscription, DELETE one). A
 * subscription is bound to its endpoint: the same browser subscribing again, or after another user
 * signed in on it, updates that row, so a device never gets one person's notifications twice or
 * another person's at all.
 */
export async function pushSubscriptionRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/push/config/', async (request) => {
    requireUser(request);
    const keys = await app.vapidKeys();
    return { enabled: keys !== null, vapid_public_key: keys?.publicKey ?? null };
  });

  app.get('/api/push/subscriptions/', async (request) => {
    const user = requireUser(request);
    const rows = await app.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.id))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
    return rows.map(deviceBody);
  });

  app.post('/api/push/subscriptions/', async (request, reply) => {
    const user = requireUser(request);
    const input = parseInput(pushSubscriptionInputSchema, request.body);
    if (!(await app.vapidKeys())) throw new HttpError(409, { detail: PUSH_OFF });
    const values = {
      userId: user.id,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      userAgent: cleanHeaderText(request.headers['user-agent'], 300),
    };
    const [row] = await app.db.transaction(async (tx) => {
      const saved = await tx
        .insert(pushSubscriptions)
        .values(values)
        .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, createdAt: new Date() } })
        .returning();
      // The oldest devices beyond the limit go: a browser that stopped answering never unsubscribes.
      const kept = await tx
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, user.id))
        .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
      for (const old of kept.slice(PUSH_DEVICES_PER_USER)) {
        await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, old.id));
      }
      return saved;
    });
    return reply.code(201).send(deviceBody(row!));
  });

  app.delete<{ Params: { id: string } }>('/api/push/subscriptions/:id/', async (request, reply) => {
    const user = requireUser(request);
    const id = /^[1-9]\d{0,8}$/.test(request.params.id) ? Number(request.params.id) : null;
    if (id === null) throw notFound('Device not found.');
    const gone = await app.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, user.id)))
      .returning({ id: pushSubscriptions.id });
    if (gone.length === 0) throw notFound('Device not found.');
    return reply.code(204).send();
  });
}
