import type { FastifyBaseLogger } from 'fastify';
import type { UserRow } from '#server/auth/session-store.ts';
import type { ChangeFeed } from '#server/cache/change-feed.ts';
import type { Db } from '#server/db/database.ts';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { GroupCommit } from '#server/db/group-commit.ts';
import type { KeyClaim } from '#server/idempotency/key-claim.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import type { UploadedPhoto } from '#server/uploads/photo-upload.ts';
import type { Message } from '#shared/message-schemas.ts';
import {
  deleteStoredPhotos,
  insertMessagePhotos,
  photoLinks,
  storeMessagePhotos,
} from './message-photo-store.ts';
import { type MessageWrite, messageWrite, type Sent, sentMessage, writeMessages } from './message-send.ts';
import { markThreadRead, readThread } from './message-store.ts';
import { loadThreadAccess, type ThreadAccess } from './message-thread.ts';
import { ThreadAccessCache } from './thread-access-cache.ts';

/**
 * Threads and their messages behind one door, so the routes (message-routes.ts) are HTTP adapters:
 * who may take part in a thread (decided on every call from the row this process keeps,
 * thread-access-cache.ts), reading and marking it read, and sending, with the group commit of the
 * messages that arrive together (db/group-commit.ts) and the photos' files put before their rows.
 */
export interface MessageService {
  /**
   * The caller's access to the thread of `requestId` (and, for the managing side, `vendorId`), or the
   * refusal as an HttpError; `forWrite` reads the recipients of a message the caller writes too.
   * `cachesUsable` is the request's one wait for the change feed (cache/request-ready.ts).
   */
  access(
    cachesUsable: Promise<boolean>,
    user: UserRow,
    requestId: number,
    vendorId: number | undefined,
    forWrite?: boolean,
  ): Promise<ThreadAccess>;
  /** The thread's newest messages, oldest first; marks nothing read. */
  read(access: ThreadAccess): Promise<Message[]>;
  /** The other side's messages and the caller's notices of the thread marked read, in one transaction. */
  markRead(user: UserRow, access: ThreadAccess): Promise<number>;
  /**
   * A message written: on the service's own database in the next group-committed statement, in a
   * transaction `db` alone in it. With `claim`, the statement claims the Idempotency-Key and answers
   * null when the key was live.
   */
  send(
    db: DbOrTx,
    user: UserRow,
    access: ThreadAccess,
    content: string,
    claim?: KeyClaim,
  ): Promise<Message | null>;
  /** A message with photos, in the transaction `tx`: the files first, deleted again if the rows fail. */
  sendWithPhotos(
    tx: Db,
    user: UserRow,
    access: ThreadAccess,
    content: string,
    photos: readonly UploadedPhoto[],
  ): Promise<Message>;
}

export function createMessageService(
  db: Db,
  feed: ChangeFeed,
  files: FileStore,
  log: FastifyBaseLogger,
): MessageService {
  const threads = new ThreadAccessCache(feed, db);
  // Messages sent while one batch is written go together in the next (db/group-commit.ts): at most
  // two statements in flight, one running while the other commits. 64 keeps a statement's JSON
  // small (a message is at most 5,000 characters).
  const sends = new GroupCommit<MessageWrite, Sent>((writes) => writeMessages(db, writes), {
    maxBatch: 64,
    maxInFlight: 2,
    exclusiveKeys: ({ message }) => (message.key === null ? [] : [`${message.key_user} ${message.key}`]),
    onBatchFailure: (err, size) =>
      log.warn({ err, size }, 'POST message: a batch failed; each write is tried alone'),
  });

  return {
    access: (cachesUsable, user, requestId, vendorId, forWrite = false) =>
      loadThreadAccess(threads.rowFor(cachesUsable), user, requestId, vendorId, forWrite),

    read: (access) => readThread(db, access),

    markRead: (user, access) => db.transaction((tx) => markThreadRead(tx, user.id, access)),

    async send(target, user, access, content, claim) {
      const { write, unsent } = messageWrite(access, user, content, claim);
      const sent = target === db ? await sends.submit(write) : (await writeMessages(target, [write]))[0]!;
      return sentMessage(unsent, sent);
    },

    async sendWithPhotos(tx, user, access, content, photos) {
      const stored = await storeMessagePhotos(tx, files, access, photos);
      try {
        const { write, unsent } = messageWrite(access, user, content, undefined, photoLinks(stored));
        const [sent] = await writeMessages(tx, [write]);
        if (!sent) throw new Error('A message without an Idempotency-Key claim was not written.');
        await insertMessagePhotos(tx, sent.id, access, stored);
        const message = sentMessage(unsent, sent);
        if (!message) throw new Error('A written message has no answer.');
        return message;
      } catch (error) {
        // The rows roll back; nothing references these files.
        await deleteStoredPhotos(files, stored);
        throw error;
      }
    },
  };
}
