import type { Database } from '#server/db/database.ts';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The same database as a process whose LISTEN connection is slow (a busy machine, a congested
 * link): everything that connection receives, the notices and the answers to its round trips alike,
 * arrives `delayMs` late and in the order it was sent, as over a slow socket. Only the listener is
 * slowed; every query of the app goes through the shared pool at full speed.
 */
export function withSlowListener(database: Database, delayMs: number): Database {
  return {
    ...database,
    async listen(channel, onPayload, onReconnect) {
      // Timers of one delay fire in the order they were set: a notice received before a round
      // trip's answer is still handed over before that answer.
      const listener = await database.listen(
        channel,
        (payload) => setTimeout(() => onPayload(payload), delayMs),
        onReconnect,
      );
      return {
        stop: () => listener.stop(),
        sync: () => listener.sync().then(() => sleep(delayMs)),
      };
    },
  };
}
