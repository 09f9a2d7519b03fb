import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { vendorThreadQueryOptions } from '#app/messages/api.ts';
import { keepJob, releaseJob } from '#app/offline/kept-jobs.ts';
import { closeUserSession, startUserSession } from '#app/offline/offline-session.ts';
import { requestDetailQueryOptions } from '#app/requests/api.ts';
import { gatherKeptJob } from '#app/requests/keep-job-gather.ts';
import { keptJobTitle } from '#app/requests/kept-job-title.ts';
import { accessQueryOptions, visitsQueryOptions } from '#app/requests/visits-api.ts';
import type { Message } from '#shared/message-schemas.ts';
import type { Access, VisitList } from '#shared/visit-schemas.ts';
import { requestDetailAnswer } from '../support/answer-fixtures.ts';
import { installMemoryLocalStorage } from './memory-local-storage.ts';

const storage = installMemoryLocalStorage();

const REQUEST_ID = 41;
const detail = requestDetailAnswer({
  id: REQUEST_ID,
  photos: [{ id: 1, url: '/api/files/requests/sink.jpg' }],
  completion: {
    note: '',
    photos: [{ id: 2, url: '/api/files/completions/done.jpg' }],
    vendor_completed_at: null,
    completed_at: null,
  },
});
const messages: Message[] = [
  {
    id: 900,
    request: REQUEST_ID,
    vendor: 7,
    content: 'Bring the long snake',
    sender_role: 'property_manager',
    sender_name: 'Pat Lee',
    created_at: '2025-01-02T10:00:00.000Z',
    photos: [],
  },
  {
    id: 901,
    request: REQUEST_ID,
    vendor: 7,
    content: 'The trap, from below',
    sender_role: 'vendor',
    sender_name: 'Sam Ortiz',
    created_at: '2025-01-02T10:05:00.000Z',
    photos: [
      { id: 3, url: '/api/files/messages/41/7/trap.jpg' },
      // The same file twice is kept once.
      { id: 4, url: '/api/files/requests/sink.jpg' },
    ],
  },
];

/** The server as the phone sees it: answering, or gone (fetch rejects as browsers do offline). */
function network(online: boolean): void {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    if (!online) throw new TypeError('Failed to fetch');
    const url = String(input);
    if (url.startsWith(`/api/requests/${REQUEST_ID}/`)) return Response.json(detail);
    if (url.startsWith('/api/messages/')) return Response.json(messages);
    return new Response(null, { status: 404 });
  });
}

/** What the detail and conversation screens get, read through their own query options. */
async function screens(queryClient: QueryClient) {
  return Promise.all([
    queryClient.fetchQuery({ ...requestDetailQueryOptions(String(REQUEST_ID)), retry: false }),
    queryClient.fetchQuery({ ...vendorThreadQueryOptions(REQUEST_ID), retry: false }),
  ]);
}

let nextUser = 7000;

beforeEach(() => {
  storage.clear();
  storage.set('token', 'token-k');
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await closeUserSession();
});

const visits: VisitList = {
  results: [
    {
      id: 3,
      request_id: REQUEST_ID,
      number: 1,
      purpose: 'repair',
      status: 'confirmed',
      proposed_by: 'vendor',
      windows: [{ date: '2025-01-03', start: '09:00', end: '11:00' }],
      starts_at: '2025-01-03T16:00:00.000Z',
      ends_at: '2025-01-03T18:00:00.000Z',
      time_zone: 'America/Denver',
      on_my_way_at: null,
      expected_arrival_at: null,
      arrived_at: null,
      arrival_distance_m: null,
      left_at: null,
      left_note: '',
      another_visit_needed: null,
      left_photos: [],
      minutes_on_site: null,
      allowed_actions: ['on_my_way', 'arrived'],
      calendar_url: '/api/visits/3/calendar.ics',
      history: [],
    },
  ],
};
const access: Access = {
  access_instructions: 'Lock box on the side gate, code 4321.',
  occupant_name: 'Dana',
  occupant_phone: '+1 303 555 0142',
  occupant_email: '',
  permission_to_enter: true,
  updated_at: '2025-01-02T09:00:00.000Z',
};

describe('a job kept for the field', () => {
  it("keeps the awarded job's visits and entry instructions for the detail's cards offline, until released", async () => {
    const session = await startUserSession(nextUser++, 'token-k');
    await keepJob({ requestId: REQUEST_ID, title: 'Plumbing #41', detail, messages, visits, access });

    network(false);
    const client = new QueryClient();
    expect(await client.fetchQuery({ ...visitsQueryOptions(REQUEST_ID), retry: false })).toEqual(visits);
    expect(await client.fetchQuery({ ...accessQueryOptions(REQUEST_ID), retry: false })).toEqual(access);

    await releaseJob(REQUEST_ID);
    expect(await session.db.lists.count()).toBe(0);
    await expect(
      new QueryClient().fetchQuery({ ...visitsQueryOptions(REQUEST_ID), retry: false }),
    ).rejects.toThrow();
  });

  it("is served offline to the detail and conversation screens from keepJob's rows alone", async () => {
    const session = await startUserSession(nextUser++, 'token-k');
    await keepJob({ requestId: REQUEST_ID, title: 'Plumbing #41', detail, messages });

    network(false);
    const [shownDetail, shownThread] = await screens(new QueryClient());
    expect(shownDetail).toEqual(detail);
    expect(shownThread).toEqual(messages);
    const kept = await session.db.keptJobs.get(REQUEST_ID);
    expect(kept?.title).toBe('Plumbing #41');
    expect(kept?.bytes).toBeGreaterThan(JSON.stringify(detail).length);
  });

  it('is gone from the device once released (offline, the screens have nothing to show)', async () => {
    const session = await startUserSession(nextUser++, 'token-k');
    await keepJob({ requestId: REQUEST_ID, title: 'Plumbing #41', detail, messages });
    await releaseJob(REQUEST_ID);

    expect(await session.db.keptJobs.count()).toBe(0);
    expect(await session.db.requestDetails.get(REQUEST_ID)).toBeUndefined();
    expect(await session.db.conversations.get(REQUEST_ID)).toBeUndefined();
    network(false);
    await expect(screens(new QueryClient())).rejects.toThrow();
  });

  it('gathers the detail, the thread and every stored photo (the thread’s too) through the screens’ queries', async () => {
    await startUserSession(nextUser++, 'token-k');
    network(true);
    const gathered = await gatherKeptJob(new QueryClient(), REQUEST_ID);
    expect(gathered.detail).toEqual(detail);
    expect(gathered.messages).toEqual(messages);
    expect(gathered.photoUrls).toEqual([
      '/api/files/requests/sink.jpg',
      '/api/files/completions/done.jpg',
      '/api/files/messages/41/7/trap.jpg',
    ]);
  });

  it('is listed by its type, number and the start of its description', () => {
    expect(keptJobTitle({ id: 41, description: '  Kitchen sink\n drains slowly ' }, 'Plumbing')).toBe(
      'Plumbing #41 · Kitchen sink drains slowly',
    );
    const long = keptJobTitle({ id: 5, description: 'x'.repeat(80) }, 'HVAC');
    expect(long).toBe(`HVAC #5 · ${'x'.repeat(47)}…`);
  });
});
