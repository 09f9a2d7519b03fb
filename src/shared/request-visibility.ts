/**
 * Who may see a maintenance request (signed-in spec, sections 2 and 6): administrative staff, the
 * property manager who created it, vendors invited to bid, and vendors whose service categories
 * include the request type. Two additions (docs/architecture.md): managers of the client that owns
 * the request's property share its requests (a client's team shares its projects), and a request
 * marked 'Open to all' (invite_all) is visible to every vendor.
 */
export interface VisibilityViewer {
  id: number;
  type: 'vendor' | 'property_manager' | null;
  isStaff: boolean;
  isSuperuser: boolean;
  /** A property manager's client (company); null for vendors. */
  clientId: number | null;
  /** A vendor's service categories (vendor_profiles.service_categories); empty for others. */
  serviceCategories: readonly string[];
}

export interface VisibleRequest {
  createdById: number;
  /** The client owning the request's property; null for a request with no property. */
  projectClientId: number | null;
  type: string;
  inviteAll: boolean;
  invitedVendorIds: readonly number[];
}

export function canViewRequest(viewer: VisibilityViewer, request: VisibleRequest): boolean {
  if (viewer.isStaff || viewer.isSuperuser) return true;
  if (viewer.id === request.createdById) return true;
  if (viewer.type === 'property_manager') {
    return viewer.clientId !== null && viewer.clientId === request.projectClientId;
  }
  if (viewer.type === 'vendor') {
    return (
      request.inviteAll ||
      request.invitedVendorIds.includes(viewer.id) ||
      viewer.serviceCategories.includes(request.type)
    );
  }
  return false;
}

/** Whether the viewer sees every bid on the request (else only its own): staff and the managing side. */
export function seesAllBids(viewer: VisibilityViewer, request: VisibleRequest): boolean {
  if (viewer.isStaff || viewer.isSuperuser || viewer.id === request.createdById) return true;
  return (
    viewer.type === 'property_manager' &&
    viewer.clientId !== null &&
    viewer.clientId === request.projectClientId
  );
}
