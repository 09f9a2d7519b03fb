import { sql } from 'drizzle-orm';
import type { Message } from '#shared/message-schemas.ts';
import type { UserRow } from '../auth/session-store.ts';
import type { Db } from '../db/database.ts';
import { reusedSql } from '../db/reused-statement.ts';
import { claimed, claimKeySql, claimValues, type KeyClaim } from '../idempotency/key-claim.ts';
import { notificationBody } from '../notifications/notification-body.ts';
import { notificationRowsJson, notificationWritesSql } from '../notifications/notification-writes.ts';
import { type NewNotification, planNotifications } from '../notifications/notify.ts';
import { eventTemplate, HOLES, ISO_TIME_SQL } from '../realtime/event-template.ts';
import { REALTIME_CHANNEL } from '../realtime/realtime-events.ts';
import { messageBody } from './message-store.ts';
import type { ThreadAccess } from './message-thread.ts';

type Sender = Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'email'>;

/** How much of a message a new_message notification quotes. */
const NOTIFICATION_QUOTE_LENGTH = 200;

/** A row's time as `Date.toISOString()` writes it. */
const isoTime = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', ${ISO_TIME_SQL})`);

/** The columns of the message the statement writes, from its placeholders. */
const MESSAGE_VALUES = sql`${sql.placeholder('requestId')}::int, ${sql.placeholder('vendorId')}::int,
        ${sql.placeholder('senderId')}::int, ${sql.placeholder('senderRole')}::text, ${sql.placeholder('content')}::text`;

/**
 * POST message's write as one statement (issue 14: it took five, with BEGIN and COMMIT): the message,
 * its notifications with their deliveries (the CTEs notify() writes with), and every real-time
 * event, the rows' ids and times filled in by the statement (realtime/event-template.ts). One
 * statement commits or fails whole, so it needs no transaction of its own; the cache triggers of
 * migration 0014 add their notices to it as to any write. The events go out in notify()'s order:
 * each recipient's notification, then the message.
 *
 * `keyed`: the statement also claims the request's Idempotency-Key (idempotency/key-claim.ts), the
 * answer kept with it (the message's JSON, its id and time set by the statement, drawn first); every
 * write depends on the claim, so a live key leaves the statement writing nothing and answering no row.
 */
function sendSql(keyed: boolean) {
  const message = keyed
    ? sql`next_message as materialized (
        select nextval(pg_get_serial_sequence('messages', 'id'))::int as id, now() as created_at
      ),
      ${claimKeySql(sql`next_message n`, {
        status: 201,
        body: sql`jsonb_set(jsonb_set(${sql.placeholder('answer')}::jsonb, '{id}', to_jsonb(n.id)),
          '{created_at}', to_jsonb(${isoTime('n.created_at')}))`,
      })},
      new_message as (
        insert into messages (id, request_id, vendor_id, sender_id, sender_role, content, created_at)
        select n.id, ${MESSAGE_VALUES}, n.created_at from next_message n where ${claimed}
        returning id, created_at
      )`
    : sql`new_message as (
        insert into messages (request_id, vendor_id, sender_id, sender_role, content)
        values (${MESSAGE_VALUES})
        returning id, created_at
      )`;
  return sql`
    with ${message},
    ${notificationWritesSql(sql`${sql.placeholder('items')}`, sql`${sql.placeholder('deliveries')}`, keyed ? claimed : undefined)},
    events as (
      select pg_notify(${REALTIME_CHANNEL}, case when e.mid is null then e.head
        else e.head || filled.id::text || e.mid || to_json(${isoTime('filled.created_at')})::text || e.tail end)
      from json_to_recordset(${sql.placeholder('events')}::json) as e(ord int, head text, mid text, tail text)
      cross join lateral (
        select m.id, m.created_at from new_message m where e.ord is null
        union all
        select w.id, w.created_at from written w join items i on i.id = w.id where i.ord = e.ord
      ) as filled
    )
    select m.id, ${isoTime('m.created_at')} as created_at, (select count(*) from events) as sent
    from new_message m`;
}

type SentRow = { id: number; created_at: string; sent: number | string };
const sendStatement = reusedSql<SentRow>('fieldbid_message_send', () => sendSql(false));
const keyedSendStatement = reusedSql<SentRow>('fieldbid_message_send_keyed', () => sendSql(true));

/**
 * Writes the caller's message to the thread, notifies the other side (one new_message each, with
 * the deliveries its recipient wants: notify.ts's planning) and pushes the message to both sides'
 * open screens, in one statement (the recipients' facts come with the thread's access, read for a
 * write). The message as the API answers it; with `claim`, the write claims that Idempotency-Key
 * too, and null means it was not claimed (live) and nothing was written.
 */
export async function sendMessage(
  db: Db,
  access: ThreadAccess,
  sender: Sender,
  content: string,
): Promise<Message>;
export async function sendMessage(
  db: Db,
  access: ThreadAccess,
  sender: Sender,
  content: string,
  claim: KeyClaim,
): Promise<Message | null>;
export async function sendMessage(
  db: Db,
  access: ThreadAccess,
  sender: Sender,
  content: string,
  claim?: KeyClaim,
): Promise<Message | null> {
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
  });
  const recipients = access.side === 'vendor' ? access.managerIds : [access.vendorId];
  const items: NewNotification[] = recipients.map((userId) => ({
    userId,
    kind: 'new_message',
    title: `New message from ${unsent.sender_name}`,
    message: content.slice(0, NOTIFICATION_QUOTE_LENGTH),
    relatedRequestId: access.requestId,
    relatedVendorId: access.vendorId,
  }));
  const plans = planNotifications(items, access.recipients, new Date());
  const rows = notificationRowsJson(items, plans);
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
  const values = {
    requestId: access.requestId,
    vendorId: access.vendorId,
    senderId: sender.id,
    senderRole: unsent.sender_role,
    content,
    items: rows.items,
    deliveries: rows.deliveries,
    events: JSON.stringify(events),
  };
  if (claim === undefined) {
    const [row] = await sendStatement(db, values);
    return { ...unsent, id: Number(row!.id), created_at: row!.created_at };
  }
  const [row] = await keyedSendStatement(db, {
    ...values,
    ...claimValues(claim),
    answer: JSON.stringify(unsent),
  });
  return row === undefined ? null : { ...unsent, id: Number(row.id), created_at: row.created_at };
}
