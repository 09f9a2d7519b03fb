// @vitest-environment jsdom

import { QueryClient } from '@tanstack/react-query';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { DeviceQueryProvider } from '#app/offline/device-query-provider.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A device store in memory whose reading takes `restoreMs`: what the provider saves is in `saved`. */
function slowDevice(restoreMs: number) {
  const device = {
    saved: [] as PersistedClient[],
    persister: {
      persistClient: (client: PersistedClient) => {
        device.saved.push(client);
      },
      restoreClient: () =>
        new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), restoreMs)),
      removeClient: () => undefined,
    } satisfies Persister,
  };
  return device;
}

const roots: Root[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) act(() => root.unmount());
});

function mount(client: QueryClient, persister: Persister): void {
  const root = createRoot(document.createElement('div'));
  roots.push(root);
  act(() =>
    root.render(
      <DeviceQueryProvider client={client} persistOptions={{ persister, buster: 'test' }}>
        <p>screen</p>
      </DeviceQueryProvider>,
    ),
  );
}

const until = async (done: () => boolean) => {
  for (let waited = 0; !done() && waited < 2_000; waited += 20) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  }
};

describe('DeviceQueryProvider', () => {
  it('keeps answers that arrived while the device copy was being read, with nothing changing after', async () => {
    const client = new QueryClient();
    const device = slowDevice(100);
    mount(client, device.persister);
    // The first answers arrive (a server-rendered page's come with it) before the reading ends.
    client.setQueryData(['auth', 'status'], { isAuthenticated: true, user: { id: 4 } });
    await until(() => device.saved.length > 0);
    expect(device.saved.at(-1)?.clientState.queries.map((query) => query.queryHash)).toEqual([
      '["auth","status"]',
    ]);
  });

  it('saves what changes once the device copy has been read', async () => {
    const client = new QueryClient();
    const device = slowDevice(0);
    mount(client, device.persister);
    await until(() => device.saved.length > 0);
    client.setQueryData(['requests', 'jobs'], { results: [] });
    await until(() => device.saved.some((saved) => saved.clientState.queries.length === 1));
    expect(device.saved.at(-1)?.clientState.queries.map((query) => query.queryHash)).toEqual([
      '["requests","jobs"]',
    ]);
  });
});
