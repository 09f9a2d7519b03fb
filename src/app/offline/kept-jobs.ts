import { hashKey } from '@tanstack/react-query';
import type { z } from 'zod';
import type { projectDocumentationSchema } from '#shared/documentation-responses.ts';
import type { Message } from '#shared/message-schemas.ts';
import { KEPT_FILES_CACHE } from '#shared/offline-caches.ts';
import type { RequestDetail } from '#shared/request-responses.ts';
import type { Access, VisitList } from '#shared/visit-schemas.ts';
import { keepAppOffline } from './app-offline.ts';
import { documentationStore, keptDocumentationKey } from './kept-documentation.ts';
import { accessStore, keptAccessKey, keptVisitsKey, visitsStore } from './kept-visits.ts';
import { currentSession } from './offline-session.ts';
import type { KeptJob, RequestRow, UserDb } from './user-db.ts';

/** What a screen hands over when the vendor keeps a job for the field. */
export interface KeepJobInput {
  requestId: number;
  title: string;
  /** The request detail as the API answered it. */
  detail: RequestDetail;
  /** The vendor's own thread on the request. */
  messages?: Message[];
  /** Same-origin photo URLs (`/api/files/...`) to keep with the job. */
  photoUrls?: string[];
  /**
   * The property's documentation, when the vendor may read it (the job's `documentation_available`):
   * the answer the vendor documentation screen reads offline and the images it shows.
   */
  documentation?: KeptDocumentationInput;
  /** The job's visits (GET /api/requests/{id}/visits/), for the awarded vendor on site. */
  visits?: VisitList;
  /** How to get in (GET /api/requests/{id}/access/), for the awarded vendor on site. */
  access?: Access;
}

export interface KeptDocumentationInput {
  projectId: number;
  /** GET /api/projects/{id}/documentation/ as the API answered it. */
  data: z.infer<typeof projectDocumentationSchema>;
  /** Same-origin image URLs (`/api/files/...`): layouts, pin photos, close-ups. */
  imageUrls: string[];
}

export interface KeepJobResult {
  kept: KeptJob;
  /** Whether the browser agreed to keep this site's storage under pressure (navigator.storage.persist). */
  persistent: boolean;
  /** Photos that could not be fetched now (offline or gone); the job is kept without them. */
  missingPhotos: string[];
}

function jsonBytes(value: unknown): number {
  return new Blob([JSON.stringify(value ?? null)]).size;
}

/** Asks the browser not to evict this site's storage; false when it says no or cannot. */
export async function askPersistentStorage(): Promise<boolean> {
  try {
    if (!navigator.storage?.persist) return false;
    if (await navigator.storage.persisted()) return true;
    return await navigator.storage.persist();
  } catch {
    return false;
  }
}

/** Downloads at once: a phone on a slow link waits on round trips, not bandwidth, for these files. */
const KEEP_CONCURRENCY = 4;

async function keepPhotos(urls: string[]): Promise<{ bytes: number; missing: string[] }> {
  if (typeof caches === 'undefined' || urls.length === 0) return { bytes: 0, missing: urls };
  const cache = await caches.open(KEPT_FILES_CACHE);
  let bytes = 0;
  const missing: string[] = [];
  // Sizes are read before they are added: `bytes += await …` would add to a total read before the
  // wait, losing what the other downloads added meanwhile.
  const keepOne = async (url: string) => {
    try {
      const response = await fetch(url, { credentials: 'include' });
      if (!response.ok) throw new Error(String(response.status));
      const size = (await response.clone().blob()).size;
      bytes += size;
      await cache.put(url, response);
    } catch {
      const kept = await cache.match(url);
      if (!kept) {
        missing.push(url);
        return;
      }
      const size = (await kept.blob()).size;
      bytes += size;
    }
  };
  const queue = [...urls];
  const downloader = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) await keepOne(url);
  };
  await Promise.all(Array.from({ length: Math.min(KEEP_CONCURRENCY, urls.length) }, downloader));
  return { bytes, missing };
}

function requireDb(): UserDb {
  const session = currentSession();
  if (!session) throw new Error('Sign in to keep jobs on this device.');
  return session.db;
}

/**
 * Keeps a job for the field: its detail, conversation and photos stay on the phone (IndexedDB and
 * the kept-files cache the service worker serves first), and the browser is asked for persistent
 * storage so it does not evict them under pressure. The job is kept (its row written, which the
 * "Kept offline" button reads) only once the screens that open it are stored too: a first visit
 * precaches only the shell, and the vendor's screens follow after sign-in.
 */
