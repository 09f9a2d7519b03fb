import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';

/** The one PostgreSQL channel every process LISTENs on (DESIGN.md, Real-time). */
export const REALTIME_CHANNEL = 'fieldbid_events';

/** The SSE event names the browser handles (src/app/lib/event-stream.ts). */
export type RealtimeEventName = 'message' | 'notification';

/** One event for some users, as it travels through pg_notify. */
export interface RealtimeEvent {
  /**
   * The event's id, sent as the stream's `id:` (a reconnecting browser names the last one it got);
   * given when the payload is encoded. The same in every process, as it travels in the payload.
   */
  eid?: string;
  users: number[];
  event: RealtimeEventName;
  /** The object pushed to the browser; null when it was too large to travel (the browser refetches). */
  data: unknown;
}

// pg_notify refuses payloads of 8000 bytes or more; leave room for the envelope.
export const MAX_PAYLOAD_BYTES = 7_500;

/**
 * This process's prefix of event ids: 72 random bits, so two processes (or one restarted) never
 * make the same id. An id names an event for resuming a stream and grants nothing, so it need not be
 * unguessable: the prefix and a counter cost no random bytes per event.
 */
const EVENT_ID_PREFIX = randomBytes(9).toString('base64url');
let eventCount = 0;

/** A new event id, unique across processes: the process's prefix and its count of events, base 36. */
export function newEventId(): string {
  eventCount += 1;
  return `${EVENT_ID_PREFIX}${eventCount.toString(36)}`;
}

export function encode(event: RealtimeEvent): string {
  const named = { eid: event.eid ?? newEventId(), ...event };
  const payload = JSON.stringify(named);
  if (Buffer.byteLength(payload) <= MAX_PAYLOAD_BYTES) return payload;
  return JSON.stringify({ ...named, data: null });
}

/**
 * Queues events for the users they concern. Call it with the writing transaction: PostgreSQL
 * delivers a notification only when that transaction commits, so a rolled-back write pushes
 * nothing, and every server process (each LISTENing) hears it.
 */
export async function publishEvents(db: Db, events: readonly RealtimeEvent[]): Promise<void> {
  const payloads = events.filter((event) => event.users.length > 0).map(encode);
  if (payloads.length === 0) return;
  await db.execute(
    // One JSON array parameter: Drizzle would spread a JS array into a row of parameters.
    sql`select pg_notify(${REALTIME_CHANNEL}, payload)
        from json_array_elements_text(${JSON.stringify(payloads)}::json) as payload`,
  );
}
