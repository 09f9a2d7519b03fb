import { sql } from 'drizzle-orm';
import type { UserRow } from '#server/auth/session-store.ts';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { inItemOrder } from '#server/db/group-commit.ts';
import { reusedSql } from '#server/db/reused-statement.ts';
import {
  claimedOrKeyless,
  claimKeySql,
  KEY_COLUMN_TYPES,
  type KeyClaim,
  type KeyColumns,
  keyColumns,
} from '#server/idempotency/key-claim.ts';
import { notificationBody } from '#server/notifications/notification-body.ts';
import {
  type DeliveryRow,
  type NotificationItemRow,
  notificationRows,
  notificationWritesSql,
} from '#server/notifications/notification-writes.ts';
import { type NewNotification, planNotifications } from '#server/notifications/notify.ts';
import { type EventTemplate, eventTemplate, HOLES, ISO_TIME_SQL } from '#server/realtime/event-template.ts';
import { REALTIME_CHANNEL } from '#server/realtime/realtime-events.ts';
import type { Message } from '#shared/message-schemas.ts';
import { messageBody } from './message-store.ts';
import type { ThreadAccess } from './message-thread.ts';

export type Sender = Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'email'>;

/** How much of a message a new_message notification quotes. */
const NOTIFICATION_QUOTE_LENGTH = 200;

/**
 * A new_message notice's text (which its mail and push carry): the message's first words, and for
 * a message with photos, how many it brought ("Sent 2 photos: ..."), since the photos themselves
 * are read only in the app.
 */
export function newMessageNotice(content: string, photoCount: number): string {
  const quote = content.slice(0, NOTIFICATION_QUOTE_LENGTH);
  if (photoCount === 0) return quote;
  return `Sent ${photoCount} ${photoCount === 1 ? 'photo' : 'photos'}: ${quote}`;
}

/** A row's time as `Date.toISOString()` writes it. */
const isoTime = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', ${ISO_TIME_SQL})`);

/**
 * A message's write as the sending statement takes it, one of a batch (`GroupCommit`): the message
 * with its Idempotency-Key's claim (`key` null without one) and the answer kept with it, its
 * notifications and their deliveries (`ord` counted within this message), and its events.
 */
export interface MessageWrite {
  message: {
    request_id: number;
    vendor_id: number;
    sender_id: number;
    sender_role: string;
    content: string;
    answer: Message | null;
  } & KeyColumns;
  items: NotificationItemRow[];
  deliveries: DeliveryRow[];
  /** `ord`: the notification whose row fills the event's holes; null for the message's own. */
  events: (EventTemplate & { ord: number | null })[];
}

/**
 * POST message's write as one statement (it took five, with BEGIN and COMMIT) for a batch
 * of messages (db/group-commit.ts: those that arrive while one is being written): each message, its
 * notifications with their deliveries (the CTEs notify() writes with), and every real-time event,
 * the rows' ids and times filled in by the statement (realtime/event-template.ts). One statement
 * commits or fails whole, so it needs no transaction of its own; the cache triggers of migration
 * 0014 add their notices to it as to any write, once for the batch. Each message's events go out in
 * notify()'s order: each recipient's notification, then the message.
 *
 * A message with an Idempotency-Key claims it in the same statement (`claimKeySql`), the answer
 * kept with it (the message's JSON, its id and time set by the statement, drawn first), or takes
 * over the key once expired; a live key (answered, or in progress in another
 * request, whose commit the claim waits for) leaves that message unwritten, its notifications and
 * events too (`go`), and answers no row for it.
 */
const SEND_SQL = sql`
    with batch as materialized (
      select nextval(pg_get_serial_sequence('messages', 'id'))::int as id, now() as created_at, b.*
      from json_to_recordset(${sql.placeholder('messages')}::json) as b(
        batch_ord int, request_id int, vendor_id int, sender_id int, sender_role text, content text, answer jsonb,
        ${KEY_COLUMN_TYPES}
      )
    ),
    ${claimKeySql(sql`batch b`, 'b', {
      status: 201,
      body: sql`jsonb_set(jsonb_set(b.answer, '{id}', to_jsonb(b.id)), '{created_at}', to_jsonb(${isoTime('b.created_at')}))`,
    })},
    go as (
      select b.* from batch b
      where ${claimedOrKeyless('b')}
    ),
    new_messages as (
      insert into messages (id, request_id, vendor_id, sender_id, sender_role, content, created_at)
      select id, request_id, vendor_id, sender_id, sender_role, content, created_at from go order by batch_ord
    ),
    ${notificationWritesSql(sql`${sql.placeholder('items')}`, sql`${sql.placeholder('deliveries')}`, sql`i.batch_ord in (select batch_ord from go)`)},
    events as (
      select pg_notify(${REALTIME_CHANNEL}, case when e.mid is null then e.head
        else e.head || filled.id::text || e.mid || to_json(${isoTime('filled.created_at')})::text || e.tail end)
      from json_to_recordset(${sql.placeholder('events')}::json) as e(batch_ord int, ord int, head text, mid text, tail text)
      cross join lateral (
        select g.id, g.created_at from go g where e.ord is null and g.batch_ord = e.batch_ord
        union all
        select w.id, w.created_at from written w join items i on i.id = w.id where i.ord = e.ord
      ) as filled
    )
    select g.batch_ord, g.id, ${isoTime('g.created_at')} as created_at, (select count(*) from events) as sent
    from go g`;

