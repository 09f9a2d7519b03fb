import { describe, expect, it } from 'vitest';
import {
  bidCountText,
  maintenanceApiQuery,
  nextMaintenanceSort,
  readMaintenanceView,
  vendorCountText,
  writeMaintenanceView,
} from '#app/requests/maintenance-requests-url-state.ts';

describe('Maintenance Requests URL state', () => {
  it('reads the tab, filters, sort and page, ignoring what it does not know', () => {
    expect(
      readMaintenanceView(
        new URLSearchParams(
          'status=in_progress&service_type=HVAC&property=4&priority=urgent&search=+leak+sink+&ordering=-priority&page=3',
        ),
      ),
    ).toEqual({
      status: 'in_progress',
      serviceType: 'HVAC',
      propertyId: 4,
      priority: 'urgent',
      search: 'leak sink',
      sort: { field: 'priority', descending: true },
      page: 3,
    });
    expect(
      readMaintenanceView(
        new URLSearchParams(
          'status=done&service_type=Magic&property=x&priority=asap&ordering=amount&page=-1',
        ),
      ),
    ).toEqual({
      status: null,
      serviceType: null,
      propertyId: null,
      priority: null,
      search: '',
      sort: null,
      page: 1,
    });
  });

  it('writes only what differs from the default, and always pages the API call', () => {
    const view = readMaintenanceView(new URLSearchParams('priority=low&search=leak&ordering=created&page=2'));
    expect(writeMaintenanceView(view).toString()).toBe('priority=low&search=leak&ordering=created&page=2');
    expect(writeMaintenanceView(readMaintenanceView(new URLSearchParams())).toString()).toBe('');
    expect(maintenanceApiQuery(view)).toEqual({
      priority: 'low',
      search: 'leak',
      ordering: 'created',
      page: 2,
      page_size: 10,
    });
  });

  it('cycles a column ascending, descending, then back to the default', () => {
    const ascending = nextMaintenanceSort(null, 'status');
    expect(ascending).toEqual({ field: 'status', descending: false });
    const descending = nextMaintenanceSort(ascending, 'status');
    expect(descending).toEqual({ field: 'status', descending: true });
    expect(nextMaintenanceSort(descending, 'status')).toBeNull();
    expect(nextMaintenanceSort(descending, 'type')).toEqual({ field: 'type', descending: false });
  });

  it("shows the vendor count as 'N vendor(s)' or 'No vendors'", () => {
    expect(vendorCountText([])).toBe('No vendors');
    expect(vendorCountText([{}])).toBe('1 vendor(s)');
    expect(vendorCountText([{}, {}, {}])).toBe('3 vendor(s)');
    expect(bidCountText(0)).toBe('No bids');
    expect(bidCountText(1)).toBe('1 bid');
    expect(bidCountText(3)).toBe('3 bids');
  });
});
