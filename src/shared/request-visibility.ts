/**
 * Who may see a maintenance request (signed-in spec, sections 2 and 6): administrative staff, the
 * property managers of the client that owns the request's property, vendors invited to bid, and
 * vendors whose service categories include the request type. Additions (docs/decisions/trust-uploads-and-request-managers.md,
 * "Who manages a request"): a request marked 'Open to all' (invite_all) is visible to every vendor,
 * and a vendor that reported work on a property (the request's creator, the "reporter") sees the
 * request it raised. Being the creator gives nothing else: a manager sees and manages through its
 * client, never as the creator, so a manager who moved to another client keeps nothing.
 *
 * A request a vendor raised is held for its client's managers until one of them opens it to vendors
 * (`openToVendors`): until then no vendor sees it by its trade or by 'Open to all', only its
 * reporter and the vendors a manager invited. Whom to let in is the managers' decision, not the
 * reporter's (its plan excerpt shows the property's documentation).
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
  /**
   * A vendor (not staff) that staff have not approved yet (no vendor_profiles.approved_at): it sees
   * no request at all, not even one it is invited to (src/shared/vendor-approval.ts). False for
   * everyone else.
   */
  awaitingApproval: boolean;
}

export interface VisibleRequest {
  createdById: number;
  /** The client owning the request's property; null for a request with no property. */
  projectClientId: number | null;
  type: string;
  inviteAll: boolean;
  invitedVendorIds: readonly number[];
  /** False while a request a vendor raised waits for its managers (opened_to_vendors_at is null). */
  openToVendors: boolean;
}

export function canViewRequest(viewer: VisibilityViewer, request: VisibleRequest): boolean {
  if (managesRequest(viewer, request)) return true;
  if (viewer.type === 'vendor') {
    if (viewer.awaitingApproval) return false;
    return (
      viewer.id === request.createdById ||
      request.invitedVendorIds.includes(viewer.id) ||
      (request.openToVendors && (request.inviteAll || viewer.serviceCategories.includes(request.type)))
    );
  }
  return false;
}

/**
 * The managing side of a request: staff and the property managers of the client owning its
 * property. They see every bid, award, close and reopen bidding, cancel, confirm and send back.
 * Whoever created the request is not part of it as such: a vendor reporter reads its request and
 * its own bid like any other vendor. (The signed-in viewer is active: an inactive user's sessions
 * are refused, and server-side lists of managers filter on users.is_active.)
 */
export function managesRequest(viewer: VisibilityViewer, request: VisibleRequest): boolean {
  if (viewer.isStaff || viewer.isSuperuser) return true;
  return (
    viewer.type === 'property_manager' &&
    viewer.clientId !== null &&
    viewer.clientId === request.projectClientId
  );
}
