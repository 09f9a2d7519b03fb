// @vitest-environment jsdom

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BidComparison } from '#app/requests/bid-comparison.tsx';
import { CompletionReport } from '#app/requests/completion-report.tsx';
import { ManagerLifecyclePanel } from '#app/requests/request-lifecycle-panel.tsx';
import { ModalsHost } from '#app/ui/modals-host.tsx';
import { ThemeProvider } from '#app/ui/theme-provider.tsx';
import { lineItemTotal } from '#shared/bid-line-items.ts';
import { formatDate } from '#shared/date-display.ts';
import type { LineItemUnit } from '#shared/line-item-units.ts';
import type { RequestDetailBid } from '#shared/request-responses.ts';
import { requestDetailAnswer } from './support/answer-fixtures.ts';

/** Lets the panel's first reads (the owner-approval limit) answer before a test acts on it. */
const settle = () =>
  act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });

// The manager's comparison and per-option award rendered in jsdom with React's act and DOM events.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const line = (description: string, quantity: number, unit: LineItemUnit, unitPrice: number) => ({
  description,
  quantity,
  unit,
  unit_price: unitPrice,
  total: lineItemTotal(quantity, unitPrice),
});
const sum = (items: { total: number }[]) => items.reduce((total, item) => total + item.total, 0);

const plainItems = [line('Ceiling drywall', 80, 'sq_ft', 4.5), line('Paint', 80, 'sq_ft', 1.25)];
const patchItems = [line('ceiling  DRYWALL', 96, 'sq_ft', 4), line('Paint', 80, 'sq_ft', 1)];
const replaceItems = [line('Ceiling drywall', 96, 'sq_ft', 7), line('Haul away', 1, 'each', 120)];

const bids = requestDetailAnswer({
  bids: [
    {
      id: 7,
      vendor_id: 3,
      vendor_name: 'Acme Drywall',
      status: 'pending',
      amount: sum(plainItems),
      estimated_time: 2,
      estimated_time_unit: 'days',
      line_items: plainItems,
      options: [],
    },
    {
      id: 8,
      vendor_id: 4,
      vendor_name: 'Best Builders',
      status: 'pending',
      amount: sum(patchItems),
      estimated_time: 1,
      estimated_time_unit: 'days',
      line_items: patchItems,
      options: [
        {
          position: 1,
          label: 'Patch',
          amount: sum(patchItems),
          estimated_time: 1,
          estimated_time_unit: 'days',
          notes: '',
          line_items: patchItems,
        },
        {
          position: 2,
          label: 'Replace the section',
          amount: sum(replaceItems),
          estimated_time: 3,
          estimated_time_unit: 'days',
          notes: 'New board and tape',
          line_items: replaceItems,
        },
      ],
    },
  ] satisfies RequestDetailBid[],
}).bids;

let root: Root | null = null;
let container: HTMLDivElement;
let posted: { url: string; body: unknown }[] = [];

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  posted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      posted.push({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : null });
      const csrf = String(url).includes('csrf');
      return new Response(JSON.stringify(csrf ? { csrfToken: 'token' } : { detail: 'stop here' }), {
        status: csrf ? 200 : 409,
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

function render(element: ReactNode) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  act(() => {
    root = createRoot(container);
    root.render(
      <ThemeProvider>
        <QueryClientProvider client={client}>
          <MemoryRouter>
            {element}
            {/* As the signed-in layout has it: the confirm dialogs' host beside the screen. */}
            <ModalsHost />
          </MemoryRouter>
        </QueryClientProvider>
      </ThemeProvider>,
    );
  });
}

/** The element's words, its text nodes joined by spaces (blocks have no space between them). */
function text(element: Element | null | undefined): string {
  if (!element) return '';
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const parts: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) parts.push(node.textContent ?? '');
  return parts
    .join(' ')
    .replace(/\s+/g, ' ')
    .replace(/ ([,?.”])/g, '$1')
    .replace(/“ /g, '“')
    .trim();
}
const buttonNamed = (name: string) =>
  [...document.querySelectorAll('button')].find((button) => text(button) === name) ?? null;
/** The confirm dialog, once it has opened (it waits for its host, then mounts through a transition). */
const openedDialog = async () => {
  await act(() =>
    vi.waitFor(() => expect(document.querySelector('[role="dialog"]')).not.toBeNull(), { timeout: 5_000 }),
  );
  return document.querySelector('[role="dialog"]');
};
const click = async (element: Element | null) => {
  expect(element).not.toBeNull();
  await act(async () => {
    element?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    // The confirm dialog mounts after its opening transition.
    await new Promise((resolve) => setTimeout(resolve, 300));
  });
};

