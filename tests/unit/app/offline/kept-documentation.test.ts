import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { vendorDocumentationQueryOptions } from '#app/asbuilds/api.ts';
import { documentationImageUrls } from '#app/asbuilds/documentation-images.ts';
import { keepJob, releaseJob } from '#app/offline/kept-jobs.ts';
import { closeUserSession, startUserSession } from '#app/offline/offline-session.ts';
import { gatherKeptJob } from '#app/requests/keep-job-gather.ts';
import type { DocumentationPhotoView, ProjectDocumentation } from '#shared/documentation.ts';
import { KEPT_FILES_CACHE } from '#shared/offline-caches.ts';
import { requestDetailAnswer } from '../support/answer-fixtures.ts';
import { installMemoryLocalStorage } from './memory-local-storage.ts';

const storage = installMemoryLocalStorage();

const PROJECT_ID = 12;
const REQUEST_ID = 41;
const OTHER_REQUEST_ID = 42;

function photo(id: number, url: string, hotspots: string[] = []): DocumentationPhotoView {
  return {
    id,
    url,
    caption: '',
    is_360: hotspots.length > 0,
    x: 0.5,
    y: 0.5,
    unit: null,
    taken_at: null,
    hotspots: hotspots.map((hotspotUrl, index) => ({
      id: id * 10 + index,
      pitch: 0,
      yaw: 0,
      url: hotspotUrl,
      caption: '',
    })),
  };
}

const documentation: ProjectDocumentation = {
  project: { id: PROJECT_ID, name: 'Cherry Creek', address: '2 Creek Rd' },
  layouts: [
    {
      id: 1,
      name: 'Level 1',
      url: '/api/files/layouts/plan.png',
      content_type: 'image/png',
      width_px: 1200,
      height_px: 800,
      feet_per_pixel: 0.1,
      photos: [
        photo(1, '/api/files/photos/wall-360.png', [
          '/api/files/photos/close-a.png',
          '/api/files/photos/close-b.png',
        ]),
        // The same close-up under two pins is kept once.
        photo(2, '/api/files/photos/wall.png', ['/api/files/photos/close-a.png']),
      ],
      polygons: [],
    },
    {
      id: 2,
      name: 'Level 2',
      // Properties and layouts may share a plan image.
      url: '/api/files/layouts/plan.png',
      content_type: 'image/png',
      width_px: 1200,
      height_px: 800,
      feet_per_pixel: null,
      photos: [photo(3, 'https://elsewhere.example/photo.png')],
      polygons: [],
    },
  ],
  drone_photos: [photo(4, '/api/files/photos/drone.png')],
  thermal_photos: [],
  can_edit: false,
};

const detail = requestDetailAnswer({
  id: REQUEST_ID,
  description: 'Replace the water heater',
  project: { id: PROJECT_ID, name: 'Cherry Creek', address: '2 Creek Rd' },
  documentation_available: true,
});

/** The Cache Storage the kept-files cache lives in (node has none): one Map per cache name. */
function installMemoryCaches(): Map<string, Map<string, Response>> {
  const stores = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    return {
      put: async (url: string, response: Response) => void store.set(url, response),
      match: async (url: string) => store.get(url)?.clone(),
      delete: async (url: string) => store.delete(url),
    };
  };
  vi.stubGlobal('caches', { open });
  return stores;
}

/** The server as the phone sees it; `asked` records every URL fetched. */
function network(online: boolean, asked: string[] = []): void {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    if (!online) throw new TypeError('Failed to fetch');
    const url = String(input);
    asked.push(url);
    if (url.startsWith(`/api/requests/${REQUEST_ID}/`)) return Response.json(detail);
    if (url.startsWith(`/api/requests/${OTHER_REQUEST_ID}/`))
      return Response.json({ ...detail, id: OTHER_REQUEST_ID, documentation_available: false });
    if (url.startsWith('/api/messages/')) return Response.json([]);
    if (url.startsWith(`/api/projects/${PROJECT_ID}/documentation/`)) return Response.json(documentation);
    if (url.startsWith('/api/files/')) return new Response(new Uint8Array(1000));
    return new Response(null, { status: 404 });
  });
}