type SentRow = { batch_ord: number; id: number; created_at: string; sent: number | string };
const sendStatement = reusedSql<SentRow>('fieldbid_message_send', () => SEND_SQL);

/** What a write answers: the message's id and time, or null when its key was live (nothing written). */
export type Sent = { id: number; created_at: string } | null;

/**
 * Writes a batch of messages in one statement (`SEND_SQL`) and answers each one's row in order. The
 * notifications' and events' `ord` are numbered across the batch here.
 */
export async function writeMessages(db: DbOrTx, writes: readonly MessageWrite[]): Promise<Sent[]> {
  const messages: unknown[] = [];
  const items: NotificationItemRow[] = [];
  const deliveries: DeliveryRow[] = [];
  const events: unknown[] = [];
  writes.forEach((write, batchOrd) => {
    const firstOrd = items.length;
    const firstSeq = deliveries.length;
    messages.push({ ...write.message, batch_ord: batchOrd });
    for (const item of write.items) items.push({ ...item, ord: firstOrd + item.ord, batch_ord: batchOrd });
    for (const delivery of write.deliveries) {
      deliveries.push({ ...delivery, ord: firstOrd + delivery.ord, seq: firstSeq + delivery.seq });
    }
    for (const event of write.events) {
      events.push({ ...event, batch_ord: batchOrd, ord: event.ord === null ? null : firstOrd + event.ord });
    }
  });
  const rows = await sendStatement(db, {
    messages: JSON.stringify(messages),
    items: JSON.stringify(items),
    deliveries: JSON.stringify(deliveries),
    events: JSON.stringify(events),
  });
  return inItemOrder(rows, writes.length, (row) => row.batch_ord).map((row) =>
    row === undefined ? null : { id: Number(row.id), created_at: row.created_at },
  );
}

/**
 * The caller's message as the sending statement writes it: the message, one new_message notification
 * for each of the other side (with the deliveries its recipient wants: notify.ts's planning) and the
 * message pushed to both sides' open screens; with `claim`, that Idempotency-Key claimed with it. The
 * recipients' facts come with the thread's access, read for a write. `photos`: the message's photos
 * as answers link them, their rows' ids drawn before (message-photo-store.ts). `unsent`: the message
 * as the API answers it once its id and time are known.
 */
export function messageWrite(
  access: ThreadAccess,
  sender: Sender,
  content: string,
  claim?: KeyClaim,
  photos: Message['photos'] = [],
): { write: MessageWrite; unsent: Message } {
  const unsent = messageBody({
    id: 0,
    request: access.requestId,
    vendor: access.vendorId,
    content,
    sender_role: access.side === 'vendor' ? 'vendor' : 'property_manager',
    firstName: sender.firstName,
    lastName: sender.lastName,
    email: sender.email,
    createdAt: new Date(0),
    photos,
  });
  const recipients = access.side === 'vendor' ? access.managerIds : [access.vendorId];
  const items: NewNotification[] = recipients.map((userId) => ({
    userId,
    kind: 'new_message',
    title: `New message from ${unsent.sender_name}`,
    message: newMessageNotice(content, photos.length),
    relatedRequestId: access.requestId,
    relatedVendorId: access.vendorId,
  }));
  const plans = planNotifications(items, access.recipients, new Date());
  const rows = notificationRows(items, plans);
  const withHoles = { id: HOLES.id, created_at: HOLES.createdAt };
  const events = [
    ...items.map((item, ord) => ({
      ord,
      ...eventTemplate({
        users: [item.userId],
        event: 'notification',
        data: {
          ...notificationBody({
            ...item,
            id: 0,
            createdAt: new Date(0),
            isRead: false,
            readAt: null,
            relatedRequestId: item.relatedRequestId ?? null,
            relatedVendorId: item.relatedVendorId ?? null,
          }),
          ...withHoles,
        },
      }),
    })),
    // Both sides' open screens (the sender's other tabs too) get the message itself.
    {
      ord: null,
      ...eventTemplate({
        users: [access.vendorId, ...access.managerIds],
        event: 'message',
        data: { ...unsent, ...withHoles },
      }),
    },
  ];
  const message: MessageWrite['message'] = {
    request_id: access.requestId,
    vendor_id: access.vendorId,
    sender_id: sender.id,
    sender_role: unsent.sender_role,
    content,
    ...keyColumns(claim),
    answer: claim === undefined ? null : unsent,
  };
  return { write: { message, items: rows.items, deliveries: rows.deliveries, events }, unsent };
}

/** The message as the API answers it, once written (null: its key was live and nothing was). */
export const sentMessage = (unsent: Message, sent: Sent): Message | null =>
  sent === null ? null : { ...unsent, id: sent.id, created_at: sent.created_at };
