import { randomUUID } from 'node:crypto';
import { encode, MAX_PAYLOAD_BYTES, newEventId, type RealtimeEvent } from './realtime-events.ts';

/**
 * An event whose row is written by the same statement that sends it (the one-statement
 * writes): its data names the row's id and creation time, which only the database knows then. The
 * payload is `head || id || mid || "created_at as ISO text" || tail` (SQL fills the two holes), the
 * very text JSON.stringify would give once they are known; `mid` is null for a payload sent as is
 * (its data too large to travel, as `encode` sends it: data null).
 */
export interface EventTemplate {
  head: string;
  mid: string | null;
  tail: string | null;
}

// Random per process: no user's text can contain them.
const ID_HOLE = `\u0001id-${randomUUID()}`;
const CREATED_AT_HOLE = `\u0001created-${randomUUID()}`;
/** The most the holes take once filled: an int4 id, and `"YYYY-MM-DDTHH:MM:SS.mmmZ"`. */
const FILLED_BYTES = 11 + 26;

/** Stands in the event's data for the id and the created_at (an ISO string) of the row. */
export const HOLES = { id: ID_HOLE, createdAt: CREATED_AT_HOLE } as const;

/** The SQL that fills a template's created_at hole: the row's time as `Date.toISOString()` writes it. */
export const ISO_TIME_SQL = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

export function eventTemplate(unnamed: RealtimeEvent): EventTemplate {
  const event = { eid: unnamed.eid ?? newEventId(), ...unnamed };
  const text = JSON.stringify(event);
  const [head, afterId, ...restId] = text.split(JSON.stringify(ID_HOLE));
  const [mid, tail, ...restAt] = (afterId ?? '').split(JSON.stringify(CREATED_AT_HOLE));
  if (afterId === undefined || tail === undefined || restId.length > 0 || restAt.length > 0) {
    throw new Error('an event template needs its id hole, then its created_at hole, once each');
  }
  const bytes = Buffer.byteLength(head!) + Buffer.byteLength(mid!) + Buffer.byteLength(tail) + FILLED_BYTES;
  if (bytes <= MAX_PAYLOAD_BYTES) return { head: head!, mid: mid!, tail };
  return { head: encode({ ...event, data: null }), mid: null, tail: null };
}
