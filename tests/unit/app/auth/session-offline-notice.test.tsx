// @vitest-environment jsdom

import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ASK_AGAIN_MS, SessionOfflineNotice } from '#app/auth/session-offline-notice.tsx';
import { ThemeProvider } from '#app/ui/theme-provider.tsx';

// The notice the signed-in areas show when the app opened offline before the device kept the user:
// it must ask the server again by itself once the connection is back, even when the first try made
// on the browser's `online` event still failed (the event can come before the network carries requests).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
let online = true;

beforeEach(() => {
  vi.useFakeTimers();
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function show(retrying: boolean, onRetry: () => void) {
  act(() =>
    root.render(
      <ThemeProvider>
        <SessionOfflineNotice retrying={retrying} onRetry={onRetry} />
      </ThemeProvider>,
    ),
  );
}

describe('SessionOfflineNotice', () => {
  it('asks again on the online event and then every few seconds while the browser is online', () => {
    const onRetry = vi.fn();
    show(false, onRetry);
    expect(container.textContent).toContain('You are offline');

    act(() => window.dispatchEvent(new Event('online')));
    expect(onRetry).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(ASK_AGAIN_MS));
    expect(onRetry).toHaveBeenCalledTimes(2);
    act(() => vi.advanceTimersByTime(ASK_AGAIN_MS));
    expect(onRetry).toHaveBeenCalledTimes(3);
  });

  it('does not ask while the browser is offline, nor while a try is still under way', () => {
    const onRetry = vi.fn();
    online = false;
    show(false, onRetry);
    act(() => vi.advanceTimersByTime(3 * ASK_AGAIN_MS));
    expect(onRetry).not.toHaveBeenCalled();

    online = true;
    show(true, onRetry);
    act(() => vi.advanceTimersByTime(3 * ASK_AGAIN_MS));
    expect(onRetry).not.toHaveBeenCalled();

    show(false, onRetry);
    act(() => vi.advanceTimersByTime(ASK_AGAIN_MS));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('stops asking once it is gone', () => {
    const onRetry = vi.fn();
    show(false, onRetry);
    act(() => root.render(<p>signed in</p>));
    act(() => vi.advanceTimersByTime(3 * ASK_AGAIN_MS));
    expect(onRetry).not.toHaveBeenCalled();
  });
});
