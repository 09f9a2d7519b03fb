import { describe, expect, it } from 'vitest';
import { nextBidOrdering, readMyBidsView, writeMyBidsView } from '#app/bids/my-bids-view.ts';
import { propertyButtonLabel } from '#app/layouts/property-dropdown.tsx';
import { pickProperty } from '#app/properties/selected-property-context.tsx';
import { BID_STATUS_LABELS, invitedVendorsText } from '#shared/status-labels.ts';

const projects = [
  { id: 4, name: 'Aspen Ridge', address: '1 Aspen Way' },
  { id: 9, name: 'Cherry Creek', address: '' },
];

describe('selected property', () => {
  it('keeps the stored choice while it is in the list, else takes the first', () => {
    expect(pickProperty(projects, 9)?.name).toBe('Cherry Creek');
    expect(pickProperty(projects, 123)?.name).toBe('Aspen Ridge');
    expect(pickProperty(projects, null)?.name).toBe('Aspen Ridge');
    expect(pickProperty([], 4)).toBeNull();
  });

  it("labels the dropdown with the name, 'Select a property' or 'No Projects Available'", () => {
    const base = { selectedName: null, count: 0, isLoading: false, failed: false };
    expect(propertyButtonLabel({ ...base, selectedName: 'Aspen Ridge', count: 2 })).toBe('Aspen Ridge');
    expect(propertyButtonLabel({ ...base, isLoading: true })).toBe('Select a property');
    expect(propertyButtonLabel({ ...base, failed: true })).toBe('Select a property');
    expect(propertyButtonLabel(base)).toBe('No Projects Available');
  });
});

describe('list badges and texts', () => {
  it("shows 'N invited' or 'Open to all'", () => {
    expect(invitedVendorsText([])).toBe('Open to all');
    expect(invitedVendorsText([3, 8])).toBe('2 invited');
  });

  it('capitalises bid statuses', () => {
    expect(BID_STATUS_LABELS).toEqual({
      pending: 'Pending',
      accepted: 'Accepted',
      rejected: 'Rejected',
      withdrawn: 'Withdrawn',
    });
  });
});

describe('My Bids view', () => {
  it('reads and writes status, ordering and page, dropping junk', () => {
    const view = readMyBidsView(new URLSearchParams('status=pending&ordering=-amount&page=2'));
    expect(view).toEqual({ status: 'pending', ordering: '-amount', page: 2 });
    expect(writeMyBidsView(view).toString()).toBe('status=pending&ordering=-amount&page=2');
    expect(readMyBidsView(new URLSearchParams('status=won&ordering=vendor&page=0'))).toEqual({
      status: null,
      ordering: null,
      page: 1,
    });
  });

  it('cycles a column ascending, descending, default', () => {
    expect(nextBidOrdering(null, 'amount')).toBe('amount');
    expect(nextBidOrdering('amount', 'amount')).toBe('-amount');
    expect(nextBidOrdering('-amount', 'amount')).toBeNull();
    expect(nextBidOrdering('-amount', 'status')).toBe('status');
  });
});
