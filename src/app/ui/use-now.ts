import { useSyncExternalStore } from 'react';
import { pinnedNow } from '#shared/date-display.ts';

/**
 * The clock the screens' relative times ("5 minutes ago") count from. It moves in steps of TICK, so
 * two reads within a step agree (useSyncExternalStore compares them), and one shared timer moves
 * every reader at once.
 */
const TICK = 15_000;
const current = () => Math.floor(Date.now() / TICK) * TICK;

const readers = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribe(onTick: () => void): () => void {
  readers.add(onTick);
  timer ??= setInterval(() => {
    for (const reader of readers) reader();
  }, TICK);
  return () => {
    readers.delete(onTick);
    if (readers.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/**
 * The moment relative times count from. While the browser hydrates a page the server rendered, it is
 * the server's render time (React reads the server snapshot for every part it hydrates, those that
 * hydrate after the first commit included), so both write the same words; React then renders again
 * with the clock.
 */
export function useNow(): number {
  return useSyncExternalStore(subscribe, current, () => pinnedNow() ?? current());
}