describe('Compare bids', () => {
  it('puts each plain bid and each option in a column and marks items measured differently', () => {
    render(<BidComparison bids={bids} awarded={null} />);
    const table = container.querySelector('table');
    const headings = [...(table?.querySelectorAll('thead th') ?? [])].map(text);
    expect(headings).toEqual([
      'Line item',
      'Acme Drywall',
      'Best Builders — Patch',
      'Best Builders — Replace the section',
    ]);
    const rows = [...(table?.querySelectorAll('tbody tr') ?? [])].map((row) => [...row.children].map(text));
    expect(rows).toEqual([
      [
        'Ceiling drywall Measured differently',
        '80 sq ft × $4.50 = $360',
        '96 sq ft × $4 = $384',
        '96 sq ft × $7 = $672',
      ],
      ['Paint', '80 sq ft × $1.25 = $100', '80 sq ft × $1 = $80', 'Not listed'],
      ['Haul away', 'Not listed', 'Not listed', '1 each × $120 = $120'],
      ['Amount and time', '$460 2 days', '$464 1 day', '$792 3 days'],
    ]);
    expect(text(container.querySelector('h2'))).toBe('Compare bids');
    expect(container.textContent).toContain('1 item was measured differently');
  });

  it("adds each offer's start date and notes, an option's own notes first, when the answer carries them", () => {
    const withTerms = bids.map((bid) =>
      bid.id === 7
        ? {
            ...bid,
            notes: 'One-year warranty. Excludes painting.',
            proposed_start_date: '2027-03-01T15:00:00Z',
          }
        : { ...bid, notes: 'Prices hold 30 days.', proposed_start_date: '2027-03-08T15:00:00Z' },
    );
    render(<BidComparison bids={withTerms} awarded={null} />);
    const rows = [...(container.querySelectorAll('tbody tr') ?? [])].map((row) =>
      [...row.children].map(text),
    );
    expect(rows.slice(-2)).toEqual([
      [
        'Start date',
        formatDate('2027-03-01T15:00:00Z'),
        formatDate('2027-03-08T15:00:00Z'),
        formatDate('2027-03-08T15:00:00Z'),
      ],
      [
        'Notes',
        'One-year warranty. Excludes painting.',
        'Prices hold 30 days.',
        'New board and tape Prices hold 30 days.',
      ],
    ]);
  });

  it('leaves start date and notes out for an answer without them', () => {
    render(<BidComparison bids={bids} awarded={null} />);
    expect(container.textContent).not.toContain('Start date');
  });

  it('is left out with a single plain bid', () => {
    render(<BidComparison bids={bids.slice(0, 1)} awarded={null} />);
    expect(container.querySelector('table')).toBeNull();
  });
});

describe('Awarding an option', () => {
  it('offers one award per option, names it in the confirmation and sends it', async () => {
    render(
      <ManagerLifecyclePanel request={requestDetailAnswer({ id: 41, bids, allowed_actions: ['award'] })} />,
    );
    await settle();
    // A plain bid keeps its single Award button.
    expect(document.querySelector('[aria-label="Award to Acme Drywall"]')).not.toBeNull();
    expect(buttonNamed('Award option: Patch')).not.toBeNull();
    await click(buttonNamed('Award option: Replace the section'));

    const dialog = await openedDialog();
    expect(text(dialog)).toContain('Award this option?');
    expect(text(dialog)).toContain('Award the job to Best Builders, option “Replace the section”, for $792?');
    await click(
      [...(dialog?.querySelectorAll('button') ?? [])].find((button) => text(button) === 'Award') ?? null,
    );
    const award = posted.find((call) => call.url.endsWith('/api/requests/41/award/'));
    expect(award?.body).toEqual({ bid_id: 8, option: 2 });
  });

  it('awards a plain bid without an option, as before', async () => {
    render(
      <ManagerLifecyclePanel request={requestDetailAnswer({ id: 41, bids, allowed_actions: ['award'] })} />,
    );
    await settle();
    await click(document.querySelector('[aria-label="Award to Acme Drywall"]'));
    const dialog = await openedDialog();
    expect(text(dialog)).toContain('Award this bid?');
    await click(
      [...(dialog?.querySelectorAll('button') ?? [])].find((button) => text(button) === 'Award') ?? null,
    );
    expect(posted.find((call) => call.url.endsWith('/award/'))?.body).toEqual({ bid_id: 7 });
  });
});

describe('The awarded option', () => {
  it('is named on the job card with its amount, time and line items, and marked in the comparison', () => {
    const bid = bids[1]!;
    const option = bid.options[1]!;
    render(
      <>
        <CompletionReport
          awarded={{
            ...bid,
            proposed_start_date: '2025-01-05T09:00:00.000Z',
            notes: '',
            status: 'accepted',
            awarded_at: null,
            awarded_option: option,
          }}
          completion={null}
        />
        <BidComparison bids={bids} awarded={{ bidId: bid.id, option: option.position }} />
      </>,
    );
    expect(container.textContent).toContain(
      'Awarded to Best Builders, option Replace the section, for $792 (3 days).',
    );
    const lines = container.querySelector('[aria-label="Line items of option Replace the section"]');
    expect([...(lines?.querySelectorAll('li') ?? [])].map(text)).toEqual([
      'Ceiling drywall $672 96 sq ft × $7',
      'Haul away $120 1 each × $120',
    ]);
    const headings = [...container.querySelectorAll('thead th')].map(text);
    expect(headings[3]).toBe('Best Builders — Replace the section Awarded');
  });
});
