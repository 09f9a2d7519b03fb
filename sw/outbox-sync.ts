/// <reference lib="webworker" />

import { SW_MESSAGES } from '#shared/offline-caches.ts';

/** TypeScript's WebWorker library has no Background Sync types yet. */
export interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

const CLIENT_ANSWER_MS = 60_000;

function askOne(client: Client): Promise<number> {
  return new Promise((resolve, reject) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => reject(new Error('The page did not answer.')), CLIENT_ANSWER_MS);
    channel.port1.onmessage = (event: MessageEvent) => {
      clearTimeout(timer);
      resolve(Number((event.data as { remaining?: unknown } | null)?.remaining ?? 0));
    };
    client.postMessage({ type: SW_MESSAGES.flushOutbox }, [channel.port2]);
  });
}

/**
 * On a sync event, asks the open FieldBid windows to send their outbox and waits for the answer.
 * With writes still waiting the promise rejects, so the browser schedules another sync later.
 * With no window open nothing is sent from here: the outbox is replayed when the app opens (the
 * design does not depend on Background Sync, which Safari lacks).
 */
export async function askClientsToFlushOutbox(clients: Clients): Promise<void> {
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  if (windows.length === 0) return;
  // Every window is asked; one holds the per-user send lock and does the work.
  const remaining = await Promise.any(windows.map(askOne));
  if (remaining > 0) throw new Error(`${remaining} writes still waiting`);
}
