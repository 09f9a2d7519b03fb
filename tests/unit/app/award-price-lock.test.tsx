// @vitest-environment jsdom

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ManagerLifecyclePanel } from '#app/requests/request-lifecycle-panel.tsx';
import { ModalsHost } from '#app/ui/modals-host.tsx';
import { ThemeProvider } from '#app/ui/theme-provider.tsx';
import type { BidBody } from '#shared/bid-responses.ts';
import type { RequestDetailBid } from '#shared/request-responses.ts';
import { requestDetailAnswer } from './support/answer-fixtures.ts';

/** Lets the panel's first reads (the owner-approval limit) answer before a test acts on it. */
const settle = () =>
  act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });

// The manager's award names the version of the bid the page showed; a 409 BID_CHANGED opens
// "This bid changed since you opened it" with both prices, and the second confirm names the new version.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const option = (position: number, label: string, amount: number) => ({
  position,
  label,
  amount,
  estimated_time: 2,
  estimated_time_unit: 'days' as const,
  notes: '',
  line_items: [],
});

const seenBid: RequestDetailBid = {
  id: 8,
  version: 1,
  vendor_id: 3,
  vendor_name: 'Best Builders',
  status: 'pending',
  amount: 300,
  estimated_time: 2,
  estimated_time_unit: 'days',
  line_items: [],
  options: [option(1, 'Patch', 300), option(2, 'Replace the section', 900)],
};

const nowBid = (options = [option(1, 'Patch', 300), option(2, 'Replace the section', 9000)]): BidBody => ({
  id: 8,
  version: 2,
  amount: 300,
  estimated_time: 2,
  estimated_time_unit: 'days',
  proposed_start_date: '2030-01-07T09:00:00.000Z',
  notes: 'Rotten further than it looked.',
  status: 'pending',
  request_id: 41,
  line_items: [],
  options,
});

let container: HTMLDivElement;
let root: Root | null = null;
let posted: { url: string; body: unknown }[] = [];
/** What the award call answers, in turn: 409 BID_CHANGED with `current`, then the awarded request. */
let awardAnswers: Array<{ status: number; body: unknown }> = [];

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  posted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      posted.push({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : null });
      const answer = String(url).includes('csrf')
        ? { status: 200, body: { csrfToken: 'token' } }
        : String(url).endsWith('/award/')
          ? (awardAnswers.shift() ?? { status: 500, body: {} })
          : { status: 404, body: { detail: 'Not found.' } };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

function render() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const request = requestDetailAnswer({ id: 41, bids: [seenBid], allowed_actions: ['award'] });
  act(() => {
    root = createRoot(container);
    root.render(
      <ThemeProvider>
        <QueryClientProvider client={client}>
          <MemoryRouter>
            <ManagerLifecyclePanel request={request} />
            <ModalsHost />
          </MemoryRouter>
        </QueryClientProvider>
      </ThemeProvider>,
    );
  });
}

const words = (element: Element | null | undefined) =>
  (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
const buttonIn = (scope: ParentNode, name: string) =>
  [...scope.querySelectorAll('button')].find((button) => words(button) === name) ?? null;
const dialogTitled = (title: string) =>
  [...document.querySelectorAll('[role="dialog"]')].find((dialog) => words(dialog).includes(title)) ?? null;
async function waitForDialog(title: string) {
  await act(() => vi.waitFor(() => expect(dialogTitled(title)).not.toBeNull(), { timeout: 5_000 }));
  return dialogTitled(title)!;
}
async function click(element: Element | null) {
  expect(element).not.toBeNull();
  await act(async () => {
    element?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 300));
  });
}
const awardCalls = () => posted.filter((call) => call.url.endsWith('/api/requests/41/award/'));

/** Award option 2 as the page shows it, through its confirm dialog. */
async function awardOptionTwo() {
  await click(buttonIn(document, 'Award option: Replace the section'));
  const confirm = await waitForDialog('Award this option?');
  await click(buttonIn(confirm, 'Award'));
}

describe('An award of a bid changed since the page showed it', () => {
  it('names the version seen, shows the change on 409 and awards the new version when asked again', async () => {
    const changed = { code: 'BID_CHANGED', detail: 'This bid changed since you opened it.', bid: nowBid() };
    awardAnswers = [
      { status: 409, body: changed },
      { status: 409, body: { code: 'INVALID_TRANSITION', detail: 'Stop here.' } },
    ];
    render();
    await settle();
    await awardOptionTwo();
    expect(awardCalls()[0]?.body).toEqual({ bid_id: 8, option: 2, bid_version: 1 });

    const dialog = await waitForDialog('This bid changed since you opened it');
    const row = [...dialog.querySelectorAll('tr')].find((tr) => words(tr).startsWith('Option 2'));
    expect([...(row?.children ?? [])].map(words)).toEqual([
      'Option 2 “Replace the section”',
      '$900',
      '$9,000',
    ]);
    expect(words(dialog)).toContain(
      'Award the job to Best Builders, option “Replace the section”, for $9,000?',
    );

    await click(buttonIn(dialog, 'Award at $9,000'));
    expect(awardCalls()[1]?.body).toEqual({ bid_id: 8, option: 2, bid_version: 2 });
  });

  it('asks to choose again when the chosen option is no longer offered', async () => {
    awardAnswers = [{ status: 409, body: { code: 'BID_CHANGED', detail: 'x', bid: nowBid([]) } }];
    render();
    await settle();
    await awardOptionTwo();
    const dialog = await waitForDialog('This bid changed since you opened it');
    expect(words(dialog)).toContain('The option you chose is no longer offered this way.');
    expect(buttonIn(dialog, 'Close')).not.toBeNull();
    expect(
      [...dialog.querySelectorAll('button')].some((button) => words(button).startsWith('Award at')),
    ).toBe(false);
  });
});
