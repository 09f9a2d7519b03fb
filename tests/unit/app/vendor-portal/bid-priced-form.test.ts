import { describe, expect, it } from 'vitest';
import {
  bidFormFrom,
  bidPayload,
  EMPTY_BID_FORM,
  toBidInput,
  validateBidForm,
} from '#app/bids/bid-form-values.ts';
import { bidWireBody } from '#app/bids/bid-wire-body.ts';
import { measuredQuantity } from '#app/bids/measured-quantity.ts';
import { newLineItem, newOption, startingOptions } from '#app/bids/priced-form-values.ts';
import type { OutboxItem } from '#app/offline/user-db.ts';
import { editableFields } from '#app/outbox/outbox-edit-form.tsx';
import { lineItemTotal } from '#shared/bid-line-items.ts';
import { bidInputSchema } from '#shared/bid-schemas.ts';

const start = '2027-01-04 09:00:00';
const drywall = () =>
  newLineItem({ description: 'Ceiling drywall', quantity: 80.25, unit: 'sq_ft', unit_price: 4.5 });
const paint = () => newLineItem({ description: ' Paint ', quantity: 3, unit: 'hours', unit_price: 65 });

describe('bid form with line items', () => {
  const values = {
    ...EMPTY_BID_FORM,
    amount: 1, // what was typed before the lines: the lines' sum replaces it
    estimated_time: 2,
    proposed_start_date: start,
    line_items: [drywall(), paint()],
  };

  it('sends the sum of the line totals as the amount', () => {
    const payload = bidPayload(values);
    // 80.25 x 4.50 = 361.125 -> 361; 3 x 65 = 195.
    expect(lineItemTotal(80.25, 4.5)).toBe(361);
    expect(payload.amount).toBe(361 + 195);
    expect(payload.line_items).toEqual([
      { description: 'Ceiling drywall', quantity: 80.25, unit: 'sq_ft', unit_price: 4.5 },
      { description: 'Paint', quantity: 3, unit: 'hours', unit_price: 65 },
    ]);
    expect(validateBidForm(values)).toEqual({});
  });

  it('sends a plain body through the outbox: no empty lists, line items with their totals', () => {
    const body = bidWireBody(toBidInput(values));
    expect(body).toMatchObject({ amount: 556, estimated_time: 2, estimated_time_unit: 'hours' });
    expect(body.line_items?.map((item) => item.total)).toEqual([361, 195]);
    expect(body).not.toHaveProperty('options');
    expect(bidInputSchema.safeParse(body).success).toBe(true);
    const plain = bidWireBody(toBidInput({ ...values, line_items: [], amount: 400 }));
    expect(plain).not.toHaveProperty('line_items');
    expect(plain).not.toHaveProperty('options');
  });

  it('puts each row error under its own input', () => {
    const broken = {
      ...values,
      line_items: [drywall(), newLineItem({ description: '', quantity: 1.234, unit_price: '' })],
    };
    expect(validateBidForm(broken)).toEqual({
      'line_items.1.description': 'Describe the line item.',
      'line_items.1.quantity': 'Use at most 2 decimals for the quantity.',
      'line_items.1.unit_price': 'Enter the unit price as a number.',
    });
  });
});

