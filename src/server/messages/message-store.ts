import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { UserRow } from '#server/auth/session-store.ts';
import type { Db } from '#server/db/database.ts';
import { messagePhotos } from '#server/db/schema/message-photos.ts';
import { messages } from '#server/db/schema/messages.ts';
import { users } from '#server/db/schema/users.ts';
import { MESSAGE_THREAD_LIMIT, type Message } from '#shared/message-schemas.ts';
import type { ThreadAccess } from './message-thread.ts';
import { markThreadNotificationsRead } from './thread-notifications.ts';

export const fullName = (user: Pick<UserRow, 'firstName' | 'lastName' | 'email'>) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;

const threadOf = (access: ThreadAccess) =>
  and(eq(messages.requestId, access.requestId), eq(messages.vendorId, access.vendorId));

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
  // Most messages carry none: one probe of message_photos_message_idx each.
  photos: sql<Message['photos']>`coalesce((
    select json_agg(json_build_object('id', ${messagePhotos.id}, 'url', '/api/files/' || ${messagePhotos.storageKey})
      order by ${messagePhotos.position})
    from ${messagePhotos} where ${messagePhotos.messageId} = ${messages.id}
  ), '[]'::json)`,
};

/** How answers link a stored message photo. */
export const messagePhotoUrl = (storageKey: string) => `/api/files/${storageKey}`;

/** A message row (with its sender's names) as the API answers it. */
export function messageBody(row: {
  id: number;
  request: number;
  vendor: number;
  content: string;
  sender_role: Message['sender_role'];
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  createdAt: Date;
  photos: Message['photos'];
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

/** The thread's newest MESSAGE_THREAD_LIMIT messages, oldest first. Reads only: marks nothing. */
export async function readThread(db: Db, access: ThreadAccess): Promise<Message[]> {
  const rows = await db
    .select(messageColumns)
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderId))
    .where(threadOf(access))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(MESSAGE_THREAD_LIMIT);
  return rows.reverse().map(messageBody);
}

/**
 * Marks the other side's unread messages of the thread and the reader's new_message notices of it
 * read; answers how many messages it marked. Run it in a transaction: both or neither. A notice read
 * cancels its email, text and push not sent yet ("Read in the app before it was sent").
 */
export async function markThreadRead(db: Db, userId: number, access: ThreadAccess): Promise<number> {
  await markThreadNotificationsRead(db, userId, access);
  const marked = await db
    .update(messages)
    .set({ readAt: new Date() })
    .where(and(threadOf(access), isNull(messages.readAt), fromOtherSide(access.side)))
    .returning({ id: messages.id });
  return marked.length;
}
