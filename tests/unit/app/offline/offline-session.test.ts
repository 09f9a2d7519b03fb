import 'fake-indexeddb/auto';
import { hashKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { authKeys } from '#app/auth/api.ts';
import { networkError } from '#app/lib/api-error.ts';
import { lastRefreshedAt, listStore, offlineQueryFn, rowStore } from '#app/offline/offline-query.ts';
import {
  closeUserSession,
  currentSession,
  resumeSessionFromDevice,
  signOutOfflineSession,
  startUserSession,
} from '#app/offline/offline-session.ts';
import { addOutboxItem } from '#app/offline/outbox-store.ts';
import { apiTransport } from '#app/offline/outbox-transport.ts';
import { AUTH_STATUS_QUERY_HASH } from '#app/offline/query-persister.ts';
import { installMemoryLocalStorage } from './memory-local-storage.ts';

const storage = installMemoryLocalStorage();

let nextUser = 5000;
let userA: number;
let userB: number;

beforeEach(() => {
  userA = nextUser++;
  userB = nextUser++;
  storage.clear();
});

afterEach(async () => {
  await closeUserSession();
});

function queueMessage(db: NonNullable<ReturnType<typeof currentSession>>['db'], content: string) {
  return addOutboxItem(db, {
    kind: 'message.create',
    method: 'POST',
    path: '/api/messages/',
    body: { request: 3, content },
    requestId: 3,
    label: 'Message on request #3',
  });
}

describe('one field database per signed-in user', () => {
  it("a second user on the phone sees neither the first user's cache nor their queue", async () => {
    storage.set('token', 'token-a');
    const a = await startUserSession(userA, 'token-a');
    await queueMessage(a.db, 'from A');
    await a.db.requestDetails.put({ id: 3, data: { title: 'A job' }, savedAt: 1 });

    storage.set('token', 'token-b');
    const b = await startUserSession(userB, 'token-b');
    expect(currentSession()?.userId).toBe(userB);
    expect(await b.db.outbox.count()).toBe(0);
    expect(await b.db.requestDetails.count()).toBe(0);
    // A's database was closed with A's session.
    expect(a.db.isOpen()).toBe(false);
  });

  it("A's queued writes are never sent with B's token", async () => {
    storage.set('token', 'token-b');
    const outcome = await apiTransport('token-a')({
      method: 'POST',
      path: '/api/messages/',
      idempotencyKey: 'k',
      body: { content: 'from A' },
      files: [],
    });
    expect(outcome).toEqual({ kind: 'unauthorized' });
  });

  it('opens the right database at start-up only for the token it was signed in with', async () => {
    storage.set('token', 'token-a');
    await startUserSession(userA, 'token-a');
    await closeUserSession();

    expect((await resumeSessionFromDevice())?.userId).toBe(userA);
    await closeUserSession();

    storage.set('token', 'someone-elses-token');
    expect(await resumeSessionFromDevice()).toBeNull();
  });

  it('sign-out empties the cached data but keeps the queue for the same user', async () => {
    storage.set('token', 'token-a');
    const a = await startUserSession(userA, 'token-a');
    await queueMessage(a.db, 'still mine');
    await a.db.jobs.put({ id: 1, data: {}, savedAt: 1 });
    await a.db.queryCache.put({
      id: 'client',
      client: { timestamp: 1, buster: '', clientState: { queries: [], mutations: [] } },
      savedAt: 1,
    });

    await signOutOfflineSession();
    expect(currentSession()).toBeNull();
    expect(await resumeSessionFromDevice()).toBeNull();

    const again = await startUserSession(userA, 'token-a2');
    expect(await again.db.jobs.count()).toBe(0);
    expect(await again.db.queryCache.count()).toBe(0);
    expect((await again.db.outbox.toArray()).map((i) => i.body.content)).toEqual(['still mine']);
  });
});

describe('queries served from IndexedDB when the network does not answer', () => {
  const queryKey = ['requests', 'detail', 3];
  const signal = new AbortController().signal;
  // TanStack passes more context; these tests need only the key and the signal.
  const context = { queryKey, signal } as unknown as Parameters<ReturnType<typeof offlineQueryFn>>[0];

  const titled = z.object({ title: z.string() });
  const page = z.object({ results: z.array(z.string()) });

  it('keeps each answer and serves it offline with the time it was fetched', async () => {
    storage.set('token', 'token-a');
    const session = await startUserSession(userA, 'token-a');
    const online = offlineQueryFn(
      async () => ({ title: 'Leaking tap' }),
      rowStore(titled, 'requestDetails', 3),
    );
    expect(await online(context)).toEqual({ title: 'Leaking tap' });
    const saved = await session.db.requestDetails.get(3);
    expect(saved?.data).toEqual({ title: 'Leaking tap' });

    const offline = offlineQueryFn(
      async () => {
        throw networkError(new TypeError('Failed to fetch'));
      },
      rowStore(titled, 'requestDetails', 3),
    );
    expect(await offline(context)).toEqual({ title: 'Leaking tap' });
    expect(lastRefreshedAt(queryKey, Date.now())).toBe(saved?.savedAt);
  });

  it('does not serve a kept copy that no longer matches its schema (kept by an older app)', async () => {
    storage.set('token', 'token-a');
    const session = await startUserSession(userA, 'token-a');
    await session.db.requestDetails.put({ id: 3, data: { heading: 'Leaking tap' }, savedAt: 1 });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const offline = offlineQueryFn(
      async () => {
        throw networkError(new TypeError('Failed to fetch'));
      },
      rowStore(titled, 'requestDetails', 3),
    );
    await expect(offline(context)).rejects.toMatchObject({ status: 0 });
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('keeps each page of a list under its own key and serves that page offline', async () => {
    storage.set('token', 'token-a');
    const session = await startUserSession(userA, 'token-a');
    const pageKey = (page: number) => ['requests', 'jobs', { page }];
    const at = (page: number) =>
      ({ queryKey: pageKey(page), signal }) as unknown as Parameters<ReturnType<typeof offlineQueryFn>>[0];
    for (const pageNumber of [1, 2]) {
      await offlineQueryFn(
        async () => ({ results: [`job on page ${pageNumber}`] }),
        listStore(page, pageKey(pageNumber)),
      )(at(pageNumber));
    }
    expect(await session.db.lists.count()).toBe(2);

    const noNetwork = async () => {
      throw networkError(new TypeError('Failed to fetch'));
    };
    expect(await offlineQueryFn(noNetwork, listStore(page, pageKey(2)))(at(2))).toEqual({
      results: ['job on page 2'],
    });
    await expect(offlineQueryFn(noNetwork, listStore(page, pageKey(3)))(at(3))).rejects.toThrow();
    // Sign-out empties the kept lists with the other copies of server data.
    await signOutOfflineSession();
    const reopened = await startUserSession(userA, 'token-a');
    expect(await reopened.db.lists.count()).toBe(0);
  });

  it('passes real server errors through (a 404 is not "offline")', async () => {
    storage.set('token', 'token-a');
    const session = await startUserSession(userA, 'token-a');
    await session.db.requestDetails.put({ id: 3, data: { title: 'old' }, savedAt: 1 });
    const failing = offlineQueryFn(
      async () => {
        throw new Error('Request not found.');
      },
      rowStore(titled, 'requestDetails', 3),
    );
    await expect(failing(context)).rejects.toThrow('Request not found.');
  });

  it('the persister recognises the auth-status query by its hash', () => {
    expect(hashKey(authKeys.status())).toBe(AUTH_STATUS_QUERY_HASH);
  });
});
