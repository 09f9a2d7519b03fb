import { describe, expect, it } from 'vitest';
import {
  canViewRequest,
  seesAllBids,
  type VisibilityViewer,
  type VisibleRequest,
} from '#shared/request-visibility.ts';

const request: VisibleRequest = {
  createdById: 1,
  projectClientId: 7,
  type: 'Plumbing',
  inviteAll: false,
  invitedVendorIds: [20],
};

function viewer(overrides: Partial<VisibilityViewer>): VisibilityViewer {
  return {
    id: 99,
    type: 'vendor',
    isStaff: false,
    isSuperuser: false,
    clientId: null,
    serviceCategories: [],
    ...overrides,
  };
}

describe('canViewRequest', () => {
  it('lets staff and superusers see any request', () => {
    expect(canViewRequest(viewer({ type: null, isStaff: true }), request)).toBe(true);
    expect(canViewRequest(viewer({ type: null, isSuperuser: true }), request)).toBe(true);
  });

  it('lets the creating manager and managers of the same client see it, not other managers', () => {
    expect(canViewRequest(viewer({ id: 1, type: 'property_manager', clientId: 8 }), request)).toBe(true);
    expect(canViewRequest(viewer({ type: 'property_manager', clientId: 7 }), request)).toBe(true);
    expect(canViewRequest(viewer({ type: 'property_manager', clientId: 8 }), request)).toBe(false);
    expect(
      canViewRequest(viewer({ type: 'property_manager', clientId: null }), {
        ...request,
        projectClientId: null,
      }),
    ).toBe(false);
  });

  it('lets invited vendors, vendors of the category and all vendors of an open-to-all request see it', () => {
    expect(canViewRequest(viewer({ id: 20 }), request)).toBe(true);
    expect(canViewRequest(viewer({ serviceCategories: ['HVAC', 'Plumbing'] }), request)).toBe(true);
    expect(canViewRequest(viewer({ serviceCategories: ['HVAC'] }), request)).toBe(false);
    expect(canViewRequest(viewer({}), { ...request, inviteAll: true })).toBe(true);
  });

  it('refuses a user with no type who is not staff', () => {
    expect(canViewRequest(viewer({ type: null, serviceCategories: ['Plumbing'] }), request)).toBe(false);
  });
});

describe('seesAllBids', () => {
  it('is true for staff and the managing side, false for vendors', () => {
    expect(seesAllBids(viewer({ type: null, isStaff: true }), request)).toBe(true);
    expect(seesAllBids(viewer({ id: 1, type: 'property_manager' }), request)).toBe(true);
    expect(seesAllBids(viewer({ type: 'property_manager', clientId: 7 }), request)).toBe(true);
    expect(seesAllBids(viewer({ id: 20, serviceCategories: ['Plumbing'] }), request)).toBe(false);
  });
});
