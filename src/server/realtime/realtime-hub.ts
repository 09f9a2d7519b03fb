import type { RealtimeEvent } from './realtime-events.ts';
import { type RecentEventLimits, RecentEvents } from './recent-events.ts';

/** An open event stream of one signed-in user in this process. */
export interface RealtimeSubscriber {
  /** The session the stream was opened with (heartbeats end it once that session is gone). */
  sessionId: string | null;
  /** Writes one event; `id` null for the `reset` event, which has none. */
  send(id: string | null, event: string, data: unknown): void;
  /** Writes a comment that keeps proxies from closing an idle stream. */
  heartbeat(): void;
  /** Ends the stream (server shutting down, session gone). */
  close(): void;
}

/**
 * Tells a stream that reconnected after an event this process no longer holds (or never heard)
 * that it may have missed some: the browser fetches its notifications and threads again.
 */
export const RESET_EVENT = 'reset';

/**
 * This process's open streams by user, and the events it heard lately (RecentEvents). Every process
 * holds only its own streams; the database's LISTEN/NOTIFY brings each event to all of them, and
 * each hands it to the users it serves.
 */
export class RealtimeHub {
  private readonly byUser = new Map<number, Set<RealtimeSubscriber>>();
  private readonly recent: RecentEvents;

  constructor(limits?: RecentEventLimits) {
    this.recent = new RecentEvents(limits);
  }

  /**
   * Adds a stream. With `lastEventId` (the last event the browser got, on a reconnect), first
   * sends it the events for its user heard since, or `reset` when that event is not held here;
   * both in the same turn as the subscription, so no event falls between them or comes twice.
   */
  subscribe(userId: number, subscriber: RealtimeSubscriber, lastEventId?: string): () => void {
    if (lastEventId !== undefined) {
      const missed = this.recent.after(lastEventId, userId);
      if (missed === null) subscriber.send(null, RESET_EVENT, null);
      else for (const event of missed) subscriber.send(event.id, event.event, event.data);
    }
    let set = this.byUser.get(userId);
    if (!set) {
      set = new Set();
      this.byUser.set(userId, set);
    }
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (set.size === 0 && this.byUser.get(userId) === set) this.byUser.delete(userId);
    };
  }

  /** Hands one pg_notify payload to the streams of the users it names; a malformed one is dropped. */
  dispatch(payload: string, now = Date.now()): void {
    let event: RealtimeEvent;
    try {
      event = JSON.parse(payload) as RealtimeEvent;
    } catch {
      return;
    }
    if (!Array.isArray(event.users) || typeof event.event !== 'string') return;
    const id = typeof event.eid === 'string' ? event.eid : null;
    if (id !== null)
      this.recent.add({ id, users: event.users, event: event.event, data: event.data, at: now });
    for (const userId of new Set(event.users)) {
      for (const subscriber of this.byUser.get(userId) ?? []) subscriber.send(id, event.event, event.data);
    }
  }

  /** Every open stream, once. */
  *subscribers(): Iterable<RealtimeSubscriber> {
    for (const set of this.byUser.values()) yield* set;
  }

  get streamCount(): number {
    let count = 0;
    for (const set of this.byUser.values()) count += set.size;
    return count;
  }

  /** Events held for reconnecting streams. */
  get recentEventCount(): number {
    return this.recent.size();
  }

  closeAll(): void {
    for (const set of [...this.byUser.values()]) for (const subscriber of [...set]) subscriber.close();
    this.byUser.clear();
  }
}
