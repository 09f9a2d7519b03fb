import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  MESSAGE_THREAD_LIMIT,
  type Message,
  messageInputSchema,
  messageQuerySchema,
} from '#shared/message-schemas.ts';
import { requireUser } from '../auth/guards.ts';
import type { UserRow } from '../auth/session-store.ts';
import type { Db } from '../db/database.ts';
import { messages } from '../db/schema/messages.ts';
import { users } from '../db/schema/users.ts';
import { parseInput } from '../http/http-error.ts';
import { idempotentWrite } from '../idempotency/idempotent-write.ts';
import { notify } from '../notifications/notify.ts';
import { publishEvents } from '../realtime/realtime-events.ts';
import { conversationRoutes } from './conversation-routes.ts';
import { loadThreadAccess, type ThreadAccess } from './message-thread.ts';
import { markThreadNotificationsRead } from './thread-notifications.ts';

/** How much of a message a new_message notification quotes. */
const NOTIFICATION_QUOTE_LENGTH = 200;

export const fullName = (user: Pick<UserRow, 'firstName' | 'lastName' | 'email'>) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;

/** The side's own messages are not unread to it: a vendor reads the managers', managers the vendor's. */
const fromOtherSide = (side: ThreadAccess['side']) =>
  side === 'vendor' ? ne(messages.senderRole, 'vendor') : eq(messages.senderRole, 'vendor');

const messageColumns = {
  id: messages.id,
  request: messages.requestId,
  vendor: messages.vendorId,
  content: messages.content,
  sender_role: messages.senderRole,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  createdAt: messages.createdAt,
};

function messageBody(row: {
  id: number;
  request: number;
  vendor: number;
  content: string;
  sender_role: Message['sender_role'];
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  createdAt: Date;
}): Message {
  const { firstName, lastName, email, createdAt, ...rest } = row;
  return {
    ...rest,
    // A deleted sender's messages stay (sender_id set null).
    sender_name:
      email === null
        ? 'Former user'
        : fullName({ firstName: firstName ?? '', lastName: lastName ?? '', email }),
    created_at: createdAt.toISOString(),
  };
}

/**
 * Marks the other side's messages and the reader's new_message notices read (unless `markRead` is
 * false), then reads the thread.
 */
async function readThread(
  db: Db,
  userId: number,
  access: ThreadAccess,
  markRead: boolean,
): Promise<Message[]> {
  const thread = and(eq(messages.requestId, access.requestId), eq(messages.vendorId, access.vendorId));
  if (markRead) {
    await markThreadNotificationsRead(db, userId, access);
    await db
      .update(messages)
      .set({ readAt: new Date() })
      .where(and(thread, isNull(messages.readAt), fromOtherSide(access.side)));
  }
  const rows = await db
    .select(messageColumns)
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderId))
    .where(thread)
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(MESSAGE_THREAD_LIMIT);
  return rows.reverse().map(messageBody);
}

/** GET and POST /api/messages/ plus the conversations list (signed-in spec, sections 2 and 7). */
export async function messageRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/messages/', async (request) => {
    const user = requireUser(request);
    const query = parseInput(messageQuerySchema, request.query);
    const access = await loadThreadAccess(app.db, user, query.request, query.vendor);
    // One transaction: the messages and their notices are marked read together or not at all.
    return app.db.transaction((tx) => readThread(tx, user.id, access, query.mark_read));
  });

  app.post('/api/messages/', async (request, reply) => {
    const user = requireUser(request);
    const input = parseInput(messageInputSchema, request.body);
    const access = await loadThreadAccess(app.db, user, input.request, input.vendor);
    return idempotentWrite(request, reply, async (tx) => {
      const [row] = await tx
        .insert(messages)
        .values({
          requestId: access.requestId,
          vendorId: access.vendorId,
          senderId: user.id,
          senderRole: access.side === 'vendor' ? 'vendor' : 'property_manager',
          content: input.content,
        })
        .returning();
      const message = messageBody({
        id: row!.id,
        request: row!.requestId,
        vendor: row!.vendorId,
        content: row!.content,
        sender_role: row!.senderRole,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        createdAt: row!.createdAt,
      });
      const recipients = access.side === 'vendor' ? access.managerIds : [access.vendorId];
      await notify(
        tx,
        recipients.map((userId) => ({
          userId,
          kind: 'new_message' as const,
          title: `New message from ${message.sender_name}`,
          message: message.content.slice(0, NOTIFICATION_QUOTE_LENGTH),
          relatedRequestId: access.requestId,
          relatedVendorId: access.vendorId,
        })),
      );
      // Both sides' open screens (the sender's other tabs too) get the message itself.
      await publishEvents(tx, [
        { users: [access.vendorId, ...access.managerIds], event: 'message', data: message },
      ]);
      return { status: 201, body: message };
    });
  });

  await app.register(conversationRoutes);
}
