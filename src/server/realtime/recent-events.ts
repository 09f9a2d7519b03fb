/** An event as this process heard it, kept a while so a stream that reconnects gets what it missed. */
export interface PastEvent {
  /** The event's id (`id:` on the stream), the same in every process: it travels in the payload. */
  id: string;
  users: readonly number[];
  event: string;
  data: unknown;
  /** When this process heard it (ms). */
  at: number;
}

export interface RecentEventLimits {
  /** The most events kept. */
  count: number;
  /** How long an event is kept. */
  ageMs: number;
}

/** The last 20,000 events or the last five minutes, whichever is less. */
export const RECENT_EVENT_LIMITS: RecentEventLimits = { count: 20_000, ageMs: 5 * 60_000 };

/**
 * The events this process heard lately, in the order it heard them. Every process LISTENs on the
 * one channel, and PostgreSQL delivers notifications in commit order to every listener, so the
 * order is the same in every process: an id one process sent can be resumed from in another, as
 * long as that one has heard it too.
 */
export class RecentEvents {
  readonly #limits: RecentEventLimits;
  #events: PastEvent[] = [];
  /** The place of `#events[0]` among every event heard. */
  #base = 0;
  readonly #placeOf = new Map<string, number>();
  #sinceTrim = 0;

  constructor(limits: RecentEventLimits = RECENT_EVENT_LIMITS) {
    this.#limits = limits;
  }

  add(event: PastEvent): void {
    this.#placeOf.set(event.id, this.#base + this.#events.length);
    this.#events.push(event);
    // Trimmed in steps, not one event at a time: each trim copies what is kept.
    this.#sinceTrim += 1;
    if (this.#sinceTrim >= 256 || this.#events.length > this.#limits.count * 1.25) this.#trim(event.at);
  }

  /**
   * The events for `userId` heard after the event `id`, in order; null when `id` is not among the
   * events kept (too old, from before this process started, or not heard here yet).
   */
  after(id: string, userId: number, now = Date.now()): PastEvent[] | null {
    this.#trim(now);
    const place = this.#placeOf.get(id);
    if (place === undefined) return null;
    const missed: PastEvent[] = [];
    for (let index = place - this.#base + 1; index < this.#events.length; index += 1) {
      const event = this.#events[index]!;
      if (event.users.includes(userId)) missed.push(event);
    }
    return missed;
  }

  /** Events kept now (trimmed to the limits first). */
  size(now = Date.now()): number {
    this.#trim(now);
    return this.#events.length;
  }

  #trim(now: number): void {
    this.#sinceTrim = 0;
    const events = this.#events;
    let drop = 0;
    const oldest = now - this.#limits.ageMs;
    while (drop < events.length && (events.length - drop > this.#limits.count || events[drop]!.at < oldest))
      drop += 1;
    if (drop === 0) return;
    for (let index = 0; index < drop; index += 1) this.#placeOf.delete(events[index]!.id);
    this.#events = events.slice(drop);
    this.#base += drop;
  }
}
