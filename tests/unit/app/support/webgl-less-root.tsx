import { MantineProvider } from '@mantine/core';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, vi } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * A React root in jsdom inside MantineProvider, mounted before and unmounted after each test of the
 * file. Canvas contexts answer null, as in a browser with WebGL turned off (jsdom would otherwise log
 * "not implemented"), so the 360° viewers show their flat picture.
 */
export function webglLessRoot() {
  let container: HTMLDivElement | undefined;
  let root: Root | undefined;

  beforeEach(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });

  afterEach(() => {
    act(() => root?.unmount());
    container?.remove();
    vi.restoreAllMocks();
  });

  return {
    get container(): HTMLDivElement {
      if (!container) throw new Error('the root exists only inside a test');
      return container;
    },
    render: (node: ReactNode) => act(async () => root?.render(<MantineProvider>{node}</MantineProvider>)),
  };
}
