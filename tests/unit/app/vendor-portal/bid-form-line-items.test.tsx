// @vitest-environment jsdom

import { useForm } from '@mantine/form';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BidForm } from '#app/bids/bid-form.tsx';
import { type BidFormValues, EMPTY_BID_FORM, validateBidForm } from '#app/bids/bid-form-values.ts';
import { BidSuccess } from '#app/bids/bid-success.tsx';
import { MeasureOnPlan } from '#app/bids/measure-on-plan.tsx';
import { ThemeProvider } from '#app/ui/theme-provider.tsx';
import type { RequestSpot } from '#shared/request-spot.ts';

// The bid form's line items rendered in jsdom with React's act and DOM events.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
let container: HTMLDivElement;
let latest: BidFormValues = EMPTY_BID_FORM;

beforeEach(() => {
  // The Notes textarea's autosize listens for web fonts, which jsdom lacks.
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener: () => {}, removeEventListener: () => {} },
      configurable: true,
    });
  container = document.createElement('div');
  document.body.append(container);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

function Harness() {
  const form = useForm<BidFormValues>({
    mode: 'controlled',
    initialValues: EMPTY_BID_FORM,
    validate: validateBidForm,
  });
  latest = form.values;
  return (
    <BidForm
      form={form}
      onSubmit={form.onSubmit(() => {})}
      onCancel={() => {}}
      submitting={false}
      editing={false}
    />
  );
}

function render(element: React.ReactNode = <Harness />) {
  act(() => {
    root = createRoot(container);
    root.render(<ThemeProvider>{element}</ThemeProvider>);
  });
}

const byLabel = (label: string, nth = 0): HTMLInputElement => {
  const labels = [...container.querySelectorAll('label')].filter(
    (element) => element.textContent?.replace(/\s*\*$/, '').trim() === label,
  );
  const id = labels[nth]?.getAttribute('for');
  const input = id ? (document.getElementById(id) as HTMLInputElement | null) : null;
  if (!input) throw new Error(`No input labelled ${label} #${nth}`);
  return input;
};

const button = (name: string) => {
  const found = [...container.querySelectorAll('button')].find(
    (element) => element.textContent?.trim() === name,
  );
  if (!found) throw new Error(`No button ${name}`);
  return found;
};

function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  act(() => {
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('bid form line items', () => {
  it('keeps the spec form as it is until a line item is added', () => {
    render();
    const amount = byLabel('Bid Amount');
    expect(amount.readOnly).toBe(false);
    expect(byLabel('Estimated Time')).toBeTruthy();
    expect(byLabel('Time Unit')).toBeTruthy();
    expect(button('Submit Bid')).toBeTruthy();
    expect(container.textContent).not.toContain('Measure on the plan');
  });

  it('computes each row total and makes the amount their read-only sum', () => {
    render();
    act(() => button('Add line item').click());
    type(byLabel('Description'), 'Ceiling drywall');
    type(byLabel('Quantity'), '80.25');
    expect(byLabel('Total').value).toBe('—');
    type(byLabel('Unit price'), '4.50');
    expect(byLabel('Total').value).toBe('$361');

    act(() => button('Add line item').click());
    type(byLabel('Quantity', 1), '3');
    type(byLabel('Unit price', 1), '65');
    expect(byLabel('Total', 1).value).toBe('$195');

    const amount = byLabel('Bid Amount');
    expect(amount.readOnly).toBe(true);
    expect(amount.value).toBe('$556');
    expect(latest.line_items.map((row) => row.quantity)).toEqual([80.25, 3]);

    act(() => container.querySelector<HTMLButtonElement>('button[aria-label="Remove line item 1"]')?.click());
    expect(byLabel('Bid Amount').value).toBe('$195');
  });
});

describe('bid success with options', () => {
  it('lists each option with its lines, and the span of the amounts', () => {
    const line = {
      description: 'Ceiling drywall',
      quantity: 80,
      unit: 'sq_ft' as const,
      unit_price: 4.5,
      total: 360,
    };
    render(
      <BidSuccess
        updated
        onClose={() => {}}
        bid={{
          id: 9,
          amount: 360,
          estimated_time: 1,
          estimated_time_unit: 'days',
          proposed_start_date: '2027-02-01T15:30:00.000Z',
          notes: '',
          status: 'pending',
          request_id: 3,
          line_items: [line],
          options: [
            {
              position: 1,
              label: 'Patch',
              amount: 360,
              estimated_time: 1,
              estimated_time_unit: 'days',
              notes: '',
              line_items: [line],
            },
            {
              position: 2,
              label: 'Replace',
              amount: 1900,
              estimated_time: 3,
              estimated_time_unit: 'days',
              notes: '',
              line_items: [],
            },
          ],
        }}
      />,
    );
    const text = container.textContent ?? '';
    expect(text).toContain('$360–$1,900');
    expect(text).toContain('Option: Patch');
    expect(text).toContain('Option: Replace');
    expect(text).toContain('80 sq ft × $4.50');
    // Not option 1's time as though it were the bid's: each option shows its own.
    expect(text).toContain('Per option, below');
    expect(text).toContain('3 days');
  });
});

describe('measure on the plan', () => {
  const spot = (feetPerPixel: number | null): RequestSpot => ({
    layout: {
      id: 1,
      name: 'Level 1',
      url: '/api/files/plan.png',
      width_px: 800,
      height_px: 600,
      feet_per_pixel: feetPerPixel,
    },
    x: 400,
    y: 300,
    area: null,
    behind_wall: [],
  });
  const buttons = () =>
    [...document.body.querySelectorAll('button')].map((element) => element.textContent?.trim());

  it('says an uncalibrated plan cannot be measured and offers nothing to add', () => {
    render(<MeasureOnPlan opened spot={spot(null)} onAdd={() => {}} onClose={() => {}} />);
    expect(document.body.textContent).toContain('This plan has no scale');
    expect(buttons()).not.toContain('Add as line item');
    expect(buttons()).not.toContain('Close area');
  });

  it('waits for a measurement before adding it on a calibrated plan', () => {
    render(<MeasureOnPlan opened spot={spot(0.1)} onAdd={() => {}} onClose={() => {}} />);
    expect(document.body.textContent).toContain('Nothing measured yet.');
    const add = [...document.body.querySelectorAll('button')].find(
      (element) => element.textContent?.trim() === 'Add as line item',
    );
    expect(add?.disabled).toBe(true);
  });
});
