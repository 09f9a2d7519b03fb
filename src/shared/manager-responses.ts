import { z } from 'zod';
import { SERVICE_CATEGORIES } from './categories.ts';
import { dayText, listPageSchema, namedVendorSchema, timestampText } from './response-fields.ts';
import { PRIORITIES, REQUEST_STATUSES } from './statuses.ts';

/*
 * What the manager portal's calls answer (signed-in spec, sections 2, 3 and 7), as
 * src/server/manager builds them: the dashboard, the Maintenance Requests list and the team.
 */

/** A row of the dashboard's request tabs; `date` is YYYY-MM-DD (section 3). */
export const dashboardRequestRowSchema = z.object({
  id: z.number().int(),
  type: z.enum(SERVICE_CATEGORIES),
  property: z.string().nullable(),
  unit: z.string().nullable(),
  status: z.enum(REQUEST_STATUSES),
  priority: z.enum(PRIORITIES),
  date: dayText,
});
export type DashboardRequestRow = z.infer<typeof dashboardRequestRowSchema>;

export const propertyOverviewRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  units: z.number().int(),
  open_requests: z.number().int(),
});
export type PropertyOverviewRow = z.infer<typeof propertyOverviewRowSchema>;

/** GET /api/property-manager/dashboard/ */
export const managerDashboardSchema = z.object({
  stats: z.object({
    properties: z.number().int(),
    open_requests: z.number().int(),
    total_units: z.number().int(),
    team_members: z.number().int(),
  }),
  properties_overview: z.array(propertyOverviewRowSchema),
  recent_requests: z.array(dashboardRequestRowSchema),
  in_progress: z.array(dashboardRequestRowSchema),
  completed: z.array(dashboardRequestRowSchema),
  /**
   * While staff review the client's application: the building it named (made a property on
   * approval) and when it was submitted; null once approved, and for staff. Optional only so a
   * dashboard kept offline by an older app still parses; the server always sends it.
   */
  under_review: z
    .object({ building_name: z.string(), submitted_at: timestampText.nullable() })
    .nullable()
    .optional(),
});
export type ManagerDashboard = z.infer<typeof managerDashboardSchema>;

/** GET /api/property-manager/maintenance-requests/ item. */
export const managerRequestItemSchema = z.object({
  id: z.number().int(),
  created_at: timestampText,
  service_type: z.enum(SERVICE_CATEGORIES),
  description: z.string(),
  /** The property's name; property_id its id (for the filter). */
  property: z.string().nullable(),
  property_id: z.number().int().nullable(),
  /** The unit's number, or null (shown 'N/A'). */
  unit: z.string().nullable(),
  status: z.enum(REQUEST_STATUSES),
  priority: z.enum(PRIORITIES),
  areas_affected: z.array(z.string()),
  /** The vendors on the request: those invited, and those with a live (not withdrawn) bid. */
  vendors: z.array(namedVendorSchema),
  /** How many live (not withdrawn) bids the request holds. */
  bid_count: z.number().int(),
});
export type ManagerRequestItem = z.infer<typeof managerRequestItemSchema>;

export const managerRequestPageSchema = listPageSchema(managerRequestItemSchema);
export type ManagerRequestPage = z.infer<typeof managerRequestPageSchema>;

/** GET /api/property-manager/team/ item: an active user of the manager's client. */
export const teamMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  job_title: z.string(),
  last_login: timestampText.nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamSchema = z.array(teamMemberSchema);
