import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
});
