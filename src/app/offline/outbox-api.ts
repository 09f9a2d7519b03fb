import { currentSession, onWriteDeferred, onWriteSettled, requestBackgroundSync } from './offline-session.ts';
import type { SendOutcome } from './outbox-outcome.ts';
import { addOutboxItem, discardOutboxItem, type NewOutboxWrite } from './outbox-store.ts';
import type { OutboxItem, OutboxRefusal } from './user-db.ts';

export type { NewOutboxWrite } from './outbox-store.ts';

export class NoOfflineSessionError extends Error {
  override readonly name = 'NoOfflineSessionError';
  constructor() {
    super('Sign in to save this.');
  }
}

/**
 * Queues a write (bid, message, request photos) for the signed-in user and starts sending. It shows
 * in the UI as pending at once (useOutboxItems); it leaves the outbox only with the server's answer.
 */
export async function enqueueWrite(write: NewOutboxWrite): Promise<OutboxItem> {
  const session = currentSession();
  if (!session) throw new NoOfflineSessionError();
  const item = await addOutboxItem(session.db, write);
  void requestBackgroundSync();
  void session.sender.flush();
  return item;
}

export type SubmitResult =
  | { status: 'sent'; body: unknown; item: OutboxItem }
  | { status: 'refused'; refusal: OutboxRefusal; item: OutboxItem }
  | { status: 'queued'; item: OutboxItem };

/** How long a form waits for the server before it tells the user the write is queued. */
const FORM_WAIT_MS = 8_000;

function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/**
 * The way a screen's `api.ts` sends a replayable write: through the outbox, waiting a little for the
 * answer while online so the form can show success or the server's field errors as usual.
 * - answered 2xx: `sent` with the body;
 * - refused while the form waits: `refused` with the reason, and the write leaves the outbox (the
 *   form shows the reason where the user typed it);
 * - no answer yet (offline, server down, slow): `queued`; the outbox keeps it, marked pending,
 *   and a later refusal stays in the Outbox view with its reason.
 */
export async function submitThroughOutbox(
  write: NewOutboxWrite,
  waitMs = FORM_WAIT_MS,
): Promise<SubmitResult> {
  const session = currentSession();
  if (!session) throw new NoOfflineSessionError();
  let resolveOutcome: (outcome: SendOutcome | null) => void = () => {};
  const outcome = new Promise<SendOutcome | null>((resolve) => {
    resolveOutcome = resolve;
  });
  let key: string | null = null;
  const early: Array<[string, SendOutcome]> = [];
  const listen = (item: OutboxItem, result: SendOutcome) => {
    if (key === null) early.push([item.key, result]);
    else if (item.key === key) resolveOutcome(result);
  };
  const stopSettled = onWriteSettled(listen);
  const stopDeferred = onWriteDeferred(listen);
  const timer = setTimeout(() => resolveOutcome(null), isOnline() ? waitMs : 0);
  try {
    const item = await enqueueWrite(write);
    key = item.key;
    const seen = early.find(([k]) => k === item.key);
    if (seen) resolveOutcome(seen[1]);
    const result = await outcome;
    if (result?.kind === 'acknowledged') return { status: 'sent', body: result.body, item };
    if (result?.kind === 'refused') {
      await discardOutboxItem(session.db, item.seq).catch(() => undefined);
      return { status: 'refused', refusal: result.refusal, item };
    }
    return { status: 'queued', item };
  } finally {
    clearTimeout(timer);
    stopSettled();
    stopDeferred();
  }
}
