import { useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * The one EventSource to GET /api/events/ (DESIGN.md, Real-time): opened while some screen listens,
 * closed when none does. The session cookie authenticates it (EventSource sends no other header).
 * Screens poll while `useEventStreamConnected()` is false (signed-in spec, section 9: 5 seconds).
 */
const EVENTS_URL = '/api/events/';
/** After the server refused the stream (signed out, server down), try again after this long. */
const REOPEN_DELAY_MS = 10_000;

export type ServerEventName = 'message' | 'notification';
type Handler = (data: unknown) => void;

const handlers = new Map<ServerEventName, Set<Handler>>();
const statusListeners = new Set<() => void>();
let source: EventSource | null = null;
let connected = false;
let reopenTimer: ReturnType<typeof setTimeout> | null = null;
/**
 * The last event's id: the browser sends it (Last-Event-ID) when it reconnects a dropped stream by
 * itself; a stream opened again by hand names it in the address, and gets what it missed.
 */
let lastEventId = '';

function setConnected(value: boolean): void {
  if (connected === value) return;
  connected = value;
  for (const listener of statusListeners) listener();
}

function hasHandlers(): boolean {
  for (const set of handlers.values()) if (set.size > 0) return true;
  return false;
}

function dispatch(name: ServerEventName, event: MessageEvent<string>): void {
  if (event.lastEventId) lastEventId = event.lastEventId;
  let data: unknown;
  try {
    data = JSON.parse(event.data);
  } catch {
    return;
  }
  for (const handler of handlers.get(name) ?? []) handler(data);
}

function open(): void {
  if (source || reopenTimer || typeof EventSource === 'undefined') return;
  const url = lastEventId ? `${EVENTS_URL}?last_event_id=${encodeURIComponent(lastEventId)}` : EVENTS_URL;
  const next = new EventSource(url, { withCredentials: true });
  source = next;
  for (const name of ['message', 'notification'] as const) {
    next.addEventListener(name, (event) => dispatch(name, event as MessageEvent<string>));
  }
  // Events may have been missed while away (the server no longer holds the last one seen): every
  // listener is told with no data, as for an event too large to travel, and fetches again.
  next.addEventListener('reset', () => {
    for (const set of handlers.values()) for (const handler of [...set]) handler(null);
  });
  next.onopen = () => setConnected(true);
  next.onerror = () => {
    setConnected(false);
    // A dropped connection is retried by the browser itself (readyState CONNECTING); a refused one
    // (HTTP error) closes the source for good, so it is reopened later by hand.
    if (next.readyState !== EventSource.CLOSED) return;
    source = null;
    reopenTimer = setTimeout(() => {
      reopenTimer = null;
      if (hasHandlers()) open();
    }, REOPEN_DELAY_MS);
  };
}

function closeIfUnused(): void {
  if (hasHandlers()) return;
  source?.close();
  source = null;
  if (reopenTimer) clearTimeout(reopenTimer);
  reopenTimer = null;
  setConnected(false);
}

/** Calls `handler` with the data of every `name` event pushed to the signed-in user. */
export function subscribeServerEvent(name: ServerEventName, handler: Handler): () => void {
  let set = handlers.get(name);
  if (!set) {
    set = new Set();
    handlers.set(name, set);
  }
  set.add(handler);
  open();
  return () => {
    set.delete(handler);
    closeIfUnused();
  };
}

/** Subscribes while mounted; the latest `handler` is called without resubscribing. */
export function useServerEvent(name: ServerEventName, handler: Handler): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => subscribeServerEvent(name, (data) => latest.current(data)), [name]);
}

function subscribeStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

/** Whether the event stream is open now (else screens fall back to polling). */
export function useEventStreamConnected(): boolean {
  return useSyncExternalStore(
    subscribeStatus,
    () => connected,
    () => false,
  );
}
