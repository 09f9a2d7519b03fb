// @vitest-environment jsdom

import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '#app/app-providers.tsx';
import { queryClient } from '#app/lib/query-client.ts';
import { VendorApplicationSuccessPage } from '#app/onboarding/vendor-application-success-page.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
let container: HTMLDivElement;

function renderSuccess(): void {
  const router = createMemoryRouter(
    [
      {
        path: '/vendor-application/subscription/success/:sessionId/:subscriptionId',
        element: <VendorApplicationSuccessPage />,
      },
    ],
    { initialEntries: ['/vendor-application/subscription/success/cs_1/sub_1'] },
  );
  act(() => {
    root = createRoot(container);
    root.render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
  });
}

async function alertText(): Promise<string> {
  for (let i = 0; i < 50; i += 1) {
    const alert = container.querySelector('[role="alert"]');
    if (alert) return alert.textContent ?? '';
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
  }
  throw new Error(`no alert; page text: ${container.textContent}`);
}

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  queryClient.clear();
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
  vi.unstubAllGlobals();
});

describe('VendorApplicationSuccessPage errors (public spec, sections 7 and 8)', () => {
  it("shows the server's error field under Failed to load application details", async () => {
    const body = JSON.stringify({ error: 'Application not found.' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(body, { status: 404, headers: { 'Content-Type': 'application/json' } })),
    );
    renderSuccess();
    const text = await alertText();
    expect(text).toContain('Failed to load application details');
    expect(text).toContain('Application not found.');
  });

  it('says Failed to fetch application data when the answer has no error field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 500 })),
    );
    renderSuccess();
    const text = await alertText();
    expect(text).toContain('Failed to load application details');
    expect(text).toContain('Failed to fetch application data');
  });
});
