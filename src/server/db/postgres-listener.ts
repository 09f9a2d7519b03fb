import pg from 'pg';
import type { Logger } from 'pino';
import type { Listener } from './database.ts';

const RECONNECT_DELAY_MS = 1_000;
// Short enough that fan-out and cache invalidation resume within seconds of the database's return.
const MAX_RECONNECT_DELAY_MS = 5_000;

/**
 * LISTEN on a dedicated connection (a pooled client would lose its LISTEN when released). When the
 * connection drops (a database restart), it reconnects with a growing delay; notifications sent
 * while it was away are lost, which the browser covers by polling while its stream is down.
 */
export async function listenOnPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  log: Pick<Logger, 'error'>,
  onReconnect?: () => void,
): Promise<Listener> {
  let client: pg.Client | null = null;
  let stopped = false;
  let delay = RECONNECT_DELAY_MS;
  let timer: NodeJS.Timeout | null = null;
  // Set when a connection is lost: notifications may have been missed until the next one listens.
  let lost = false;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    next.on('error', (error) => {
      log.error({ err: error }, 'real-time LISTEN connection failed; reconnecting');
      void next.end().catch(() => {});
      if (client === next) client = null;
      lost = true;
      scheduleReconnect();
    });
    await next.connect();
    // The channel is our own constant, quoted as an identifier: LISTEN takes no bound parameter.
    await next.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    if (stopped) {
      await next.end();
      return;
    }
    const reconnected = lost;
    client = next;
    lost = false;
    delay = RECONNECT_DELAY_MS;
    if (reconnected) onReconnect?.();
  };

  const scheduleReconnect = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      connect().catch((error: unknown) => {
        log.error({ err: error }, 'real-time LISTEN reconnect failed');
        delay = Math.min(delay * 2, MAX_RECONNECT_DELAY_MS);
        scheduleReconnect();
      });
    }, delay);
    timer.unref();
  };

  await connect();
  let barrier: Promise<void> = Promise.resolve();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
    // The listening backend sends notifications that were committed before a query reaches it
    // ahead of that query's answer, and pg emits them as it reads: one round trip is a barrier.
    // While reconnecting there is nothing to wait for (those notifications are lost anyway).
    sync() {
      // Without a connection this process's own notifications are lost too: whoever relies on
      // them (the session caches) must forget what it holds, as after a reconnect.
      if (client === null) {
        onReconnect?.();
        return barrier;
      }
      // One round trip at a time on this connection (pg would queue them, with a warning); each
      // caller's round trip is sent after its own commit, which is all a barrier needs.
      barrier = barrier.then(() => client?.query('select 1').then(() => undefined)).catch(() => {});
      return barrier;
    },
  };
}
