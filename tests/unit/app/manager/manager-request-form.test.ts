import { describe, expect, it } from 'vitest';
import {
  deadlineIso,
  emptyManagerRequestForm,
  managerRequestFormData,
  validateManagerRequest,
} from '#app/requests/manager-request-form.ts';
import { photoCountText } from '#app/ui/photo-picker.tsx';

const png = (name = 'leak.png', size = 10) => new File([new Uint8Array(size)], name, { type: 'image/png' });

describe('the manager request form', () => {
  it('starts with the selected property and medium priority', () => {
    const values = emptyManagerRequestForm(7);
    expect(values.property_id).toBe('7');
    expect(values.priority).toBe('medium');
    expect(values.unit_id).toBeNull();
    expect(emptyManagerRequestForm(null).property_id).toBeNull();
  });

  it('requires a property, a request type and a description', () => {
    const errors = validateManagerRequest(emptyManagerRequestForm(null));
    expect(errors.property_id).toBe('This field is required.');
    expect(errors.type).toBe('This field is required.');
    expect(errors.description).toBe('This field is required.');
  });

  it('accepts a complete form and refuses a type outside the 20 categories', () => {
    const values = { ...emptyManagerRequestForm(3), type: 'Plumbing', description: 'Leak under the sink' };
    expect(validateManagerRequest(values)).toEqual({});
    expect(validateManagerRequest({ ...values, type: 'Roofing' }).type).toBe('Select a valid request type.');
  });

  it('takes images only', () => {
    const values = { ...emptyManagerRequestForm(3), type: 'Plumbing', description: 'Leak' };
    expect(validateManagerRequest({ ...values, photos: [png()] })).toEqual({});
    const pdf = new File(['%PDF'], 'invoice.pdf', { type: 'application/pdf' });
    expect(validateManagerRequest({ ...values, photos: [png(), pdf] }).photos).toBe(
      'Upload images only (PNG, JPEG, GIF or WebP).',
    );
    expect(
      validateManagerRequest({ ...values, photos: Array.from({ length: 11 }, () => png()) }).photos,
    ).toBe('Attach at most 10 photos.');
  });

  it('refuses a bidding deadline in the past', () => {
    const values = {
      ...emptyManagerRequestForm(3),
      type: 'HVAC',
      description: 'No heat',
      bid_deadline: '2020-01-01 09:00:00',
    };
    expect(validateManagerRequest(values).bid_deadline).toBe('The deadline must be in the future.');
  });

  it('reads the picker value as local time', () => {
    expect(deadlineIso(null)).toBeUndefined();
    expect(deadlineIso('2030-05-06 17:00:00')).toBe(new Date(2030, 4, 6, 17, 0, 0).toISOString());
  });

  it('sends the spec fields, vendors and photos repeated, as multipart', () => {
    const values = {
      ...emptyManagerRequestForm(3),
      type: 'Plumbing',
      description: '  Leak under the sink  ',
      unit_id: '12',
      priority: 'high' as const,
      vendors: ['4', '9'],
      photos: [png('a.png'), png('b.png')],
    };
    const body = managerRequestFormData(values);
    expect(body.get('type')).toBe('Plumbing');
    expect(body.get('description')).toBe('Leak under the sink');
    expect(body.get('priority')).toBe('high');
    expect(body.get('property_id')).toBe('3');
    expect(body.get('unit_id')).toBe('12');
    expect(body.get('invite_all')).toBe('false');
    expect(body.getAll('vendors')).toEqual(['4', '9']);
    expect(body.getAll('photos').map((file) => (file as File).name)).toEqual(['a.png', 'b.png']);
    expect(body.has('bid_deadline')).toBe(false);
  });

  it('invites every vendor of the category by id when asked to', () => {
    const values = {
      ...emptyManagerRequestForm(3),
      type: 'HVAC',
      description: 'x',
      vendors: ['4'],
      invite_all_category: true,
    };
    expect(managerRequestFormData(values, [4, 5, 6]).getAll('vendors')).toEqual(['4', '5', '6']);
  });

  it('counts the chosen photos as the spec words it', () => {
    expect(photoCountText(0)).toBe('No files selected');
    expect(photoCountText(1)).toBe('1 file(s) selected');
    expect(photoCountText(3)).toBe('3 file(s) selected');
  });
});
