// @vitest-environment jsdom

import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadRouteChunks } from '#app/route-chunks.ts';
import { ROUTE_CHUNKS_ID, type RouteChunks } from '#shared/route-chunks.ts';

function shellListing(files: string[]): void {
  const list: RouteChunks = { files, routes: { '/vendor/jobs': files.map((_, index) => index) } };
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = ROUTE_CHUNKS_ID;
  block.textContent = JSON.stringify(list);
  document.body.appendChild(block);
}

const links = () =>
  [...document.head.querySelectorAll('link')].map((link) => `${link.rel} ${link.getAttribute('href')}`);

afterEach(() => {
  vi.restoreAllMocks();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('preloadRouteChunks', () => {
  it('adds every file of the route, stylesheets first, a few links a task', async () => {
    const scripts = Array.from({ length: 25 }, (_, index) => `assets/chunk-${index}.js`);
    shellListing([...scripts.slice(0, 5), 'assets/a.css', ...scripts.slice(5), 'assets/b.css']);

    const done = preloadRouteChunks('/vendor/jobs');
    // The first task adds no more than its share: the rest come in later tasks.
    expect(links().length).toBeGreaterThan(0);
    expect(links().length).toBeLessThan(27);
    await done;

    expect(links()).toEqual([
      'stylesheet /assets/a.css',
      'stylesheet /assets/b.css',
      ...scripts.map((file) => `modulepreload /${file}`),
    ]);
  });

  it('ends a task early on a slow device, once it has run its budget', async () => {
    const scripts = Array.from({ length: 12 }, (_, index) => `assets/chunk-${index}.js`);
    shellListing(scripts);
    // A phone where each link takes 5 ms: a task stops after its second link.
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (now += 5));

    const done = preloadRouteChunks('/vendor/jobs');
    expect(links()).toHaveLength(2);
    await done;

    expect(links()).toEqual(scripts.map((file) => `modulepreload /${file}`));
  });

  it('resolves at once when the shell lists nothing', async () => {
    await preloadRouteChunks('/vendor/jobs');
    expect(links()).toEqual([]);
  });
});
