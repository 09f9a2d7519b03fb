import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { queryRows } from '#server/db/query-rows.ts';
import type { notifications } from '#server/db/schema/notifications.ts';
import type { PlannedDelivery } from './delivery-plan.ts';
import type { NewNotification } from './notify.ts';

type NotificationRow = typeof notifications.$inferSelect;

/** A notification as `notificationWritesSql` reads it: `ord` places it, `batch_ord` names its write. */
export interface NotificationItemRow {
  ord: number;
  batch_ord?: number;
  user_id: number;
  kind: string;
  title: string;
  message: string;
  related_request_id: number | null;
  related_vendor_id: number | null;
}

/** A planned delivery of the notification `ord`; `seq` is its place among all the deliveries. */
export interface DeliveryRow {
  ord: number;
  seq: number;
  user_id: number;
  category: string;
  channel: string;
  status: string;
  device_id: number;
  batch_key: string | null;
  send_after: string;
}

/** The notifications' and deliveries' rows `notificationWritesSql` reads (`plans[i]` belongs to `items[i]`). */
export function notificationRows(
  items: readonly NewNotification[],
  plans: readonly (readonly PlannedDelivery[])[],
): { items: NotificationItemRow[]; deliveries: DeliveryRow[] } {
  const itemRows = items.map((item, ord) => ({
    ord,
    user_id: item.userId,
    kind: item.kind,
    title: item.title,
    message: item.message,
    related_request_id: item.relatedRequestId ?? null,
    related_vendor_id: item.relatedVendorId ?? null,
  }));
  const deliveryRows = plans
    .flatMap((planned, ord) =>
      planned.map((delivery) => ({
        ord,
        user_id: delivery.userId,
        category: delivery.category,
        channel: delivery.channel,
        status: delivery.status ?? 'queued',
        device_id: delivery.deviceId ?? 0,
        batch_key: delivery.batchKey ?? null,
        send_after: delivery.sendAfter.toISOString(),
      })),
    )
    // Written in the planned order (email, SMS, push), so their ids keep it.
    .map((row, seq) => ({ ...row, seq }));
  return { items: itemRows, deliveries: deliveryRows };
}

/**
 * The CTEs that write notifications and their planned deliveries from `notificationRows`' rows as two
 * JSON texts: `items` (each item with its `ord` and the id drawn for it), `written` (id, created_at)
 * and `planned`. The ids are drawn from the sequence first (a materialized CTE), so each delivery
 * names its notification in the same statement. notify() and POST message's one statement
 * (messages/message-send.ts) both write through them. `when`: a condition the statement's other CTEs
 * decide (a claimed Idempotency-Key: the item `i`'s `batch_ord` names the write it belongs to in a
 * statement that writes several), without which nothing is written.
 */
export function notificationWritesSql(items: SQL, deliveries: SQL, when?: SQL): SQL {
  return sql`
      items as materialized (
        select nextval(pg_get_serial_sequence('notifications', 'id'))::int as id, i.*
        from json_to_recordset(${items}::json) as i(
          ord int, batch_ord int, user_id int, kind text, title text, message text, related_request_id int, related_vendor_id int
        )${
          when === undefined
            ? sql``
            : sql`
        where ${when}`
        }
      ),
      written as (
        insert into notifications (id, user_id, kind, title, message, related_request_id, related_vendor_id)
        select id, user_id, kind, title, message, related_request_id, related_vendor_id from items order by ord
        returning id, created_at
      ),
      planned as (
        insert into notification_deliveries (notification_id, user_id, category, channel, status, device_id, batch_key, send_after)
        select items.id, p.user_id, p.category, p.channel, p.status, p.device_id, p.batch_key, p.send_after
        from json_to_recordset(${deliveries}::json) as p(
          ord int, seq int, user_id int, category text, channel text, status text, device_id int, batch_key text, send_after timestamptz
        )
        join items on items.ord = p.ord
        order by p.seq
        on conflict do nothing
      )`;
}

/**
 * Writes notifications and their planned deliveries (`plans[i]` belongs to `items[i]`) in one
 * statement and answers the rows in the order of `items`: inside the writing transaction every
 * statement keeps it open a round trip longer (POST message).
 */
export async function insertNotifications(
  db: Db,
  items: readonly NewNotification[],
  plans: readonly (readonly PlannedDelivery[])[],
): Promise<NotificationRow[]> {
  const rows = notificationRows(items, plans);
  const written = await queryRows<{ id: number; ord: number; created_ms: number | string }>(
    db,
    sql`
      with ${notificationWritesSql(sql`${JSON.stringify(rows.items)}`, sql`${JSON.stringify(rows.deliveries)}`)}
      select items.id, items.ord, extract(epoch from written.created_at) * 1000 as created_ms
      from written join items on items.id = written.id`,
  );
  const byOrd = new Map(written.map((row) => [Number(row.ord), row]));
  return items.map((item, ord) => {
    const row = byOrd.get(ord)!;
    return {
      id: Number(row.id),
      userId: item.userId,
      kind: item.kind,
      title: item.title,
      message: item.message,
      relatedRequestId: item.relatedRequestId ?? null,
      relatedVendorId: item.relatedVendorId ?? null,
      isRead: false,
      readAt: null,
      createdAt: new Date(Number(row.created_ms)),
    };
  });
}
