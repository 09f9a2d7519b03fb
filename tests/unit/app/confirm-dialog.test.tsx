// @vitest-environment jsdom

import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openConfirmDialog } from '#app/ui/confirm-dialog.ts';
import { ModalsHost } from '#app/ui/modals-host.tsx';
import { ThemeProvider } from '#app/ui/theme-provider.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// The signed-in layout loads its ModalsHost just after its first render; a confirm dialog asked for
// before that (a quick tap on Award) must open once the host is there, not be heard by nobody.
const dialogTitled = (title: string) =>
  [...document.querySelectorAll('[role="dialog"]')].find((dialog) => dialog.textContent?.includes(title));

let root: Root | null = null;

function mountHost() {
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => {
    root!.render(
      <ThemeProvider>
        <ModalsHost />
      </ThemeProvider>,
    );
  });
}

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

describe('openConfirmDialog', () => {
  it('opens a dialog asked for before the host mounted, once it has', async () => {
    const onConfirm = vi.fn();
    openConfirmDialog({ title: 'Award this bid?', labels: { confirm: 'Award', cancel: 'Back' }, onConfirm });
    await Promise.resolve();
    expect(dialogTitled('Award this bid?')).toBeUndefined();
    mountHost();
    // The modal opens through a transition: waited for, not read at once.
    await vi.waitFor(() => expect(dialogTitled('Award this bid?')).toBeDefined());
  });

  it('waits again for a host mounted anew after the last one went away', async () => {
    mountHost();
    act(() => root?.unmount());
    root = null;
    openConfirmDialog({ title: 'Cancel this request?', labels: { confirm: 'Yes', cancel: 'No' } });
    await Promise.resolve();
    expect(dialogTitled('Cancel this request?')).toBeUndefined();
    mountHost();
    // The modal opens through a transition: waited for, not read at once.
    await vi.waitFor(() => expect(dialogTitled('Cancel this request?')).toBeDefined());
  });
});
