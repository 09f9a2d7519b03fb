// @vitest-environment jsdom

import { Select } from '@mantine/core';
import { act, type ReactNode, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeferredSelect } from '#app/ui/deferred-select.tsx';
import { ThemeProvider } from '#app/ui/theme-provider.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const STATES = [{ value: 'CO', label: 'Colorado (CO)' }];
const INDUSTRIES = ['Electrical', 'Plumbing'];

// React's ids differ with the depth of the tree (the stand-in has no Combobox around its input).
const withoutIds = (html: string) => html.replace(/mantine-[^"]+?(-label)?"/g, 'ID$1"');

describe('DeferredSelect before its chunk (the prerendered page and its hydration)', () => {
  for (const [name, props] of [
    ['a select', { label: 'Registered State', data: STATES, placeholder: 'Select a state' }],
    ['a searchable select', { label: 'Industry', data: INDUSTRIES, placeholder: 'Pick', searchable: true }],
  ] as const) {
    it(`renders the closed Select's markup for ${name}, empty, chosen and with an error`, () => {
      for (const state of [
        { value: '' },
        { value: props.data === STATES ? 'CO' : 'Plumbing' },
        { value: '', error: 'industry is required' },
      ]) {
        const render = (node: ReactNode) => withoutIds(renderToString(<ThemeProvider>{node}</ThemeProvider>));
        const common = { ...props, ...state, withAsterisk: true, onChange: () => {} };
        expect(render(<DeferredSelect {...common} />)).toBe(
          render(<Select {...common} data={[...common.data]} />),
        );
      }
    });
  }
});

let chosen: string | null = null;

/** A form field of one Select, as the wizard's. */
function Field() {
  const [value, setValue] = useState('');
  return (
    <DeferredSelect
      label="Registered State"
      data={STATES}
      value={value}
      onChange={(next) => {
        chosen = next;
        setValue(next ?? '');
      }}
    />
  );
}

describe('DeferredSelect on first use', () => {
  let root: Root;
  let container: HTMLDivElement;
  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
    act(() => {
      root = createRoot(container);
      root.render(
        <ThemeProvider>
          <Field />
        </ThemeProvider>,
      );
    });
  });

  afterEach(() => {
    act(() => root.unmount());
    container.remove();
  });

  async function until<T>(find: () => T | null | undefined): Promise<T> {
    for (let i = 0; i < 100; i += 1) {
      const found = find();
      if (found) return found;
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
      });
    }
    throw new Error('not found in time');
  }

  it('a tap on the stand-in loads the Select, which opens its dropdown and chooses as before', {
    timeout: 20_000,
  }, async () => {
    const input = container.querySelector<HTMLInputElement>('input[role="combobox"]');
    expect(input?.readOnly).toBe(true);
    // Nothing but the closed field yet: no listbox anywhere in the document.
    expect(document.querySelector('[role="listbox"]')).toBeNull();
    act(() => {
      input?.dispatchEvent(new Event('pointerdown', { bubbles: true }));
      input?.focus();
    });
    // The real Select took the stand-in's place, kept the focus and opened its dropdown (Mantine's
    // data-expanded: its aria-expanded waits for the list's id when the dropdown opens by default).
    const real = await until(() => {
      const current = container.querySelector<HTMLInputElement>('input[role="combobox"]');
      return current !== input && current?.dataset.expanded === 'true' ? current : null;
    });
    expect(real).not.toBe(input);
    expect(document.activeElement).toBe(real);
    const option = await until(() =>
      [...document.querySelectorAll<HTMLElement>('[role="option"]')].find(
        (element) => element.textContent === 'Colorado (CO)',
      ),
    );
    act(() => option.click());
    expect(chosen).toBe('CO');
    await until(() => (real.value === 'Colorado (CO)' ? real : null));
    expect(container.querySelector<HTMLInputElement>('input[type="hidden"]')?.value).toBe('CO');
  });
});
