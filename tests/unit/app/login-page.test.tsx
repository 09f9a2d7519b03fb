// @vitest-environment jsdom

import { notifications } from '@mantine/notifications';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '#app/app-providers.tsx';
import { LoginPage } from '#app/auth/login-page.tsx';
import { queryClient } from '#app/lib/query-client.ts';
import { clearToken, getToken } from '#app/lib/token-store.ts';

// Drives the real login screen in jsdom without a testing library: React's act, DOM events, a stubbed fetch.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const vendorUser = {
  id: 2,
  email: 'vendor@demo.local',
  firstName: 'Val',
  lastName: 'Vendor',
  type: 'vendor',
  is_staff: false,
  is_superuser: false,
  client: null,
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let root: Root | null = null;
let container: HTMLDivElement;

function renderLogin(state?: unknown) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/vendor/bids', element: <p>bids screen</p> },
      { path: '/vendor/dashboard', element: <p>vendor dashboard</p> },
    ],
    { initialEntries: [{ pathname: '/login', state }] },
  );
  act(() => {
    root = createRoot(container);
    root.render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
  });
  return router;
}

function type(label: string, value: string): void {
  const input = document.getElementById(findLabel(label).htmlFor) as HTMLInputElement;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  act(() => {
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

function findLabel(text: string): HTMLLabelElement {
  const label = [...container.querySelectorAll('label')].find((l) => l.textContent?.startsWith(text));
  if (!label) throw new Error(`no label ${text}`);
  return label;
}

async function submit(): Promise<void> {
  const button = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Login');
  await act(async () => {
    button?.click();
  });
}

async function waitFor(check: () => boolean): Promise<void> {
  for (let i = 0; i < 50; i += 1) {
    if (check()) return;
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
  }
  throw new Error(`condition not met; page text: ${document.body.textContent}`);
}

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API; this plays the server setting csrftoken.
  document.cookie = 'csrftoken=test-csrf; path=/';
  clearToken();
  queryClient.clear();
  // The toast store is global, and with one toast at a time a leftover would hold the next one back.
  notifications.clean();
  notifications.cleanQueue();
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
  vi.unstubAllGlobals();
});

describe('LoginPage (public spec, sections 2, 4 and 8)', () => {
  it('shows field errors under the field and non_field_errors in an alert', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(400, {
          errors: { email: ['Enter a valid email address.', 'Check it.'] },
          non_field_errors: ['Invalid email or password.'],
        }),
      ),
    );
    renderLogin();
    expect(container.textContent).toContain('Forgot your password?');
    expect(container.querySelector('a[href="/reset-password"]')).not.toBeNull();
    expect(container.querySelector('a[href="/signup"]')).not.toBeNull();

    type('Email', 'vendor@demo.local');
    type('Password', 'wrong');
    await submit();

    await waitFor(() => container.textContent?.includes('Invalid email or password.') ?? false);
    expect(container.querySelector('[role="alert"]')?.textContent).toContain('Invalid email or password.');
    expect(container.textContent).toContain('Enter a valid email address. Check it.');
    expect(getToken()).toBeNull();
  });

  it('stores the token, toasts success and goes back to the interrupted location', async () => {
    const fetchMock = vi.fn(async () => json(200, { message: 'ok', token: 'tok-9', user: vendorUser }));
    vi.stubGlobal('fetch', fetchMock);
    const router = renderLogin({ from: { pathname: '/vendor/bids', search: '', hash: '' } });

    type('Email', 'vendor@demo.local');
    type('Password', 'demo12345');
    await submit();

    await waitFor(() => router.state.location.pathname === '/vendor/bids');
    expect(getToken()).toBe('tok-9');
    // The toast host loads its component with the first toast, so the text appears a moment later.
    await waitFor(() => document.body.textContent?.includes('Login successful! Redirecting...') ?? false);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/users/login/');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'vendor@demo.local', password: 'demo12345' });
    expect(new Headers(init.headers).get('X-CSRFToken')).toBe('test-csrf');
  });

  it('toasts the generic error when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderLogin();
    type('Email', 'vendor@demo.local');
    type('Password', 'demo12345');
    await submit();
    await waitFor(() => document.body.textContent?.includes('An error occurred during login') ?? false);
  });
});
