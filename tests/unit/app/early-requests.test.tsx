// @vitest-environment jsdom

import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useAuthStatus } from '#app/auth/api.ts';
import { apiRequest } from '#app/lib/api-client.ts';
import { preloadFirstPhoto, startEarlyRequests } from '#app/lib/early-requests.ts';
import { clearToken, setToken } from '#app/lib/token-store.ts';
import { useManagerDashboard, useWorkQueue } from '#app/manager/api.ts';
import { useUserProjects } from '#app/properties/api.ts';
import { requestDetailQueryOptions, useJobs } from '#app/requests/api.ts';
import { readJobsView } from '#app/requests/jobs-url-state.ts';
import { useVendorDashboard } from '#app/vendor/api.ts';
import { firstCallsOf } from '#shared/first-calls.ts';

// The calls main.tsx starts before the app's scripts are worth something only when they are
// exactly the URLs the screens then ask for: each screen's own query function is run here against a
// fetch that records URLs, and compared with firstCallsOf.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let requested: string[] = [];
const roots: Root[] = [];

beforeEach(() => {
  requested = [];
  // Never answers: only the URLs matter.
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      requested.push(url);
      return new Promise<Response>(() => {});
    }),
  );
  setToken('token-1');
});

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) =>
    link.getAttribute('href'),
  );

afterEach(() => {
  for (const link of document.head.querySelectorAll('link')) link.remove();
  act(() => {
    for (const root of roots.splice(0)) root.unmount();
  });
  clearToken();
  vi.unstubAllGlobals();
});

function renderCalls(element: ReactNode): string[] {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  requested = [];
  act(() => {
    const root = createRoot(document.createElement('div'));
    roots.push(root);
    root.render(<QueryClientProvider client={client}>{element}</QueryClientProvider>);
  });
  return requested.map((url) => url.replace(/^https?:\/\/[^/]+/, ''));
}

function Screen({ use }: { use: () => unknown }) {
  use();
  return null;
}

describe('early requests', () => {
  it('are the very calls of the guard, the frame and each screen they start for', () => {
    expect(renderCalls(<Screen use={useAuthStatus} />)).toEqual([firstCallsOf('/vendor/jobs', '')[0]]);
    expect(renderCalls(<Screen use={useUserProjects} />)).toEqual([firstCallsOf('/vendor/jobs', '')[1]]);
    expect(renderCalls(<Screen use={() => useJobs(readJobsView(new URLSearchParams()))} />)).toEqual([
      firstCallsOf('/vendor/jobs', '').at(-1),
    ]);
    expect(renderCalls(<Screen use={useVendorDashboard} />)).toEqual([
      firstCallsOf('/vendor/dashboard', '').at(-1),
    ]);
    expect(renderCalls(<Screen use={useManagerDashboard} />)).toEqual([
      firstCallsOf('/property-manager/dashboard', '').at(-2),
    ]);
    expect(renderCalls(<Screen use={useWorkQueue} />)).toEqual([
      firstCallsOf('/property-manager/dashboard', '').at(-1),
    ]);
    expect(renderCalls(<Screen use={() => useQuery(requestDetailQueryOptions('42'))} />)).toEqual([
      firstCallsOf('/vendor/requests/42', '').at(-1),
    ]);
  });

  it('leave filtered lists and other screens to the screen itself, and the admin area has no dropdown', () => {
    expect(firstCallsOf('/vendor/jobs', '?status=open')).toEqual([
      '/api/users/auth-status/',
      '/api/user/projects/',
    ]);
    expect(firstCallsOf('/vendor/bids', '')).toEqual(['/api/users/auth-status/', '/api/user/projects/']);
    expect(firstCallsOf('/admin', '')).toEqual(['/api/users/auth-status/']);
  });

  it('answer the API client once, and only for the token they were sent with', async () => {
    const answers: Array<() => Response> = [
      () => new Response(JSON.stringify({ n: 1 }), { headers: { 'Content-Type': 'application/json' } }),
      () => new Response(JSON.stringify({ n: 9 }), { headers: { 'Content-Type': 'application/json' } }),
      () => new Response(JSON.stringify({ n: 2 }), { headers: { 'Content-Type': 'application/json' } }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        requested.push(url);
        return answers.shift()!();
      }),
    );
    startEarlyRequests({ pathname: '/vendor/dashboard', search: '' });
    expect(requested).toEqual(['/api/users/auth-status/', '/api/user/projects/', '/api/vendor/dashboard/']);
    const schema = z.object({ n: z.number() });
    // The early answer, without a second fetch; then a fresh one.
    await expect(apiRequest('/api/users/auth-status/', { schema })).resolves.toEqual({ n: 1 });
    expect(requested).toHaveLength(3);
    answers.push(
      () => new Response(JSON.stringify({ n: 3 }), { headers: { 'Content-Type': 'application/json' } }),
    );
    await expect(apiRequest('/api/users/auth-status/', { schema })).resolves.toEqual({ n: 3 });
    expect(requested).toHaveLength(4);
    // Signed in as someone else since: the early answer is not theirs.
    setToken('token-2');
    answers.push(
      () => new Response(JSON.stringify({ n: 4 }), { headers: { 'Content-Type': 'application/json' } }),
    );
    await expect(apiRequest('/api/vendor/dashboard/', { schema })).resolves.toEqual({ n: 4 });
    expect(requested).toHaveLength(5);
  });

  it("preload a request's first photo from the detail's early answer, which the client still reads", async () => {
    const detail = {
      id: 42,
      photos: [
        { id: 7, url: '/api/files/first.png' },
        { id: 8, url: '/api/files/second.png' },
      ],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        requested.push(url);
        return new Response(JSON.stringify(url.includes('/api/requests/') ? detail : { n: 1 }), {
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    startEarlyRequests({ pathname: '/vendor/requests/42', search: '' });
    await vi.waitFor(() => expect(preloads()).toEqual(['/api/files/first.png']));
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="preload"]')!;
    expect([link.as, link.getAttribute('fetchpriority')]).toEqual(['image', 'high']);
    const schema = z.object({
      id: z.number(),
      photos: z.array(z.object({ id: z.number(), url: z.string() })),
    });
    await expect(apiRequest('/api/requests/42/', { schema })).resolves.toEqual(detail);
    expect(requested).toEqual(['/api/users/auth-status/', '/api/user/projects/', '/api/requests/42/']);
  });

  it('preload nothing for a request without photos or a refused detail', async () => {
    const answers = [
      new Response(JSON.stringify({ id: 1, photos: [] }), {
        headers: { 'Content-Type': 'application/json' },
      }),
      new Response(JSON.stringify({ detail: 'Not found.' }), { status: 404 }),
    ];
    const early: Array<Promise<Response>> = answers.map((answer) => Promise.resolve(answer));
    await Promise.all(early.map((response) => preloadFirstPhoto(response)));
    expect(preloads()).toEqual([]);
  });

  it('start nothing without a stored token', () => {
    clearToken();
    startEarlyRequests({ pathname: '/vendor/jobs', search: '' });
    expect(requested).toEqual([]);
  });
});
