import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { boundedClient, MAX_KEPT_ANSWERS_OF_A_KIND } from '#app/offline/bounded-client.ts';
import { readPersistedClient } from '#app/offline/persisted-answers.ts';
import { keepsOnDevice, ownerOf } from '#app/offline/query-persister.ts';
import { requestDetailAnswer } from '../support/answer-fixtures.ts';

type DehydratedQuery = PersistedClient['clientState']['queries'][number];

function query(queryKey: unknown[], data: unknown, meta?: Record<string, unknown>): DehydratedQuery {
  return {
    queryKey,
    queryHash: JSON.stringify(queryKey),
    dehydratedAt: 1,
    state: {
      data,
      dataUpdateCount: 1,
      dataUpdatedAt: 1,
      error: null,
      errorUpdateCount: 0,
      errorUpdatedAt: 0,
      fetchFailureCount: 0,
      fetchFailureReason: null,
      fetchMeta: null,
      isInvalidated: false,
      status: 'success',
      fetchStatus: 'idle',
    },
    ...(meta ? { meta } : {}),
  };
}

function client(...queries: DehydratedQuery[]): PersistedClient {
  return { timestamp: 1, buster: 'fieldbid-1', clientState: { queries, mutations: [] } };
}

const signedIn = {
  isAuthenticated: true,
  user: {
    id: 7,
    email: 'vendor@demo.local',
    firstName: 'Val',
    lastName: 'Vendor',
    type: 'vendor',
    is_staff: false,
    is_superuser: false,
    client: null,
  },
};

afterEach(() => vi.restoreAllMocks());

describe('the query cache kept on the device', () => {
  it('keeps only successful answers of queries that name their schema', () => {
    const named = { state: { status: 'success' }, meta: { answer: 'requestDetail' } };
    expect(keepsOnDevice(named)).toBe(true);
    expect(keepsOnDevice({ state: { status: 'success' } })).toBe(false);
    expect(keepsOnDevice({ ...named, state: { status: 'error' } })).toBe(false);
  });

  it('reads every kept answer back through its schema', () => {
    const detail = requestDetailAnswer();
    const restored = readPersistedClient(
      client(
        query(['auth', 'status'], signedIn, { answer: 'authStatus' }),
        query(['requests', 'detail', '41'], detail, { answer: 'requestDetail' }),
      ),
    );
    expect(restored.clientState.queries.map((q) => q.state.data)).toEqual([signedIn, detail]);
    expect(ownerOf(restored)).toBe(7);
  });

  it('drops an answer that no longer matches (an older app kept it) and one without a name', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { allowed_actions: _dropped, ...olderDetail } = requestDetailAnswer();
    const restored = readPersistedClient(
      client(
        query(['auth', 'status'], signedIn, { answer: 'authStatus' }),
        query(['requests', 'detail', '41'], olderDetail, { answer: 'requestDetail' }),
        query(['admin', 'plans'], [{ id: 1 }]),
        query(['x'], {}, { answer: 'noSuchAnswer' }),
      ),
    );
    expect(restored.clientState.queries.map((q) => q.queryKey)).toEqual([['auth', 'status']]);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('names no owner without a signed-in auth-status answer', () => {
    expect(ownerOf(client())).toBeNull();
    expect(ownerOf(client(query(['auth', 'status'], { isAuthenticated: false, user: null })))).toBeNull();
  });

  it('keeps the newest answers of each kind only, the others in their order', () => {
    const page = (n: number, updatedAt: number) => {
      const kept = query(['requests', 'jobs', { page: n }], { count: 0, results: [] }, { answer: 'jobPage' });
      return { ...kept, state: { ...kept.state, dataUpdatedAt: updatedAt } };
    };
    const auth = query(['auth', 'status'], signedIn, { answer: 'authStatus' });
    // 30 pages, page 30 the oldest: pages 1–20 are the newest.
    const pages = Array.from({ length: 30 }, (_, index) => page(index + 1, 1_000 - index));
    // Not read through a schema here: only the bound is under test.
    const detail = query(['requests', 'detail', '5'], { id: 5 }, { answer: 'requestDetail' });
    const bounded = boundedClient(client(auth, ...pages, detail));
    const keys = bounded.clientState.queries.map((kept) => JSON.stringify(kept.queryKey));
    expect(MAX_KEPT_ANSWERS_OF_A_KIND).toBe(20);
    expect(keys).toEqual([
      JSON.stringify(['auth', 'status']),
      ...pages.slice(0, 20).map((kept) => JSON.stringify(kept.queryKey)),
      JSON.stringify(['requests', 'detail', '5']),
    ]);
    // Under the bound nothing changes.
    const small = client(auth, page(1, 5), detail);
    expect(boundedClient(small)).toBe(small);
  });
});
