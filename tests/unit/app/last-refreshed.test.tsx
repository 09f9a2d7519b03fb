// @vitest-environment jsdom

import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LastRefreshed } from '#app/offline/last-refreshed.tsx';
import { ThemeProvider } from '#app/ui/theme-provider.tsx';

// "Last refreshed …" in jsdom, beside a part that creates queries while React renders it (a screen's
// list with its filter in the key does, on every filter change).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Filtered({ filter }: { filter: string }) {
  const list = useQuery({ queryKey: ['list', filter], queryFn: () => Promise.resolve([filter]) });
  return <p>{list.data?.join() ?? 'loading'}</p>;
}

let container: HTMLDivElement;
let root: Root;
let client: QueryClient;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.restoreAllMocks();
});

function page(filter: string) {
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider>
        <LastRefreshed queryKey={['list', 'all']} />
        <Filtered filter={filter} />
      </ThemeProvider>
    </QueryClientProvider>
  );
}

describe('LastRefreshed', () => {
  it("shows its own query's age, and no other query's creation updates it while React renders", async () => {
    const errors = vi.spyOn(console, 'error');
    await act(async () => root.render(page('all')));
    // Answers reach the components in a later task (TanStack Query's notifyManager batches with a
    // timeout), which act does not wait for on a busy machine: wait for the text itself.
    await vi.waitFor(() => expect(container.textContent).toContain('Last refreshed just now'));
    // A new key creates its query in the middle of Filtered's render; the cache tells its listeners.
    await act(async () => root.render(page('open')));
    await act(async () => root.render(page('closed')));
    await vi.waitFor(() => expect(container.textContent).toContain('closed'));
    const updatesInRender = errors.mock.calls.filter((call) =>
      String(call[0]).includes('Cannot update a component'),
    );
    expect(updatesInRender).toEqual([]);
  });

  it('says nothing before its query has an answer', async () => {
    await act(async () => root.render(page('open')));
    expect(container.textContent).not.toContain('Last refreshed');
  });
});