describe('bid form with options', () => {
  const options = [
    newOption({ label: 'Patch', estimated_time: 1, estimated_time_unit: 'days', line_items: [drywall()] }),
    newOption({ label: 'Replace the section', amount: 1900, estimated_time: 3, estimated_time_unit: 'days' }),
  ];
  const values = {
    ...EMPTY_BID_FORM,
    amount: 999,
    estimated_time: 9,
    line_items: [paint()],
    proposed_start_date: start,
    options_enabled: true,
    options,
  };

  it('sends the options and not the bid-wide amount, time, unit or line items', () => {
    const payload = bidPayload(values);
    expect(Object.keys(payload).sort()).toEqual(['notes', 'options', 'proposed_start_date']);
    expect(payload.options).toEqual([
      expect.objectContaining({
        label: 'Patch',
        amount: 361,
        line_items: [expect.objectContaining({ quantity: 80.25 })],
      }),
      expect.objectContaining({ label: 'Replace the section', amount: 1900, line_items: [] }),
    ]);
    const body = bidWireBody(toBidInput(values));
    expect(Object.keys(body).sort()).toEqual(['notes', 'options', 'proposed_start_date']);
    expect(bidInputSchema.safeParse(body).success).toBe(true);
  });

  it('maps nested errors to the option inputs, and list errors to the options', () => {
    const broken = {
      ...values,
      options: [
        options[0]!,
        newOption({
          label: 'patch',
          estimated_time: '',
          line_items: [newLineItem({ description: 'Trim', quantity: 0, unit_price: 5 })],
        }),
      ],
    };
    expect(validateBidForm(broken)).toEqual({
      'options.1.estimated_time': 'This field is required.',
      'options.1.line_items.0.quantity': 'The quantity must be more than 0.',
    });
    // Once the fields are right, the list's own rule (distinct names) lands on 'options'.
    const sameName = { ...values, options: [options[0]!, { ...options[1]!, label: 'PATCH' }] };
    expect(validateBidForm(sameName)).toEqual({ options: 'Each option needs its own name.' });
  });

  it('starts options from what the bid already says, and loads them back for editing', () => {
    const started = startingOptions({
      amount: 450,
      estimated_time: 2,
      estimated_time_unit: 'days',
      line_items: [paint()],
    });
    expect(started).toHaveLength(2);
    expect(started[0]).toMatchObject({
      amount: 450,
      estimated_time: 2,
      line_items: [expect.objectContaining({ quantity: 3 })],
    });
    expect(started[1]).toMatchObject({ label: '', estimated_time_unit: 'days', line_items: [] });

    const line = {
      description: 'Drywall',
      quantity: 80,
      unit: 'sq_ft' as const,
      unit_price: 4.5,
      total: 360,
    };
    const loaded = bidFormFrom({
      id: 7,
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
          position: 2,
          label: 'Replace',
          amount: 900,
          estimated_time: 2,
          estimated_time_unit: 'days',
          notes: 'All new.',
          line_items: [],
        },
        {
          position: 1,
          label: 'Patch',
          amount: 360,
          estimated_time: 1,
          estimated_time_unit: 'days',
          notes: '',
          line_items: [line],
        },
      ],
    });
    expect(loaded.options_enabled).toBe(true);
    expect(loaded.line_items).toEqual([]);
    expect(loaded.options.map((option) => option.label)).toEqual(['Patch', 'Replace']);
    expect(loaded.options[0]!.line_items[0]).toMatchObject({
      description: 'Drywall',
      quantity: 80,
      unit_price: 4.5,
    });
    expect(validateBidForm(loaded)).toEqual({});
  });
});

describe('measured quantity', () => {
  const square = [
    { x: 0, y: 0 },
    { x: 100, y: 0 },
    { x: 100, y: 100 },
    { x: 0, y: 100 },
  ];

  it('turns a closed outline into square feet and a line into feet, 2 decimals', () => {
    // 100 px at 0.1 ft/px: a 10 ft square.
    expect(measuredQuantity('area', { points: square, closed: true }, 0.1)).toEqual({
      quantity: 100,
      unit: 'sq_ft',
    });
    expect(measuredQuantity('length', { points: square.slice(0, 3), closed: false }, 0.1)).toEqual({
      quantity: 20,
      unit: 'ft',
    });
    expect(
      measuredQuantity(
        'length',
        {
          points: [
            { x: 0, y: 0 },
            { x: 1, y: 1 },
          ],
          closed: false,
        },
        1,
      ),
    ).toEqual({
      quantity: 1.41,
      unit: 'ft',
    });
  });

  it('has nothing to price without a scale, on an open area, or on one point', () => {
    expect(measuredQuantity('area', { points: square, closed: true }, null)).toBeNull();
    expect(measuredQuantity('area', { points: square, closed: false }, 0.1)).toBeNull();
    expect(measuredQuantity('length', { points: [{ x: 1, y: 1 }], closed: false }, 0.1)).toBeNull();
    expect(
      measuredQuantity(
        'length',
        {
          points: [
            { x: 0, y: 0 },
            { x: 0, y: 0.01 },
          ],
          closed: false,
        },
        0.1,
      ),
    ).toBeNull();
  });
});

describe('editing a queued bid', () => {
  const item = (body: Record<string, unknown>) => ({ kind: 'bid.create', body }) as unknown as OutboxItem;

  it('offers the plain fields but not the amount of a bid priced by line items', () => {
    const lines = [{ description: 'Paint', quantity: 3, unit: 'hours', unit_price: 65, total: 195 }];
    const priced = item({
      amount: 195,
      estimated_time: 2,
      estimated_time_unit: 'hours',
      notes: '',
      line_items: lines,
    });
    expect(editableFields(priced).map(([name]) => name)).toEqual([
      'estimated_time',
      'estimated_time_unit',
      'notes',
    ]);
    const plain = item({ amount: 195, estimated_time: 2, notes: '' });
    expect(editableFields(plain).map(([name]) => name)).toEqual(['amount', 'estimated_time', 'notes']);
  });
});
