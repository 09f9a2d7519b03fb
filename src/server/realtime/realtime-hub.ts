import type { RealtimeEvent } from './realtime-events.ts';

/** An open event stream of one signed-in user in this process. */
export interface RealtimeSubscriber {
  send(event: string, data: unknown): void;
  /** Ends the stream (server shutting down). */
  close(): void;
}

/**
 * This process's open streams by user. Every process holds only its own; the database's
 * LISTEN/NOTIFY brings each event to all of them, and each hands it to the users it serves.
 */
export class RealtimeHub {
  private readonly byUser = new Map<number, Set<RealtimeSubscriber>>();

  subscribe(userId: number, subscriber: RealtimeSubscriber): () => void {
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
  dispatch(payload: string): void {
    let event: RealtimeEvent;
    try {
      event = JSON.parse(payload) as RealtimeEvent;
    } catch {
      return;
    }
    if (!Array.isArray(event.users) || typeof event.event !== 'string') return;
    for (const userId of new Set(event.users)) {
      for (const subscriber of this.byUser.get(userId) ?? []) subscriber.send(event.event, event.data);
    }
  }

  get streamCount(): number {
    let count = 0;
    for (const set of this.byUser.values()) count += set.size;
    return count;
  }

  closeAll(): void {
    for (const set of [...this.byUser.values()]) for (const subscriber of [...set]) subscriber.close();
    this.byUser.clear();
  }
}
