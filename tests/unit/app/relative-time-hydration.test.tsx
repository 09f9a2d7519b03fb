// @vitest-environment jsdom

import { act, Suspense, use } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RelativeTime } from '#app/ui/relative-time.tsx';
import { pinDateDisplay } from '#shared/date-display.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const RENDERED_AT = Date.parse('2026-03-10T12:00:00Z');
// Created 40 s before the server's render: "just now" then, "1 minute ago" 30 s later.
const CREATED = '2026-03-10T11:59:20Z';

afterEach(() => {
  pinDateDisplay({});
  vi.useRealTimers();
});

// A part of the page that hydrates after the first commit, as a Suspense boundary does.
let release: () => void = () => undefined;
const later = new Promise<void>((resolve) => {
  release = resolve;
});
function Late({ hydrating }: { hydrating: boolean }) {
  if (hydrating) use(later);
  return (
    <p id="late">
      Created <RelativeTime value={CREATED} />
    </p>
  );
}

function Page({ hydrating }: { hydrating: boolean }) {
  return (
    <>
      <p id="first">
        Created <RelativeTime value={CREATED} />
      </p>
      <Suspense fallback={null}>
        <Late hydrating={hydrating} />
      </Suspense>
    </>
  );
}

describe('RelativeTime', () => {
  it('hydrates with the words the server wrote, also where it hydrates after the commit, then counts from now', async () => {
    pinDateDisplay({ now: RENDERED_AT });
    const html = renderToString(<Page hydrating={false} />);
    expect(html).toContain('just now');

    // The browser hydrates 30 s later: its own clock says "1 minute ago".
    vi.useFakeTimers({ now: RENDERED_AT + 30_000, toFake: ['Date'] });
    pinDateDisplay({ now: RENDERED_AT });
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const mismatches: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Page hydrating />, { onRecoverableError: (error) => mismatches.push(error) });
    });
    await act(async () => release());
    expect(mismatches).toEqual([]);
    // Hydrated, both parts read the clock.
    await vi.waitFor(() => {
      expect(container.querySelector('#first')?.textContent).toBe('Created 1 minute ago');
      expect(container.querySelector('#late')?.textContent).toBe('Created 1 minute ago');
    });
    container.remove();
  });
});
