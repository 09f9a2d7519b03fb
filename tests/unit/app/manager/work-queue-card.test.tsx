// @vitest-environment jsdom

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { managerKeys } from '#app/manager/api.ts';
import { WorkQueueCard } from '#app/manager/work-queue-card.tsx';
import { ThemeProvider } from '#app/ui/theme-provider.tsx';
import type { WorkQueue, WorkQueueItem } from '#shared/work-queue.ts';

// The dashboard's "Needs you" card rendered in jsdom from an answer already in the query cache.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const counts = {
  bids_to_review: 0,
  completion_to_confirm: 0,
  visit_to_confirm: 0,
  overdue_job: 0,
  overdue_visit: 0,
  unanswered_message: 0,
  approval_waiting: 0,
};

const bidItem = (requestId: number): WorkQueueItem => ({
  kind: 'bids_to_review',
  request_id: requestId,
  request_name: `Request #${requestId}`,
  request_summary: 'Plumbing · Maple Court',
  title: 'Review bids',
  detail: '2 bids · first 2 days ago',
  since: new Date(Date.now() - 2 * 86_400_000).toISOString(),
  href: `/property-manager/requests/${requestId}`,
});

let root: Root | null = null;
let container: HTMLElement;

beforeEach(() => {
  // Never answers: the card shows the cached answer while it asks again.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => {})),
  );
  container = document.createElement('div');
  document.body.append(container);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
  vi.unstubAllGlobals();
});

function render(answer: WorkQueue | undefined) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (answer) client.setQueryData(managerKeys.workQueue(), answer);
  act(() => {
    root = createRoot(container);
    root.render(
      <ThemeProvider>
        <QueryClientProvider client={client}>
          <MemoryRouter>
            <WorkQueueCard />
          </MemoryRouter>
        </QueryClientProvider>
      </ThemeProvider>,
    );
  });
}

describe('the "Needs you" card', () => {
  it('says so when nothing waits', () => {
    render({ items: [], counts });
    expect(container.querySelector('h2')?.textContent).toBe('Needs you');
    expect(container.textContent).toContain('Nothing needs you right now.');
    expect(container.querySelectorAll('a')).toHaveLength(0);
  });

  it('shows a loading state until the answer comes', () => {
    render(undefined);
    expect(container.querySelector('[aria-busy="true"]')?.textContent).toContain('Loading what needs you');
  });

  it('lists each kind under its heading, three rows until "Show all", each a link to where it is done', () => {
    const items = [11, 12, 13, 14].map(bidItem);
    const message: WorkQueueItem = {
      ...bidItem(20),
      kind: 'unanswered_message',
      title: 'Reply to a message',
      detail: 'Pipes Inc: “Is the unit occupied?”',
      href: '/property-manager/messages?request=20&vendor=5',
    };
    render({ items: [...items, message], counts: { ...counts, bids_to_review: 4, unanswered_message: 1 } });
    const headings = [...container.querySelectorAll('h3')].map((heading) => heading.textContent);
    expect(headings).toEqual(['Bids to review', 'Unanswered messages']);
    const links = () => [...container.querySelectorAll('a')].map((link) => link.getAttribute('href'));
    expect(links()).toEqual([
      '/property-manager/requests/11',
      '/property-manager/requests/12',
      '/property-manager/requests/13',
      '/property-manager/messages?request=20&vendor=5',
    ]);
    expect(container.querySelector('a')?.textContent).toContain('Review bids: Request #11');

    const showAll = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Show all 4');
    expect(showAll?.getAttribute('aria-expanded')).toBe('false');
    act(() => showAll?.click());
    expect(links()).toContain('/property-manager/requests/14');
    expect(showAll?.getAttribute('aria-expanded')).toBe('true');
  });
});
