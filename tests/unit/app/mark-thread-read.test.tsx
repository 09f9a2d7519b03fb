// @vitest-environment jsdom

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ThreadRef, useMarkThreadRead } from '#app/messages/api.ts';
import type { Message } from '#shared/message-schemas.ts';

// The conversation screen marks its thread read (POST /api/messages/read/) only once the messages
// are on screen in a visible page, and again only when the other side writes: reading the thread
// (GET) never marks it, so a link from another site cannot cancel the reader's notifications.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const REQUEST_ID = 41;
const VENDOR_ID = 7;

function message(id: number, senderRole: Message['sender_role']): Message {
  return {
    id,
    request: REQUEST_ID,
    vendor: VENDOR_ID,
    content: `Message ${id}`,
    sender_role: senderRole,
    sender_name: senderRole === 'vendor' ? 'Val Vendor' : 'Pat Lee',
    created_at: '2025-01-02T10:00:00.000Z',
    photos: [],
  };
}

/** The marks the server took, every mark sent, and whether the server answers (fetch rejects as browsers do). */
let marks: unknown[];
let attempts: number;
let answering: boolean;

function network(): void {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/get-csrf-token/') return Response.json({ csrfToken: 'token' });
    if (url === '/api/messages/read/') attempts += 1;
    if (!answering) throw new TypeError('Failed to fetch');
    if (url === '/api/messages/read/' && init?.method === 'POST') {
      marks.push(JSON.parse(String(init.body)));
      return Response.json({ marked: 1 });
    }
    return new Response(null, { status: 404 });
  });
}

function setPage(property: 'visibilityState' | 'onLine', value: string | boolean, event: string): void {
  const target = property === 'visibilityState' ? document : navigator;
  Object.defineProperty(target, property, { configurable: true, get: () => value });
  (property === 'visibilityState' ? document : window).dispatchEvent(new Event(event));
}

function Screen({ thread, messages, shown }: { thread: ThreadRef; messages: Message[]; shown: boolean }) {
  useMarkThreadRead(thread, messages, shown);
  return null;
}

let container: HTMLDivElement;
let root: Root;
let client: QueryClient;

async function show(thread: ThreadRef, messages: Message[], shown = true): Promise<void> {
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <Screen thread={thread} messages={messages} shown={shown} />
      </QueryClientProvider>,
    ),
  );
}

beforeEach(() => {
  marks = [];
  attempts = 0;
  answering = true;
  network();
  setPage('visibilityState', 'visible', 'visibilitychange');
  setPage('onLine', true, 'online');
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  client = new QueryClient();
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

describe('marking a thread read from the conversation screen', () => {
  const vendorThread: ThreadRef = { requestId: REQUEST_ID };

  it('marks it once the messages are shown, and again only when the other side writes', async () => {
    const first = [message(1, 'property_manager'), message(2, 'vendor')];
    await show(vendorThread, first, false);
    await show(vendorThread, first);
    await vi.waitFor(() => expect(marks).toEqual([{ request: REQUEST_ID }]));

    // Its own new message is not unread to it: no mark. The manager's reply while it is open is.
    await show(vendorThread, [...first, message(3, 'vendor')]);
    await show(vendorThread, [...first, message(3, 'vendor'), message(4, 'staff')]);
    await vi.waitFor(() => expect(marks).toHaveLength(2));
    await show(vendorThread, [...first, message(3, 'vendor'), message(4, 'staff')]);
    await show(vendorThread, [message(1, 'property_manager')]);
    await show(vendorThread, [...first, message(3, 'vendor'), message(4, 'staff'), message(5, 'vendor')]);
    await show(vendorThread, [message(6, 'property_manager')]);
    await vi.waitFor(() => expect(marks).toHaveLength(3));
    expect(marks).toEqual([{ request: REQUEST_ID }, { request: REQUEST_ID }, { request: REQUEST_ID }]);
  });

  it('does not mark it while the page is hidden, and marks it when the page is shown again', async () => {
    setPage('visibilityState', 'hidden', 'visibilitychange');
    await show(vendorThread, [message(1, 'property_manager')]);
    // A message arrives in the background tab: still nobody has read it.
    await show(vendorThread, [message(1, 'property_manager'), message(2, 'property_manager')]);
    await act(async () => setPage('visibilityState', 'visible', 'visibilitychange'));
    await vi.waitFor(() => expect(marks).toEqual([{ request: REQUEST_ID }]));
    await show(vendorThread, [message(1, 'property_manager'), message(2, 'property_manager')]);
    expect(marks).toHaveLength(1);
  });

  it("names the vendor of a manager's thread, and sends a mark that failed again once back online", async () => {
    const managerThread: ThreadRef = { requestId: REQUEST_ID, vendorId: VENDOR_ID };
    answering = false;
    await show(managerThread, [message(1, 'property_manager'), message(2, 'vendor')]);
    await vi.waitFor(() => expect(attempts).toBe(1));
    // The failure reaches the screen a few promise turns after fetch rejects: one task later.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await act(async () => setPage('onLine', false, 'offline'));
    answering = true;
    await act(async () => setPage('onLine', true, 'online'));
    await vi.waitFor(() => expect(marks).toEqual([{ request: REQUEST_ID, vendor: VENDOR_ID }]));
    expect(attempts).toBe(2);
    // The manager's own messages are not unread to it.
    await show(managerThread, [message(1, 'property_manager'), message(2, 'vendor'), message(3, 'staff')]);
    await show(managerThread, [message(2, 'vendor'), message(4, 'vendor')]);
    await vi.waitFor(() => expect(marks).toHaveLength(2));
  });
});
