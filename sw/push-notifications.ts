/// <reference lib="webworker" />

import type { PushPayload } from '#shared/push-messages.ts';

/*
 * Web Push: the server sends each notification as JSON {title, body, url, tag}
 * (src/shared/push-messages.ts, encrypted by the web-push library). The worker shows it, and a click
 * opens the screen it is about in a FieldBid window, focusing one that is already open.
 */

const ICON = '/icons/icon-192.png';

/** The payload, checked by hand: the worker keeps zod out of its bundle. */
function payloadOf(data: PushMessageData | null): PushPayload | null {
  if (!data) return null;
  try {
    const value = data.json() as Partial<Record<keyof PushPayload, unknown>>;
    if (typeof value.title !== 'string' || typeof value.url !== 'string' || !value.url.startsWith('/'))
      return null;
    return {
      title: value.title,
      body: typeof value.body === 'string' ? value.body : '',
      url: value.url,
      tag: typeof value.tag === 'string' ? value.tag : value.url,
    };
  } catch {
    return null;
  }
}

/**
 * Every push shows a notification (browsers require it of a userVisibleOnly subscription). The tag
 * replaces an earlier notification of the same FieldBid notification, so a resent push never
 * shows twice.
 */
export function showPush(worker: ServiceWorkerGlobalScope, event: PushEvent): Promise<void> {
  const payload = payloadOf(event.data);
  const title = payload?.title ?? 'FieldBid';
  return worker.registration.showNotification(title, {
    body: payload?.body ?? 'You have a new notification.',
    tag: payload?.tag ?? 'fieldbid',
    icon: ICON,
    badge: ICON,
    data: { url: payload?.url ?? '/' },
  });
}

/**
 * Opens the notification's screen: an open FieldBid window goes there and comes to the front (the
 * page keeps its worker, session and outbox); without one, a new window opens.
 */
export async function openFromNotification(
  worker: ServiceWorkerGlobalScope,
  notification: Notification,
): Promise<void> {
  notification.close();
  const path = (notification.data as { url?: unknown } | null)?.url;
  const url = new URL(typeof path === 'string' && path.startsWith('/') ? path : '/', worker.location.origin)
    .href;
  const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) {
    if (new URL(client.url).origin !== worker.location.origin) continue;
    // navigate() works for windows this worker controls; focus() needs the click's user activation.
    const moved = await client.navigate(url).catch(() => null);
    if (moved) {
      await moved.focus().catch(() => undefined);
      return;
    }
  }
  await worker.clients.openWindow(url);
}
