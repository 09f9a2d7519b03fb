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
  openToVendors: true,
};

function viewer(overrides: Partial<VisibilityViewer>): VisibilityViewer {
  return {
    id: 99,
    type: 'vendor',
    isStaff: false,
    isSuperuser: false,
    clientId: null,
    serviceCategories: [],
    awaitingApproval: false,
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

  it('holds a vendor’s report from other vendors until a manager opens it: trade and open-to-all count only then', () => {
    const held = { ...request, inviteAll: true, openToVendors: false };
    expect(canViewRequest(viewer({ serviceCategories: ['Plumbing'] }), held)).toBe(false);
    expect(canViewRequest(viewer({}), held)).toBe(false);
    // Its reporter, the vendors a manager invited and the managing side still see it.
    expect(canViewRequest(viewer({ id: 1 }), held)).toBe(true);
    expect(canViewRequest(viewer({ id: 20 }), held)).toBe(true);
    expect(canViewRequest(viewer({ type: 'property_manager', clientId: 7 }), held)).toBe(true);
    expect(canViewRequest(viewer({ type: null, isStaff: true }), held)).toBe(true);
  });

  it('shows a vendor awaiting approval nothing: not its trade, not open to all, not an invitation', () => {
    const waiting = viewer({ id: 20, serviceCategories: ['Plumbing'], awaitingApproval: true });
    expect(canViewRequest(waiting, request)).toBe(false);
    expect(canViewRequest(waiting, { ...request, inviteAll: true })).toBe(false);
    expect(canViewRequest({ ...waiting, awaitingApproval: false }, request)).toBe(true);
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
