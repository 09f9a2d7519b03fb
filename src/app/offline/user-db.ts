import type { PersistedClient } from '@tanstack/react-query-persist-client';
import Dexie, { type EntityTable } from 'dexie';

/** A server answer kept for the field: the JSON as the API sent it and when it was fetched. */
export interface CachedRow<K extends string | number = number> {
  id: K;
  data: unknown;
  /** Epoch ms of the network answer this row holds (shown as "last refreshed"). */
  savedAt: number;
}

/** A row that belongs to one maintenance request (bids, messages, conversation of a job). */
export interface RequestRow extends CachedRow {
  requestId: number;
}

/** A job the vendor keeps for the field: what was stored for it and how many bytes it takes. */
export interface KeptJob {
  requestId: number;
  title: string;
  keptAt: number;
  /** Photo URLs put into the kept-files cache (sw/sw.ts serves them before the bounded cache). */
  photoUrls: string[];
  /** Bytes of the JSON rows and photos kept for this job, measured when it was stored. */
  bytes: number;
  /**
   * The property whose documentation answer was kept with the job (a `lists` row, see
   * kept-documentation.ts); absent on jobs kept without it. Not indexed: no schema change.
   */
  documentationProjectId?: number;
  /** Layout images, pin photos and close-ups put into the kept-files cache for that documentation. */
  documentationUrls?: string[];
}

/**
 * A panorama photo hotspot. Keyed by its own id and indexed by the project and request it belongs to,
 * so the as-builts viewer and the request detail can join them without a schema rewrite; both are
 * optional until the panorama screens exist.
 */
export interface PanoramaHotspot {
  id: string;
  projectId: number | null;
  requestId: number | null;
  panoramaId: string;
  pitch: number;
  yaw: number;
  photoUrl: string;
  savedAt: number;
}

export type OutboxState = 'pending' | 'sending' | 'refused';

export interface OutboxRefusal {
  status: number;
  code: string | null;
  message: string;
  fieldErrors: Record<string, string[]>;
  /** The answer's body as sent, so a form can show the same error view as a direct call. */
  body?: unknown;
}

/** A multipart field that refers to a photo Blob waiting in `pendingPhotos`. */
export interface OutboxPhotoField {
  field: string;
  photoId: number;
}

/** One write waiting for the server's answer. `seq` is the order it was made in and is sent in. */
export interface OutboxItem {
  seq: number;
  /** Sent as Idempotency-Key; kept across every retry of the same body, new after an edit. */
  key: string;
  kind: OutboxKind;
  method: 'POST' | 'PUT' | 'PATCH';
  path: string;
  /** JSON body, or the plain fields of a multipart body when `photos` is set. */
  body: Record<string, unknown>;
  photos: OutboxPhotoField[];
  /** The request (job) the write belongs to, so its screen can show it as pending. */
  requestId: number | null;
  /** Short text for the Outbox view, e.g. "Bid on request #12". */
  label: string;
  state: OutboxState;
  attempts: number;
  /** Epoch ms before which the sender leaves it alone (backoff). */
  nextAttemptAt: number;
  createdAt: number;
  /** The last transient failure (network, 5xx), shown as the reason it is still waiting. */
  lastFailure: string | null;
  refusal: OutboxRefusal | null;
}

export type OutboxKind =
  | 'bid.create'
  | 'bid.update'
  | 'message.create'
  | 'request.create'
  /** The awarded vendor's "Mark as complete": a note plus completion photos (one lifecycle step). */
  | 'request.complete'
  /** The awarded vendor's steps of a job visit, each with the moment it was tapped (`at`). */
  | 'visit.on_my_way'
  | 'visit.arrived'
  /** "Left": a note, whether another visit is needed, and photos of the visit. */
  | 'visit.left'
  | 'photo.upload';

export interface PendingPhoto {
  id: number;
  /** The outbox item that uploads it (null while a form still holds it). */
  outboxKey: string | null;
  requestId: number | null;
  blob: Blob;
  name: string;
  width: number;
  height: number;
  createdAt: number;
}

/** The persisted TanStack Query client (one row, id 'client'); its answers are read back on restore. */
export interface PersistedQueryRow {
  id: string;
  client: PersistedClient;
  savedAt: number;
}

export const USER_DB_PREFIX = 'fieldbid-user-';

/** Tables that hold copies of server data; sign-out empties them (the outbox and photos stay). */
export const CACHE_TABLES = [
  'jobs',
  'requestDetails',
  'bids',
  'conversations',
  'messages',
  'notifications',
  'keptJobs',
  'panoramaHotspots',
  'queryCache',
  'lists',
] as const;

/**
 * The field database of ONE signed-in user (`fieldbid-user-<id>`): a second user on the same phone
 * opens another database, so neither the cache nor the queue of the first can reach them.
 * Every transaction is `strict` (Chromium's default is relaxed): a write in the outbox must survive a
 * power cut once the UI has called it saved.
 */
export class UserDb extends Dexie {
  jobs!: EntityTable<CachedRow, 'id'>;
  requestDetails!: EntityTable<CachedRow, 'id'>;
  bids!: EntityTable<RequestRow, 'id'>;
  conversations!: EntityTable<CachedRow, 'id'>;
  messages!: EntityTable<RequestRow, 'id'>;
  notifications!: EntityTable<CachedRow, 'id'>;
  keptJobs!: EntityTable<KeptJob, 'requestId'>;
  panoramaHotspots!: EntityTable<PanoramaHotspot, 'id'>;
  outbox!: EntityTable<OutboxItem, 'seq'>;
  pendingPhotos!: EntityTable<PendingPhoto, 'id'>;
  queryCache!: EntityTable<PersistedQueryRow, 'id'>;
  /** List answers (jobs, my bids, conversations, notifications), one row per query key hash. */
  lists!: EntityTable<CachedRow<string>, 'id'>;

  readonly userId: number;

  constructor(userId: number) {
    super(userDbName(userId), { chromeTransactionDurability: 'strict' });
    this.userId = userId;
    this.version(1).stores({
      jobs: 'id, savedAt',
      requestDetails: 'id, savedAt',
      bids: 'id, requestId',
      // Conversations are keyed by the request they are about (one per request and vendor).
      conversations: 'id, savedAt',
      messages: 'id, requestId',
      notifications: 'id, savedAt',
      keptJobs: 'requestId, keptAt',
      panoramaHotspots: 'id, projectId, requestId, panoramaId',
      outbox: '++seq, &key, state, requestId',
      pendingPhotos: '++id, outboxKey, requestId',
      queryCache: 'id',
    });
    // List answers are kept as they arrive rather than only in the throttled query-cache snapshot,
    // which a reload soon after a visit (or a busy phone) could miss.
    this.version(2).stores({ lists: 'id, savedAt' });
  }
}

export function userDbName(userId: number): string {
  return `${USER_DB_PREFIX}${userId}`;
}
