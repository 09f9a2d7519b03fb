import { newIdempotencyKey } from './idempotency-key.ts';
import type { OutboxItem, OutboxKind, OutboxPhotoField, OutboxRefusal, UserDb } from './user-db.ts';

export interface NewOutboxWrite {
  kind: OutboxKind;
  method: OutboxItem['method'];
  path: string;
  body: Record<string, unknown>;
  requestId?: number | null;
  label: string;
  /** Photos already in `pendingPhotos` (see photo-store.ts), sent as multipart fields. */
  photos?: OutboxPhotoField[];
}

/** Stores a write with its own Idempotency-Key. It is durable (strict transaction) when this resolves. */
export async function addOutboxItem(
  db: UserDb,
  write: NewOutboxWrite,
  now = Date.now(),
): Promise<OutboxItem> {
  const key = newIdempotencyKey();
  const photos = write.photos ?? [];
  return db.transaction('rw', db.outbox, db.pendingPhotos, async () => {
    const draft: Omit<OutboxItem, 'seq'> = {
      key,
      kind: write.kind,
      method: write.method,
      path: write.path,
      body: write.body,
      photos,
      requestId: write.requestId ?? null,
      label: write.label,
      state: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
      createdAt: now,
      lastFailure: null,
      refusal: null,
    };
    const seq = (await db.outbox.add(draft as OutboxItem)) as number;
    for (const photo of photos) await db.pendingPhotos.update(photo.photoId, { outboxKey: key });
    return { ...draft, seq };
  });
}

/** Every write in the order it was made. */
export function listOutbox(db: UserDb): Promise<OutboxItem[]> {
  return db.outbox.orderBy('seq').toArray();
}

/** The first write that still has to reach the server (a refused one waits for the user instead). */
export async function nextToSend(db: UserDb): Promise<OutboxItem | undefined> {
  return db.outbox
    .orderBy('seq')
    .filter((item) => item.state !== 'refused')
    .first();
}

export async function markSending(db: UserDb, seq: number): Promise<void> {
  await db.outbox.update(seq, { state: 'sending' });
}

/** The server answered 2xx: the write and its photos leave the device. */
export async function acknowledge(db: UserDb, item: OutboxItem): Promise<void> {
  await db.transaction('rw', db.outbox, db.pendingPhotos, async () => {
    const current = await db.outbox.get(item.seq);
    // Edited while in flight: the edit has a new key and still has to be sent.
    if (!current || current.key !== item.key) return;
    await db.outbox.delete(item.seq);
    await db.pendingPhotos.where('outboxKey').equals(item.key).delete();
  });
}

export async function recordRefusal(db: UserDb, item: OutboxItem, refusal: OutboxRefusal): Promise<void> {
  await db.outbox
    .where('key')
    .equals(item.key)
    .modify({ state: 'refused', refusal, attempts: item.attempts + 1 });
}

export async function recordTransientFailure(
  db: UserDb,
  item: OutboxItem,
  reason: string,
  nextAttemptAt: number,
): Promise<void> {
  await db.outbox
    .where('key')
    .equals(item.key)
    .modify({ state: 'pending', lastFailure: reason, attempts: item.attempts + 1, nextAttemptAt });
}

/** Back to "pending, due now" without sending (401 pause, or the sender was stopped). */
export async function releaseSending(db: UserDb, item: OutboxItem, reason: string | null): Promise<void> {
  await db.outbox.where('key').equals(item.key).modify({ state: 'pending', lastFailure: reason });
}

/** Due now: the network just came back or the user asked, so no one waits out an old backoff. */
export async function clearBackoff(db: UserDb): Promise<void> {
  await db.outbox.where('state').equals('pending').modify({ nextAttemptAt: 0 });
}

export class OutboxBusyError extends Error {
  override readonly name = 'OutboxBusyError';
  constructor() {
    super('This write is being sent right now; wait for its answer.');
  }
}

async function changeWaiting(
  db: UserDb,
  seq: number,
  change: (item: OutboxItem) => Partial<OutboxItem>,
): Promise<OutboxItem> {
  return db.transaction('rw', db.outbox, async () => {
    const item = await db.outbox.get(seq);
    if (!item) throw new Error('This write is no longer in the outbox.');
    if (item.state === 'sending') throw new OutboxBusyError();
    const changes = change(item);
    await db.outbox.update(seq, changes);
    return { ...item, ...changes };
  });
}

/** A write sent afresh: new key, due now, no history. */
function asNewWrite(): Partial<OutboxItem> {
  return {
    key: newIdempotencyKey(),
    state: 'pending',
    refusal: null,
    lastFailure: null,
    attempts: 0,
    nextAttemptAt: 0,
  };
}

/** A write under a new key; its photos follow it (acknowledge and discard find them by key). */
function rekey(
  db: UserDb,
  seq: number,
  change: (item: OutboxItem) => Partial<OutboxItem>,
): Promise<OutboxItem> {
  return db.transaction('rw', db.outbox, db.pendingPhotos, async () => {
    const before = await db.outbox.get(seq);
    const after = await changeWaiting(db, seq, change);
    if (before) await db.pendingPhotos.where('outboxKey').equals(before.key).modify({ outboxKey: after.key });
    return after;
  });
}

/**
 * Sends a refused write again. It gets a NEW key: the server keeps its refusal for the old key and
 * would only replay it.
 */
export function retryRefused(db: UserDb, seq: number): Promise<OutboxItem> {
  return rekey(db, seq, asNewWrite);
}

/** The user changed the body: a different body is a different write, so it gets a new key. */
export function editOutboxItem(db: UserDb, seq: number, body: Record<string, unknown>): Promise<OutboxItem> {
  return rekey(db, seq, () => ({ ...asNewWrite(), body }));
}

/** The user gave the write up (after a confirmation in the UI). */
export async function discardOutboxItem(db: UserDb, seq: number): Promise<void> {
  await db.transaction('rw', db.outbox, db.pendingPhotos, async () => {
    const item = await db.outbox.get(seq);
    if (!item) return;
    if (item.state === 'sending') throw new OutboxBusyError();
    await db.outbox.delete(seq);
    await db.pendingPhotos.where('outboxKey').equals(item.key).delete();
  });
}