export async function keepJob(input: KeepJobInput): Promise<KeepJobResult> {
  const db = requireDb();
  // Without the app's screens on the phone the kept data would not open offline.
  if ((await keepAppOffline('vendor', { remember: false })) === 'incomplete') {
    throw new Error('The app could not be stored for offline use. Try again with a connection.');
  }
  const savedAt = Date.now();
  const messages = input.messages ?? [];
  const photoUrls = [...new Set(input.photoUrls ?? [])];
  const photos = await keepPhotos(photoUrls);
  const documentation = input.documentation;
  const documentationUrls = [...new Set(documentation?.imageUrls ?? [])];
  const images = await keepPhotos(documentationUrls);
  const kept: KeptJob = {
    requestId: input.requestId,
    title: input.title,
    keptAt: savedAt,
    photoUrls: photoUrls.filter((url) => !photos.missing.includes(url)),
    bytes:
      jsonBytes(input.detail) +
      jsonBytes(messages) +
      photos.bytes +
      jsonBytes(input.visits) +
      jsonBytes(input.access) +
      (documentation ? jsonBytes(documentation.data) + images.bytes : 0),
    ...(documentation
      ? {
          documentationProjectId: documentation.projectId,
          documentationUrls: documentationUrls.filter((url) => !images.missing.includes(url)),
        }
      : {}),
  };
  const tables = [db.requestDetails, db.conversations, db.messages, db.keptJobs, db.lists];
  await db.transaction('rw', tables, async () => {
    // The rows offlineQueryFn reads (rowStore): the detail by request id, and the vendor's own thread
    // as one row of the conversations table keyed by the request (src/app/messages/api.ts).
    await db.requestDetails.put({ id: input.requestId, data: input.detail, savedAt });
    await db.conversations.put({ id: input.requestId, data: messages, savedAt });
    await db.messages.bulkPut(
      messages.map(
        (message): RequestRow => ({ id: message.id, requestId: input.requestId, data: message, savedAt }),
      ),
    );
    // The row the vendor documentation screen's offlineQueryFn reads (documentationStore).
    if (documentation)
      await documentationStore(documentation.projectId).save(db, documentation.data, savedAt);
    // The rows the detail's visits and entry cards read offline (kept-visits.ts).
    if (input.visits) await visitsStore(input.requestId).save(db, input.visits, savedAt);
    if (input.access) await accessStore(input.requestId).save(db, input.access, savedAt);
    await db.keptJobs.put(kept);
  });
  const persistent = await askPersistentStorage();
  return { kept, persistent, missingPhotos: [...photos.missing, ...images.missing] };
}

/**
 * Frees what a kept job holds: its detail, messages, visits and entry instructions, and the photos and property documentation
 * no other kept job uses (two jobs on one property share its documentation; properties may share a
 * plan image).
 */
export async function releaseJob(requestId: number): Promise<void> {
  const db = requireDb();
  const job = await db.keptJobs.get(requestId);
  if (!job) return;
  const others = (await db.keptJobs.toArray()).filter((k) => k.requestId !== requestId);
  const stillUsed = new Set(others.flatMap((k) => [...k.photoUrls, ...(k.documentationUrls ?? [])]));
  if (typeof caches !== 'undefined') {
    const cache = await caches.open(KEPT_FILES_CACHE);
    for (const url of [...job.photoUrls, ...(job.documentationUrls ?? [])])
      if (!stillUsed.has(url)) await cache.delete(url);
  }
  const projectId = job.documentationProjectId;
  const dropDocumentation =
    projectId !== undefined && !others.some((k) => k.documentationProjectId === projectId);
  const tables = [db.requestDetails, db.conversations, db.messages, db.keptJobs, db.lists];
  await db.transaction('rw', tables, async () => {
    if (dropDocumentation) await db.lists.delete(hashKey(keptDocumentationKey(projectId)));
    await db.lists.bulkDelete([hashKey(keptVisitsKey(requestId)), hashKey(keptAccessKey(requestId))]);
    await db.keptJobs.delete(requestId);
    await db.requestDetails.delete(requestId);
    await db.conversations.delete(requestId);
    await db.messages.where('requestId').equals(requestId).delete();
  });
}

export interface StorageUse {
  usage: number | null;
  quota: number | null;
  persistent: boolean;
}

export async function storageUse(): Promise<StorageUse> {
  try {
    const [estimate, persistent] = await Promise.all([
      navigator.storage?.estimate?.() ?? Promise.resolve(undefined),
      navigator.storage?.persisted?.() ?? Promise.resolve(false),
    ]);
    return { usage: estimate?.usage ?? null, quota: estimate?.quota ?? null, persistent };
  } catch {
    return { usage: null, quota: null, persistent: false };
  }
}

/** "1.4 MB", "820 KB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${(bytes / (1024 * 1024 * 1024)).toFixed(1)} GB`;
}
