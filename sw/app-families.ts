/// <reference lib="webworker" />

import {
  APP_FAMILIES_CACHE,
  type AppFamily,
  type FamilyManifestEntry,
  isSignedInRole,
  ROLE_FAMILIES,
  type SignedInRole,
} from '#shared/app-families.ts';
import { SESSION_CACHE } from '#shared/offline-caches.ts';

/**
 * The signed-in families' files (src/shared/app-families.ts): a first visit precaches only the
 * shell; the page tells the worker which role is signed in, and the worker stores that role's files
 * in a cache of its own. A new build stores the remembered role's files while it installs, so the
 * update never leaves a signed-in device without its screens offline.
 */
export interface AppFamilies {
  /** What the first visit precaches (workbox's list). */
  firstVisit: Array<{ url: string; revision: string | null }>;
  /**
   * Stores a role's files (those not stored yet); true once every one is. `remember` makes it the
   * role the installed app starts with.
   */
  keep(role: SignedInRole, remember: boolean): Promise<boolean>;
  /** Whether a request asks for a family's file (a same-origin GET of its path). */
  owns(request: Request): boolean;
  /** The stored copy of a family's file, else the network's answer (stored when fine). */
  serve(request: Request): Promise<Response>;
  /** Drops files of other builds from the cache. */
  prune(): Promise<void>;
}

/** The role remembered for the installed app's start and a new build's install. */
const ROLE_KEY = '/__fieldbid/signed-in-role';
/** Downloads at once while storing a family. */
const CONCURRENCY = 6;

export async function rememberedRole(): Promise<SignedInRole | null> {
  const cache = await caches.open(SESSION_CACHE);
  const answer = await cache.match(ROLE_KEY);
  if (!answer) return null;
  const role: unknown = await answer.json().catch(() => null);
  return isSignedInRole(role) ? role : null;
}

async function rememberRole(role: SignedInRole): Promise<void> {
  const cache = await caches.open(SESSION_CACHE);
  await cache.put(
    ROLE_KEY,
    new Response(JSON.stringify(role), { headers: { 'content-type': 'application/json' } }),
  );
}

/**
 * @param manifest the build's list (self.__WB_MANIFEST); entries naming `families` wait for a role.
 * @param ignoredParams query parameters a request's URL may carry that its file ignores (`?v=`).
 */
export function appFamilies(
  manifest: Array<FamilyManifestEntry | string>,
  origin: string,
  ignoredParams: RegExp[],
): AppFamilies {
  const firstVisit: AppFamilies['firstVisit'] = [];
  /** Path → the cache key of its current version, and the families it belongs to. */
  const later = new Map<
    string,
    { key: string; url: string; revision: string | null; families: AppFamily[] }
  >();
  for (const entry of manifest) {
    if (typeof entry === 'string') {
      firstVisit.push({ url: entry, revision: null });
      continue;
    }
    if (!entry.families) {
      firstVisit.push({ url: entry.url, revision: entry.revision });
      continue;
    }
    const url = new URL(entry.url, origin);
    const key = new URL(url);
    if (entry.revision !== null) key.searchParams.set('__revision', entry.revision);
    later.set(url.pathname, {
      key: key.href,
      url: url.href,
      revision: entry.revision,
      families: entry.families,
    });
  }

  const filesOf = (role: SignedInRole) => {
    const families = ROLE_FAMILIES[role];
    return [...later.values()].filter((file) => file.families.some((family) => families.includes(family)));
  };

  const fileFor = (request: Request) => {
    if (request.method !== 'GET') return null;
    const url = new URL(request.url);
    if (url.origin !== origin) return null;
    const file = later.get(url.pathname);
    if (!file) return null;
    const onlyIgnored = [...url.searchParams.keys()].every((name) =>
      ignoredParams.some((pattern) => pattern.test(name)),
    );
    return onlyIgnored ? file : null;
  };

  const running = new Map<SignedInRole, Promise<boolean>>();
  const store = async (role: SignedInRole): Promise<boolean> => {
    const cache = await caches.open(APP_FAMILIES_CACHE);
    const stored = new Set((await cache.keys()).map((request) => request.url));
    const queue = filesOf(role).filter((file) => !stored.has(file.key));
    let complete = true;
    const download = async () => {
      for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
        try {
          // A file with a revision has a stable name: ask the server, not the browser's HTTP cache.
          const answer = await fetch(file.url, { cache: file.revision === null ? 'default' : 'no-cache' });
          if (!answer.ok) throw new Error(String(answer.status));
          await cache.put(file.key, answer);
        } catch {
          complete = false;
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, download));
    return complete;
  };

  return {
    firstVisit,
    async keep(role, remember) {
      if (remember) await rememberRole(role);
      const pending = running.get(role);
      if (pending) return pending;
      const storing = store(role).finally(() => running.delete(role));
      running.set(role, storing);
      return storing;
    },
    owns(request) {
      return fileFor(request) !== null;
    },
    async serve(request) {
      const file = fileFor(request);
      if (!file) return fetch(request);
      const cache = await caches.open(APP_FAMILIES_CACHE);
      const stored = await cache.match(file.key);
      if (stored) return stored;
      const answer = await fetch(request);
      if (answer.ok) await cache.put(file.key, answer.clone()).catch(() => undefined);
      return answer;
    },
    async prune() {
      const cache = await caches.open(APP_FAMILIES_CACHE);
      const current = new Set([...later.values()].map((file) => file.key));
      for (const request of await cache.keys()) if (!current.has(request.url)) await cache.delete(request);
    },
  };
}
