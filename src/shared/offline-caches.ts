/**
 * Cache Storage names shared by the service worker (sw/sw.ts) and the page (sign-out empties them,
 * "take a job offline" fills the kept one).
 */
export const FILES_CACHE = 'fieldbid-files';
/** Photos of jobs the vendor keeps for the field: not subject to the files cache's size bound. */
export const KEPT_FILES_CACHE = 'fieldbid-kept-files';
/**
 * The signed-in role the service worker serves (sw/app-families.ts): the installed app's start opens
 * its home, and a new build stores its files. Forgotten at sign-out with the user's files.
 */
export const SESSION_CACHE = 'fieldbid-session';
/** Every cache that may hold a signed-in user's files. */
export const USER_CACHES = [FILES_CACHE, KEPT_FILES_CACHE, SESSION_CACHE] as const;
/** Entries of the bounded files cache (photos, layouts, panoramas) before the oldest go. */
export const FILES_CACHE_MAX_ENTRIES = 250;
export const FILES_CACHE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** The Background Sync tag of the outbox. */
export const OUTBOX_SYNC_TAG = 'fieldbid-outbox';

/** Messages between the page and the service worker. */
export const SW_MESSAGES = {
  skipWaiting: 'SKIP_WAITING',
  clearUserCaches: 'CLEAR_USER_CACHES',
  /** Sent by the worker on a Background Sync event: "send your outbox now". */
  flushOutbox: 'OUTBOX_FLUSH',
} as const;

/** The path prefix of stored files (photos, layouts, panoramas): `/api/files/<storage key>`. */
export const FILES_PATH_PREFIX = '/api/files/';