/** What the vendor documentation screen gets, read through its own query. */
function documentationScreen(queryClient = new QueryClient()) {
  return queryClient.fetchQuery({ ...vendorDocumentationQueryOptions(PROJECT_ID), retry: false });
}

let nextUser = 8000;

beforeEach(() => {
  storage.clear();
  storage.set('token', 'token-d');
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await closeUserSession();
});

describe('documentationImageUrls', () => {
  it('lists every plan, pin photo and close-up once, only stored files, no drone or thermal photos', () => {
    expect(documentationImageUrls(documentation)).toEqual([
      '/api/files/layouts/plan.png',
      '/api/files/photos/wall-360.png',
      '/api/files/photos/close-a.png',
      '/api/files/photos/close-b.png',
      '/api/files/photos/wall.png',
    ]);
  });
});

describe('a kept job with property documentation', () => {
  it('gathers the documentation only when the detail says the vendor may read it', async () => {
    await startUserSession(nextUser++, 'token-d');
    const asked: string[] = [];
    network(true, asked);
    const gathered = await gatherKeptJob(new QueryClient(), REQUEST_ID);
    expect(gathered.documentation).toEqual({
      projectId: PROJECT_ID,
      data: documentation,
      imageUrls: documentationImageUrls(documentation),
    });
    const other = await gatherKeptJob(new QueryClient(), OTHER_REQUEST_ID);
    expect(other.documentation).toBeUndefined();
    expect(asked.filter((url) => url.includes('/documentation/'))).toHaveLength(1);
  });

  it('keeps the job without it when the documentation cannot be read', async () => {
    await startUserSession(nextUser++, 'token-d');
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith(`/api/requests/${REQUEST_ID}/`)) return Response.json(detail);
      if (url.startsWith('/api/messages/')) return Response.json([]);
      return Response.json({ detail: 'You do not have permission to view this property.' }, { status: 403 });
    });
    const gathered = await gatherKeptJob(new QueryClient(), REQUEST_ID);
    expect(gathered.detail).toEqual(detail);
    expect(gathered.documentation).toBeUndefined();
  });

  it('serves the documentation screen offline and keeps its images in the kept-files cache', async () => {
    const session = await startUserSession(nextUser++, 'token-d');
    const caches = installMemoryCaches();
    network(true);
    const gathered = await gatherKeptJob(new QueryClient(), REQUEST_ID);
    // The gather itself already wrote the answer; start from a device without it.
    await session.db.lists.clear();
    const result = await keepJob({ requestId: REQUEST_ID, title: 'Plumbing #41', ...gathered });

    expect(result.missingPhotos).toEqual([]);
    expect(result.kept.documentationProjectId).toBe(PROJECT_ID);
    expect(result.kept.documentationUrls).toEqual(documentationImageUrls(documentation));
    expect([...(caches.get(KEPT_FILES_CACHE)?.keys() ?? [])]).toEqual(documentationImageUrls(documentation));
    // Five images of 1000 bytes plus the JSON of the detail, the thread and the documentation.
    expect(result.kept.bytes).toBeGreaterThan(5000 + JSON.stringify(documentation).length);

    network(false);
    expect(await documentationScreen()).toEqual(documentation);
  });

  it('is released with the last kept job of the property, images still used by another job stay', async () => {
    const session = await startUserSession(nextUser++, 'token-d');
    const caches = installMemoryCaches();
    network(true);
    const gathered = await gatherKeptJob(new QueryClient(), REQUEST_ID);
    await keepJob({ requestId: REQUEST_ID, title: 'Plumbing #41', ...gathered });
    // Another job of the same property, kept with the same documentation.
    await keepJob({ requestId: 99, title: 'Plumbing #99', ...gathered, detail: { ...detail, id: 99 } });
    const kept = () => [...(caches.get(KEPT_FILES_CACHE)?.keys() ?? [])];

    await releaseJob(REQUEST_ID);
    expect(kept()).toEqual(documentationImageUrls(documentation));
    network(false);
    expect(await documentationScreen()).toEqual(documentation);

    await releaseJob(99);
    expect(kept()).toEqual([]);
    expect(await session.db.lists.count()).toBe(0);
    await expect(documentationScreen()).rejects.toThrow();
  });
});
