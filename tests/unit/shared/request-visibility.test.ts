import { describe, expect, it } from 'vitest';
import {
  canViewRequest,
  managesRequest,
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

  it('lets managers of the owning client see it, not other managers, even the one who created it', () => {
    expect(canViewRequest(viewer({ id: 1, type: 'property_manager', clientId: 7 }), request)).toBe(true);
    expect(canViewRequest(viewer({ id: 1, type: 'property_manager', clientId: 8 }), request)).toBe(false);
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

  it('lets a vendor that reported the work see the request it raised', () => {
    expect(canViewRequest(viewer({ id: 1 }), request)).toBe(true);
  });

  it('refuses a user with no type who is not staff', () => {
    expect(canViewRequest(viewer({ type: null, serviceCategories: ['Plumbing'] }), request)).toBe(false);
  });
});

describe('managesRequest', () => {
  it("is true for staff and the owning client's managers, false for vendors", () => {
    expect(managesRequest(viewer({ type: null, isStaff: true }), request)).toBe(true);
    expect(managesRequest(viewer({ type: 'property_manager', clientId: 7 }), request)).toBe(true);
    expect(managesRequest(viewer({ id: 20, serviceCategories: ['Plumbing'] }), request)).toBe(false);
  });

  it('is false for whoever created the request outside the owning client', () => {
    expect(managesRequest(viewer({ id: 1 }), request)).toBe(false);
    expect(managesRequest(viewer({ id: 1, type: 'property_manager', clientId: 8 }), request)).toBe(false);
    expect(managesRequest(viewer({ id: 1, type: 'property_manager', clientId: null }), request)).toBe(false);
  });
});
