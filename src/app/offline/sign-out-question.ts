import { useSyncExternalStore } from 'react';
import type { OutboxItem } from './user-db.ts';

/** The open "writes are still waiting" question. Kept free of Dexie: the root mounts its host. */
export interface SignOutQuestion {
  items: OutboxItem[];
  answer: (signOut: boolean) => void;
}

let question: SignOutQuestion | null = null;
const listeners = new Set<() => void>();

function setQuestion(next: SignOutQuestion | null): void {
  question = next;
  for (const listener of listeners) listener();
}

export function useSignOutQuestion(): SignOutQuestion | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => question,
    () => null,
  );
}

/** Shows the waiting writes and resolves with the user's choice (true: sign out anyway). */
export function askBeforeSignOut(items: OutboxItem[]): Promise<boolean> {
  question?.answer(false);
  return new Promise<boolean>((resolve) => {
    setQuestion({
      items,
      answer: (signOut) => {
        setQuestion(null);
        resolve(signOut);
      },
    });
  });
}
