import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { MESSAGE_THREAD_LIMIT, type Message } from '#shared/message-schemas.ts';
import type { UserRow } from '../auth/session-store.ts';
import type { Db } from '../db/database.ts';
import { reusedStatement } from '../db/reused-statement.ts';
import { messages } from '../db/schema/messages.ts';
import { users } from '../db/schema/users.ts';
import type { ThreadAccess } from './message-thread.ts';
import { markThreadNotificationsRead } from './thread-notifications.ts';

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
export async function readThread(
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

/** Built once (db/reused-statement.ts): POST message's insert, issue 14. */
const insertStatement = reusedStatement((db) =>
  db
    .insert(messages)
    .values({
      requestId: sql.placeholder('requestId'),
      vendorId: sql.placeholder('vendorId'),
      senderId: sql.placeholder('senderId'),
      senderRole: sql.placeholder('senderRole'),
      content: sql.placeholder('content'),
    })
    .returning()
    .prepare('fieldbid_message_insert'),
);

/** Writes the caller's message to the thread; the message as the API answers it. */
export async function insertMessage(
  db: Db,
  access: ThreadAccess,
  sender: Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'email'>,
  content: string,
): Promise<Message> {
  const [row] = await insertStatement(db, {
    requestId: access.requestId,
    vendorId: access.vendorId,
    senderId: sender.id,
    senderRole: access.side === 'vendor' ? 'vendor' : 'property_manager',
    content,
  });
  return messageBody({
    id: row!.id,
    request: row!.requestId,
    vendor: row!.vendorId,
    content: row!.content,
    sender_role: row!.senderRole,
    firstName: sender.firstName,
    lastName: sender.lastName,
    email: sender.email,
    createdAt: row!.createdAt,
  });
}
