import type { Priority, RequestStatus } from '#shared/statuses.ts';
import type { VendorDirectoryEntry } from '#shared/vendor-directory.ts';

/**
 * The manager portal's answers as the screens read them (the server helper's contract for issue 6).
 * Kept beside the screens until the server side publishes shared types for them.
 */

/** A row of the dashboard's request tabs; `date` is YYYY-MM-DD (signed-in spec, section 3). */
export interface DashboardRequestRow {
  id: number;
  type: string;
  property: string | null;
  unit: string | null;
  date: string;
  status: RequestStatus;
  priority: Priority;
}

export interface PropertyOverviewRow {
  id: number;
  name: string;
  address: string;
  units: number;
  open_requests: number;
}

/** GET /api/property-manager/dashboard/ */
export interface ManagerDashboard {
  stats: { properties: number; open_requests: number; total_units: number; team_members: number };
  properties_overview: PropertyOverviewRow[];
  recent_requests: DashboardRequestRow[];
  in_progress: DashboardRequestRow[];
  completed: DashboardRequestRow[];
}

/** GET /api/clients/{clientId}/projects/ item. */
export interface ClientProject {
  id: number;
  name: string;
  address: string;
  is_active: boolean;
  thumbnail: string | null;
  units?: number;
}

/** GET /api/projects/{id}/units/ item. */
export interface ProjectUnit {
  id: number;
  number: string;
}

/** GET /api/vendors/?category= item (src/shared/vendor-directory.ts). */
export type VendorListItem = VendorDirectoryEntry;

/** GET /api/property-manager/team/ item. */
export interface TeamMember {
  id: number;
  name: string;
  email: string;
  job_title: string;
  last_login: string | null;
}

/** GET /api/projects/{id}/history/ item: one completed job of the property. */
export interface HistoryJob {
  id: number;
  type: string;
  description: string;
  vendor: string | null;
  cost: number | null;
  created: string;
  started: string | null;
  completed: string | null;
  completion_note: string;
  unit: string | null;
  /** The vendor's completion photos. */
  photos: Array<{ id: number; url: string }>;
}
